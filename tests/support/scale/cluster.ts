import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import {
  adaptRecipeConf,
  makeTestCertificate,
  NGINX_BINARY,
  nginxUnavailable,
  nginxVersion,
  RECIPE_NGINX_CONF,
  writeMainConf,
} from "#tests/support/recipe-nginx.ts";
import { startS3Server, type TestS3Server } from "#tests/support/s3-server.ts";
import { freePort, startServer, type RunningServer } from "#tests/support/server.ts";
import { startCountingSmtp, type CountingSmtp } from "#tests/support/scale/counting-smtp.ts";
import { isPostgresReachable } from "#tests/support/databases.ts";

/*
 * The scale test's deployment, everything on 127.0.0.1: a new database on the
 * machine's PostgreSQL, the S3 server, the counting SMTP server, three app
 * processes from the build, and Debian's nginx in front of them with the
 * recipe's own server block (deploy/nginx.conf) serving plain HTTP (TLS is
 * production.test.ts's business) and an access log of which process answered
 * what. Faults: kill -9 an app process and start it again on its port,
 * restart PostgreSQL, make SMTP refuse mail.
 */

export const APP_PROCESSES = 3;

/** The PostgreSQL cluster to restart, e.g. ["15", "main"], or null when there is no Debian cluster here. */
export function postgresCluster(): [string, string] | null {
  if (!existsSync("/etc/postgresql") || spawnSync("pg_ctlcluster", ["--help"]).error) return null;
  for (const version of readdirSync("/etc/postgresql").sort().reverse()) {
    if (existsSync(`/etc/postgresql/${version}/main`)) return [version, "main"];
  }
  return null;
}

/** Why the scale test cannot run here, or null when it can. */
export async function scaleTestUnavailable(): Promise<string | null> {
  const nginx = nginxUnavailable();
  if (nginx) return nginx;
  if (!existsSync(path.resolve("build/server/index.js"))) return "no build (npm run build)";
  if (!(await isPostgresReachable())) return "PostgreSQL at 127.0.0.1:5432 does not answer";
  if (!postgresCluster()) return "no Debian PostgreSQL cluster to restart (pg_ctlcluster, /etc/postgresql)";
  return null;
}

export type AppSlot = {
  port: number;
  server: RunningServer;
  /** Processes that ended on this port before the current one, and how. */
  ended: { pid: number; code: number | null; signal: NodeJS.Signals | null }[];
};

export type AccessLine = { at: number; client: string; method: string; path: string; status: number; upstream: string };

export type Cluster = {
  siteURL: string;
  db: FreshPostgres;
  s3: TestS3Server;
  smtp: CountingSmtp;
  apps: AppSlot[];
  /** kill -9, wait for the exit, start again on the same port; resolves when /healthz answers, with the ms that took. */
  killAndRestart(index: number): Promise<number>;
  /** `pg_ctlcluster ... restart`; resolves with the ms it took. */
  restartPostgres(): Promise<number>;
  accessLog(): Promise<AccessLine[]>;
  nginxLog(): Promise<string>;
  /** SIGTERM every app process and wait for their exit codes. Safe to call twice. */
  stopApps(): Promise<(number | null)[]>;
  /** stopApps, then nginx, SMTP, S3, and drop the database. Safe to call twice. */
  stop(): Promise<(number | null)[]>;
};

/** The access log's fields, space separated; the test's paths have no spaces, and the upstreams tried come last ("a, b" when nginx moved on). */
const LOG_FORMAT = "$msec $remote_addr $request_method $status $uri $upstream_addr";

export async function startCluster(appEnv: Record<string, string>): Promise<Cluster> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    const results: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) results.push(await cleanup().catch((error: unknown) => error));
    return results;
  };
  try {
    // Empty: the three processes migrate it as they start, as on a deployment's first day.
    const db = await freshPostgres({ empty: true });
    cleanups.push(() => db.dispose());
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    const smtp = await startCountingSmtp();
    cleanups.push(() => smtp.stop());

    const ports = await Promise.all(Array.from({ length: APP_PROCESSES }, () => freePort()));
    const [nginxPort, redirectPort] = [await freePort(), await freePort()];
    const siteURL = `http://127.0.0.1:${nginxPort}`;
    const env = {
      DATABASE_URL: db.url,
      ...s3.env,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      TRUST_PROXY: "1",
      SITE_URL: siteURL,
      // One secret for every process, as the recipe requires.
      AUTH_SECRET: "5ca1e7e57".padEnd(64, "0"),
      SHUTDOWN_GRACE_MS: "2000",
      ...appEnv,
    };
    // Started together: their migrations meet at the advisory lock, as replicas starting at once do.
    const started = await Promise.allSettled(ports.map((port) => startServer(env, { port })));
    const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    if (servers.length < started.length) {
      await Promise.all(servers.map((server) => server.stop()));
      throw started.find((result) => result.status === "rejected")!.reason;
    }
    const apps: AppSlot[] = servers.map((server, index) => ({ port: ports[index]!, server, ended: [] }));
    let appsStopped: Promise<(number | null)[]> | undefined;
    // A process's own bound is SHUTDOWN_GRACE_MS plus 15 s to close its services; only past that is it killed.
    const stopApps = () => (appsStopped ??= Promise.all(apps.map((slot) => slot.server.stop({ killAfterMs: 25_000 }))));
    cleanups.push(stopApps);
    // nginx only once the processes answer: a request it cannot pass on marks the process down for 10 s
    // (max_fails 1, fail_timeout 10 s), and with all three down it answers 502 until each is tried again.
    const nginx = await startNginx(ports, nginxPort, redirectPort);
    cleanups.push(() => nginx.stop());

    const [version, cluster] = postgresCluster()!;
    return {
      siteURL,
      db,
      s3,
      smtp,
      apps,
      async killAndRestart(index) {
        const slot = apps[index]!;
        const child = slot.server.process;
        const exited = new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));
        child.kill("SIGKILL");
        await exited;
        slot.ended.push({ pid: child.pid!, code: child.exitCode, signal: child.signalCode });
        const started = Date.now();
        slot.server = await startServer(env, { port: slot.port });
        return Date.now() - started;
      },
      async restartPostgres() {
        const started = Date.now();
        const result = await run("pg_ctlcluster", ["--skip-systemctl-redirect", version, cluster, "restart"]);
        if (result.code !== 0) throw new Error(`pg_ctlcluster restart failed (${result.code}): ${result.output}`);
        return Date.now() - started;
      },
      stopApps,
      accessLog: () => nginx.accessLog(),
      nginxLog: () => nginx.errorLog(),
      async stop() {
        const codes = await stopApps();
        await cleanUp();
        return codes;
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Starts the cluster's PostgreSQL again if a failed restart left it down. */
export async function ensurePostgresRunning(): Promise<void> {
  const cluster = postgresCluster();
  if (!cluster) return;
  const status = await run("pg_ctlcluster", ["--skip-systemctl-redirect", ...cluster, "status"]);
  // pg_ctl status: 3 = not running.
  if (status.code === 3) await run("pg_ctlcluster", ["--skip-systemctl-redirect", ...cluster, "start"]);
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => resolve({ code: -1, output: String(error) }));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/**
 * Debian's nginx with the recipe's server block, adapted as recipe-nginx.ts
 * does, then: the three app ports as the upstream's servers, and the TLS
 * listener made a plain one (its certificate directives stay, unused).
 */
async function startNginx(appPorts: number[], port: number, httpPort: number) {
  const prefix = await mkdtemp(path.join(tmpdir(), "scale-nginx-"));
  await chmod(prefix, 0o755);
  const certDir = path.join(prefix, "certs");
  makeTestCertificate(certDir);
  const upstream = `127.0.0.1:${appPorts[0]}`;
  let { conf } = adaptRecipeConf(await readFile(RECIPE_NGINX_CONF, "utf8"), { httpPort, httpsPort: port, upstream, certDir, version: nginxVersion() });
  const replace = (from: RegExp, to: string) => {
    if (!from.test(conf)) throw new Error(`The adapted nginx.conf has no ${from}`);
    conf = conf.replace(from, to);
  };
  replace(/^(\s*)server 127\.0\.0\.1:\d+( resolve)?;$/m, appPorts.map((appPort) => `$1server 127.0.0.1:${appPort};`).join("\n"));
  replace(new RegExp(`^(\\s*)listen 127\\.0\\.0\\.1:${port} ssl;$`, "m"), `$1listen 127.0.0.1:${port};`);
  await writeFile(path.join(prefix, "site.conf"), conf);
  await writeMainConf(prefix, { workerConnections: 1024, accessLog: [`log_format scale '${LOG_FORMAT}';`, `access_log ${prefix}/access.log scale;`] });
  let output = "";
  const child = spawn(NGINX_BINARY, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(prefix, { recursive: true, force: true });
  };
  // nginx answers as soon as it listens (502 until an app process is up).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    }
    if (
      (await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      )) !== 0
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    stop,
    errorLog: async () => output + (await readFile(path.join(prefix, "error.log"), "utf8").catch(() => "")),
    async accessLog(): Promise<AccessLine[]> {
      const text = await readFile(path.join(prefix, "access.log"), "utf8").catch(() => "");
      return text
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [msec = "0", client = "", method = "", status = "0", uri = "", ...upstreams] = line.split(" ");
          return { at: Math.round(Number(msec) * 1000), client, method, status: Number(status), path: uri, upstream: upstreams.join(" ") };
        });
    },
  };
}
