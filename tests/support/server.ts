import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { randomInt } from "node:crypto";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyMigratedPglite } from "#tests/support/databases.ts";

export type RunningServer = {
  baseURL: string;
  process: ChildProcess;
  dataDir: string;
  /** The settings the server was started with, for commands that must reach the same site. */
  env: Record<string, string>;
  output: () => string;
  /** SIGTERM and wait; the data folder is removed unless `keepData`. */
  /** SIGTERM, then SIGKILL after `killAfterMs` (10 s); the exit code (null when killed). */
  stop: (options?: { keepData?: boolean; killAfterMs?: number }) => Promise<number | null>;
  /** When the process exited, if it has. */
  readonly exitedAt: number | undefined;
};

/**
 * Each test process takes ports from a range of its own, below the ephemeral ports (32768 and up) the
 * system hands out for listen(0) and outgoing connections, so nobody else is given a port between our
 * asking and the server listening. Vitest numbers its workers from 1 (VITEST_POOL_ID); the main
 * process is 0. The walk starts at a random place, so two test runs on one machine seldom meet.
 */
const PORTS_PER_PROCESS = 1000;
const firstPort = 20_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 10) * PORTS_PER_PROCESS;
let nextPort = randomInt(PORTS_PER_PROCESS);

/** A port nobody listens on right now, on 127.0.0.1, never handed out twice in a row by this process. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_PROCESS; tries++) {
    const port = firstPort + (nextPort++ % PORTS_PER_PROCESS);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port from ${firstPort} to ${firstPort + PORTS_PER_PROCESS - 1}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * Starts `build/server/index.js` as a real process and waits until /healthz answers;
 * on `options.port` when given (a process started again where a load balancer expects it).
 * A server on its own new data folder and the embedded database finds that database
 * migrated already (3 s less per start); `emptyDatabase` leaves the folder empty, so
 * the server creates and migrates it as on a newcomer's first start. `entry` starts
 * another build's server (the bench's baseline).
 */
const STARTUP_LIMIT_MS = 90_000;

/**
 * A test's server lives for one file and answers a few dozen requests, so V8's optimising compilers cost more
 * than they save: PGlite's WebAssembly is compiled with the baseline compiler only (decision 084), and the
 * JavaScript with Sparkplug alone (`--max-opt=1`, decision 091). The timed files and the scale test (their
 * projects set SERVERS_OPTIMISE_JAVASCRIPT) keep V8's optimising compilers for JavaScript; the bench's servers
 * (Vitest sets VITEST, tsx does not) start with Node's defaults, as in production.
 */
const nodeFlags = () => (process.env.VITEST ? ["--liftoff-only", ...(process.env.SERVERS_OPTIMISE_JAVASCRIPT ? [] : ["--max-opt=1"])] : []);

export async function startServer(
  extraEnv: Record<string, string> = {},
  options: { port?: number; emptyDatabase?: boolean; entry?: string } = {},
): Promise<RunningServer> {
  const entry = path.resolve(options.entry ?? "build/server/index.js");
  if (!existsSync(entry)) throw new Error(`No build found at ${entry}: run \`npm run build\` first.`);
  const port = options.port ?? (await freePort());
  const ownDataDir = !extraEnv.DATA_DIR;
  const dataDir = extraEnv.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), "site-e2e-")));
  if (ownDataDir && !extraEnv.DATABASE_URL && !options.emptyDatabase) await copyMigratedPglite(dataDir);
  const baseURL = `http://127.0.0.1:${port}`;
  let log = "";
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // Tests start from an empty database unless they ask for the demo content.
    DEMO_CONTENT: "false",
    // No sampled page view loads the web-vitals reporter (an extra script, a beacon) unless a test asks for it.
    VITALS_SAMPLE_RATE: "0",
    ...extraEnv,
  };
  const child = spawn(process.execPath, [...nodeFlags(), entry], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));

  // A first start migrates an empty database; on a machine busy with other work that can take a minute.
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`Server did not become healthy in ${STARTUP_LIMIT_MS / 1000} s:\n${log}`);
  }

  let exitedAt: number | undefined;
  child.once("exit", () => (exitedAt = Date.now()));
  const stop = async ({ keepData = false, killAfterMs = 10_000 }: { keepData?: boolean; killAfterMs?: number } = {}) => {
    // A process ended by a signal has no exit code, and will not emit "exit" again.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir && !keepData) await rm(dataDir, { recursive: true, force: true });
    return child.exitCode;
  };
  return {
    baseURL,
    process: child,
    dataDir,
    env,
    output: () => log,
    stop,
    get exitedAt() {
      return exitedAt;
    },
  };
}
