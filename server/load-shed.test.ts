import { once } from "node:events";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import express from "express";
import { expect, test } from "vitest";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS } from "#server/busy-answer.ts";
import helmet from "helmet";
import { rememberRefusal } from "#app/platform/refused-posts.server.ts";
import { BodyIntake } from "#server/body-intake.ts";
import { Admission, admissionFor, headersSetBy, loadShedding, type Release } from "#server/load-shed.ts";
import { securityHeaders } from "#server/security-headers.ts";

const limits = (overrides: Partial<Admission["limits"]> = {}) => ({
  maxInFlight: 2,
  maxQueued: 3,
  maxWaitMs: 1_000,
  maxPerClient: 10,
  maxAtWorkPerClient: 10,
  ...overrides,
});

test("slots are handed out one per turn of the event loop, never in the turn that asked", async () => {
  const admission = new Admission(limits());
  const got: number[] = [];
  void admission.enter("a").then(() => got.push(1));
  void admission.enter("b").then(() => got.push(2));
  await Promise.resolve();
  expect(got).toEqual([]);
  await nextTurn();
  expect(got).toEqual([1]);
  await nextTurn();
  expect(got).toEqual([1, 2]);
  expect(admission.inFlight).toBe(2);
});

test("at most maxInFlight at work; a released slot goes to the longest waiter; more than maxQueued waiting are refused at once", async () => {
  const admission = new Admission(limits());
  const first = await admission.enter("x");
  const second = await admission.enter("y");
  const order: string[] = [];
  const waiting = ["a", "b", "c"].map((name) => admission.enter(name).then((release) => (order.push(name), release)));
  expect(admission.queued).toBe(3);
  expect(admission.refusesAtOnce("d")).toBe(true);
  expect(await admission.enter("d")).toBeNull();

  first!();
  first!(); // a second release frees nothing more
  const a = await waiting[0]!;
  await nextTurn();
  expect(order).toEqual(["a"]);
  expect(admission.inFlight).toBe(2);
  second!();
  a!();
  await Promise.all(waiting);
  expect(order).toEqual(["a", "b", "c"]);
  expect(admission.inFlight).toBe(2);
});

test("a waiter is refused when its wait is over, or when its client leaves, and a slot meant for it goes on", async () => {
  const admission = new Admission(limits({ maxInFlight: 1, maxWaitMs: 30 }));
  const held = await admission.enter("a");
  const started = Date.now();
  expect(await admission.enter("b")).toBeNull();
  expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  expect(admission.queued).toBe(0);

  const gone = new AbortController();
  const leaving = admission.enter("c", gone.signal);
  const staying = admission.enter("d");
  gone.abort();
  expect(await leaving).toBeNull();
  held!();
  const release = (await staying) as Release;
  expect(release).toBeTypeOf("function");
  expect(admission.inFlight).toBe(1);
  release();
  expect(admission.inFlight).toBe(0);
});

type Answer = { status: number; headers: { get(name: string): string | null }; text(): Promise<string> };

/** A post on a connection of its own (fetch would queue posts to one origin behind each other). */
function postOnItsOwnConnection(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent: false, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode!, headers: { get: (name) => (res.headers[name] as string | undefined) ?? null }, text: async () => body });
      });
    });
    req.on("error", reject);
    req.end("email=a%40example.com");
  });
}

test("once half the queue waits, one client has at most maxPerClient waiting or at work; the others still get in", async () => {
  const admission = new Admission(limits({ maxInFlight: 1, maxQueued: 4, maxPerClient: 2 }));
  const first = await admission.enter("flooder");
  const queued = [admission.enter("flooder"), admission.enter("flooder")];
  expect(admission.refusesAtOnce("flooder")).toBe(true);
  expect(admission.refusesAtOnce("visitor")).toBe(false);
  expect(await admission.enter("flooder")).toBeNull();
  const visitor = admission.enter("visitor");
  expect(admission.queued).toBe(3);
  first!();
  (await queued[0])!();
  expect(admission.queued).toBe(2);
  expect(admission.refusesAtOnce("flooder")).toBe(false);
  (await queued[1])!();
  (await visitor)!();
  expect(admission.inFlight).toBe(0);
});

test("without pressure one client may have many posts waiting (a test, a proxy without TRUST_PROXY)", async () => {
  const admission = new Admission(limits({ maxInFlight: 1, maxQueued: 10, maxPerClient: 2 }));
  const entered = [1, 2, 3, 4, 5].map(() => admission.enter("one"));
  expect(admission.queued).toBe(5);
  for (const slot of entered) (await slot)!();
  expect(admission.inFlight).toBe(0);
});

test("one client holds at most maxAtWorkPerClient slots; its next request waits while another client's, behind it, goes first", async () => {
  const admission = new Admission(limits({ maxInFlight: 3, maxQueued: 10, maxAtWorkPerClient: 2 }));
  const held = [await admission.enter("flooder"), await admission.enter("flooder")];
  const order: string[] = [];
  const third = admission.enter("flooder").then((release) => (order.push("flooder"), release));
  const visitor = admission.enter("visitor").then((release) => (order.push("visitor"), release));
  (await visitor)!();
  for (let turn = 0; turn < 5; turn++) await nextTurn();
  expect(order).toEqual(["visitor"]);
  expect(admission.inFlight).toBe(2);
  held[0]!();
  (await third)!();
  expect(order).toEqual(["visitor", "flooder"]);
  held[1]!();
  expect(admission.inFlight).toBe(0);
});

test("admissionFor gives one client a quarter of the slots, at least one", () => {
  expect(admissionFor(8).limits.maxAtWorkPerClient).toBe(2);
  expect(admissionFor(2).limits.maxAtWorkPerClient).toBe(1);
});

/** A server whose writes wait for `open()` behind the shedding middleware; reads answer at once. */
async function shedServer(maxInFlight: number) {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const app = express();
  const admission = new Admission({ maxInFlight, maxQueued: 2, maxWaitMs: 30_000, maxPerClient: 10, maxAtWorkPerClient: 10 });
  const warnings: unknown[] = [];
  app.use(
    loadShedding(admission, new BodyIntake(), {
      siteUrl: "https://site.example",
      headers: [["X-Content-Type-Options", "nosniff"]],
      logger: { warn: (...args: unknown[]) => warnings.push(args) } as never,
    }),
  );
  app.get("/read", (_req, res) => res.send("read"));
  app.post("/{*splat}", (_req, res) => void gate.then(() => res.send("stored")));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, admission, open, close: () => new Promise((resolve) => server.close(resolve)) };
}

test("over the queue, a write gets 503 with Retry-After after a short hold: a page for a browser, the form's error for a fetcher, reads untouched", async () => {
  const { base, admission, open, close } = await shedServer(1);
  try {
    const post = (path: string, headers: Record<string, string> = {}) => postOnItsOwnConnection(base + path, headers);
    const admitted = [post("/newsletter"), post("/newsletter"), post("/newsletter")];
    for (let waited = 0; admission.inFlight + admission.queued < 3 && waited < 10_000; waited += 10) await sleep(10);
    expect(admission.inFlight + admission.queued).toBe(3);

    const page = await post("/newsletter", { Accept: "text/html,*/*;q=0.8", Referer: "https://site.example/crm?x=1&y=<2>" });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await page.text();
    expect(html).toContain(`<p role="alert">${BUSY_MESSAGE}</p>`);
    expect(html).toContain('href="/crm?x=1&#38;y=%3C2%3E"');

    const data = await post("/newsletter.data");
    expect(data.status).toBe(503);
    expect(data.headers.get("x-remix-response")).toBe("yes");
    expect(await data.text()).toContain(BUSY_MESSAGE);

    const plain = await post("/newsletter");
    expect(plain.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await plain.text()).toBe(`${BUSY_MESSAGE}\n`);

    const read = await fetch(`${base}/read`);
    expect(await read.text()).toBe("read");
    open();
    expect((await Promise.all(admitted)).map((response) => response.status)).toEqual([200, 200, 200]);
    expect(admission.inFlight).toBe(0);
  } finally {
    open();
    await close();
  }
});

test("a client this process refused for a form's rate limit gets that 429 again without a slot; other forms and clients pass", async () => {
  const { base, admission, open, close } = await shedServer(1);
  try {
    open();
    // The form pipeline refused 127.0.0.1 on /newsletter for two minutes.
    rememberRefusal("/newsletter", "127.0.0.1", 120);
    const data = await postOnItsOwnConnection(`${base}/newsletter.data`, {});
    expect(data.status).toBe(429);
    expect(data.headers.get("retry-after")).toMatch(/^1[12]\d$/);
    expect(data.headers.get("x-remix-response")).toBe("yes");
    expect(data.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await data.text()).toContain("Too many submissions from your connection. Please try again in 2 minutes.");
    const page = await postOnItsOwnConnection(`${base}/newsletter/`, { Accept: "text/html" });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('<p role="alert">Too many submissions from your connection. Please try again in 2 minutes.</p>');
    expect(admission.inFlight + admission.queued).toBe(0);

    const other = await postOnItsOwnConnection(`${base}/consultation`, {});
    expect(other.status).toBe(200);
    expect(await other.text()).toBe("stored");
  } finally {
    await close();
  }
});

test("a busy answer carries the security headers every other answer gets, found once from the middleware that sets them", () => {
  const headers = Object.fromEntries(headersSetBy(helmet(securityHeaders())).map(([name, value]) => [name.toLowerCase(), value]));
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toBeUndefined();
});
