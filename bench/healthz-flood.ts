import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { count } from "drizzle-orm";
import { CONSENT_VERSION } from "#app/features/newsletter/newsletter-schema.ts";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { probeHealthz } from "#tests/support/healthz-probe.ts";
import { startServer } from "#tests/support/server.ts";

/*
 * The embedded database must not stall the server (decision 016). 200 connections
 * post the footer's newsletter form as a browser without JavaScript does (the
 * form's fields, its Origin, a fresh address and key each time) for `seconds`,
 * while a worker thread asks GET /healthz one request after another, every
 * 10 ms, on a kept-alive connection of its own. The server runs on the default
 * PGlite. Afterwards the rows are counted against the successful answers.
 */

export type FloodSource = "one client" | "many clients";

export type FloodResult = {
  flood: FloodSource;
  /** The server's POSTS_IN_FLIGHT: "0 (off)" is the server without load shedding. */
  postsInFlight: string;
  postsPerSecond: number;
  statusCodes: string;
  errors: number;
  healthzP50Ms: number;
  healthzP99Ms: number;
  healthzMaxMs: number;
  healthzProbes: number;
  loopDelayP99Ms: number | null;
  loopDelayMaxMs: number | null;
  successes: number;
  rows: number;
};

const CONNECTIONS = 200;

/** Every post a new visitor: a fresh address and key, and from "many clients" a fresh X-Forwarded-For. */
function newsletterPosts(baseURL: string, source: FloodSource): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: "POST",
      path: "/newsletter",
      setupRequest(request) {
        n++;
        const headers: Record<string, string> = {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: baseURL,
          Accept: "text/html",
        };
        if (source === "many clients") headers["X-Forwarded-For"] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        const body = new URLSearchParams({
          email: `flood-${n}@example.com`,
          consent: "yes",
          consentVersion: CONSENT_VERSION,
          website: "",
          idempotencyKey: `flood-key-${n}`,
        }).toString();
        return { ...request, headers, body };
      },
    },
  ];
}

async function eventLoopDelay(pid: number | undefined, file: string) {
  if (!pid) return null;
  await rm(file, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100; i++) {
    try {
      return JSON.parse(await readFile(file, "utf8")) as { p50Ms: number; p99Ms: number; maxMs: number };
    } catch {
      await sleep(50);
    }
  }
  return null;
}

export async function healthzFloodBench(source: FloodSource, seconds: number, extraEnv: Record<string, string> = {}): Promise<FloodResult> {
  const probeFile = path.join(tmpdir(), `bench-event-loop-${process.pid}.json`);
  const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), "event-loop-probe.mjs");
  const server = await startServer({
    NODE_OPTIONS: `--import=${preload}`,
    EVENT_LOOP_PROBE_FILE: probeFile,
    ...(source === "many clients" ? { TRUST_PROXY: "loopback" } : {}),
    ...extraEnv,
  });
  let stopped = false;
  try {
    // Warm up the page and the database, then start counting the event loop's delay afresh.
    for (let i = 0; i < 20; i++) await (await fetch(`${server.baseURL}/newsletter`)).text();
    await eventLoopDelay(server.process.pid, probeFile);

    const prober = probeHealthz(`${server.baseURL}/healthz`, 10);
    await sleep(200);
    const flood = await autocannon({
      url: server.baseURL,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      requests: newsletterPosts(server.baseURL, source),
    });
    const healthz = await prober.stop();
    const loop = await eventLoopDelay(server.process.pid, probeFile);

    await server.stop({ keepData: true });
    stopped = true;
    const database = await openDatabase({ DATA_DIR: server.dataDir, DATABASE_URL: undefined });
    let rows: number;
    try {
      const [stored] = await database.db.select({ n: count() }).from(newsletterSubscriptions);
      rows = stored!.n;
    } finally {
      await database.close();
    }

    const codes = Object.entries(flood.statusCodeStats ?? {})
      .map(([code, { count: n = 0 }]) => `${code}: ${n}`)
      .join(", ");
    return {
      flood: source,
      postsInFlight: extraEnv.POSTS_IN_FLIGHT === "0" ? "0 (off)" : (extraEnv.POSTS_IN_FLIGHT ?? "default"),
      postsPerSecond: Math.round(flood.requests.average),
      statusCodes: codes,
      errors: flood.errors + flood.timeouts,
      healthzP50Ms: healthz.p50,
      healthzP99Ms: healthz.p99,
      healthzMaxMs: healthz.max,
      healthzProbes: healthz.times.length - healthz.failed,
      loopDelayP99Ms: loop?.p99Ms ?? null,
      loopDelayMaxMs: loop?.maxMs ?? null,
      successes: flood["2xx"],
      rows,
    };
  } finally {
    await rm(probeFile, { force: true });
    if (!stopped) await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  }
}
