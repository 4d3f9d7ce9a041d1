import { Agent, request } from "node:http";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { CONSENT_VERSION } from "#app/features/newsletter/newsletter-schema.ts";
import { rowsOf } from "#app/platform/db/client.server.ts";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { BUSY_MESSAGE } from "#server/busy-answer.ts";
import { openPgliteOf, stopKeepingData } from "#tests/support/forms.ts";
import { probeHealthz, type ProbeResult } from "#tests/support/healthz-probe.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";

/*
 * A flood of newsletter posts on the default PGlite must not stall
 * the server (decision 016). 100 connections post the footer form for a few
 * seconds, as browsers without JavaScript and as fetchers, most from addresses
 * of their own (X-Forwarded-For, TRUST_PROXY=loopback) and some from one
 * address, while /healthz is asked every 10 ms. The bench measures the real
 * figure (200 connections, p99 < 100 ms); here the bounds are generous, timing
 * on a shared CI machine being what it is, yet far below what the same flood
 * does to a server without load shedding (POSTS_IN_FLIGHT=0).
 */

const CONNECTIONS = 100;
const FLOOD_MS = 4_000;
/** Without load shedding this flood gave p50 370 ms and p99 2,100 ms on a busy 2-core machine; with it, p50 12 ms and p99 48 ms. */
const HEALTHZ_P50_BOUND_MS = 100;
const HEALTHZ_P99_BOUND_MS = 400;

type Post = { email: string; fetcher: boolean; status: number; retryAfter: string | undefined; body: string };

let server: RunningServer;
const posts: Post[] = [];
let healthz: ProbeResult;
let stored: { email: string; n: number }[] = [];

function post(agent: Agent, path: string, body: string, headers: Record<string, string>): Promise<Omit<Post, "email" | "fetcher">> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.baseURL}${path}`, { method: "POST", agent, headers: { ...headers, "Content-Length": Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, retryAfter: res.headers["retry-after"], body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "loopback" });
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  // Warm up: the first render of the form's page and the first queries compile code a flood should not wait for.
  for (let i = 0; i < 10; i++) await (await fetch(`${server.baseURL}/newsletter`)).text();
  let n = 0;
  const until = Date.now() + FLOOD_MS;
  const prober = probeHealthz(`${server.baseURL}/healthz`, 10);
  // Bounded: each connection posts one after another until the time is up.
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      const oneClient = connection % 10 === 0;
      while (Date.now() < until) {
        const id = ++n;
        const email = `overload-${id}@example.com`;
        const fetcher = id % 2 === 0;
        const headers: Record<string, string> = {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.baseURL,
          Accept: fetcher ? "*/*" : "text/html,application/xhtml+xml,*/*;q=0.8",
          Referer: `${server.baseURL}/crm`,
        };
        if (!oneClient) headers["X-Forwarded-For"] = `10.1.${(id >> 8) & 255}.${id & 255}`;
        const body = new URLSearchParams({
          email,
          consent: "yes",
          consentVersion: CONSENT_VERSION,
          website: "",
          idempotencyKey: `overload-key-${id}`,
        }).toString();
        posts.push({ email, fetcher, ...(await post(agent, fetcher ? "/newsletter.data" : "/newsletter", body, headers)) });
      }
    }),
  );
  healthz = await prober.stop();
  agent.destroy();
  expect(await stopKeepingData(server)).toBe(0);
  const database = await openPgliteOf(server.dataDir);
  try {
    stored = rowsOf(await database.db.execute(sql`select email, count(*)::int as n from newsletter_subscriptions group by email`));
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

test("/healthz answers promptly all through the flood", () => {
  const answers: Record<number, number> = {};
  for (const p of posts) answers[p.status] = (answers[p.status] ?? 0) + 1;
  console.log(
    `healthz under a flood of ${posts.length} posts (${JSON.stringify(answers)}): p50 ${healthz.p50} ms, p99 ${healthz.p99} ms, max ${healthz.max} ms over ${healthz.times.length} probes`,
  );
  expect(healthz.failed).toBe(0);
  expect(healthz.times.length).toBeGreaterThan(FLOOD_MS / 100);
  expect(healthz.p50).toBeLessThan(HEALTHZ_P50_BOUND_MS);
  expect(healthz.p99).toBeLessThan(HEALTHZ_P99_BOUND_MS);
});

test("every post gets a clear answer: stored (200), over the client's limit (429), or busy (503 with Retry-After)", async () => {
  for (const p of posts) expect([200, 429, 503]).toContain(p.status);
  const busy = posts.filter((p) => p.status === 503);
  expect(busy.length).toBeGreaterThan(0);
  for (const answer of busy) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  const page = busy.find((p) => !p.fetcher)!;
  expect(page.body).toContain(`<p role="alert">${BUSY_MESSAGE}</p>`);
  expect(page.body).toContain('<a href="/crm">');
  const data = busy.find((p) => p.fetcher)!;
  const decoded = await decodeViaTurboStream(new Response(data.body).body!, globalThis as never);
  expect(decoded.value).toEqual({ data: { status: "error", message: BUSY_MESSAGE } });
});

test("every post answered with success is stored exactly once, and none refused is", () => {
  const rows = new Map(stored.map((row) => [row.email, row.n]));
  const succeeded = posts.filter((p) => p.status === 200);
  expect(succeeded.length).toBeGreaterThan(0);
  for (const p of succeeded) expect(rows.get(p.email), p.email).toBe(1);
  for (const p of posts.filter((p) => p.status !== 200)) expect(rows.has(p.email), p.email).toBe(false);
  expect(rows.size).toBe(succeeded.length);
});
