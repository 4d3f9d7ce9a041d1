import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { gracefulShutdown } from "#server/shutdown.ts";

/** A server with a quick route (answers after `quickMs`) and a slow one that never answers. */
async function harness(quickMs: number) {
  const server = http.createServer((req, res) => {
    if (req.url === "/quick") setTimeout(() => res.end("done"), quickMs);
    // /slow: never answered, like an upload whose client stalls.
  });
  const shutdown = gracefulShutdown(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, shutdown, origin };
}

function silentLog() {
  const lines: { level: string; message: string; at: number }[] = [];
  const record = (level: string) => (first: unknown, second?: unknown) =>
    void lines.push({ level, message: typeof first === "string" ? first : String(second), at: Date.now() });
  return { lines, log: { info: record("info"), warn: record("warn"), error: record("error") } as never };
}

/** Resolves with the status, or with the error's code once the connection is cut. */
function get(url: string, agent?: http.Agent): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

test("a request that finishes within the grace period gets its answer; one still running after it is cut; then the services close and the code is 0", async () => {
  const { server, shutdown, origin } = await harness(300);
  const agent = new http.Agent({ keepAlive: true });
  const quick = get(`${origin}/quick`, agent);
  const slow = get(`${origin}/slow`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(shutdown.running).toBe(2);

  const { lines, log } = silentLog();
  let servicesClosedAt = 0;
  let slowEndedAt = 0;
  void slow.then(() => (slowEndedAt = Date.now()));
  const started = Date.now();
  const code = await shutdown.shutDown({
    graceMs: 1_000,
    closeServices: async () => {
      servicesClosedAt = Date.now();
    },
    closeWaitMs: 1_000,
    log,
  });

  expect(code).toBe(0);
  expect(await quick).toBe(200);
  expect(await slow).toBe("ECONNRESET");
  // The slow request was given the whole grace period, and the database closed after its connection was cut.
  expect(slowEndedAt - started).toBeGreaterThanOrEqual(950);
  expect(servicesClosedAt).toBeGreaterThanOrEqual(slowEndedAt - 50);
  expect(lines.map((line) => line.level)).toEqual(["warn", "info"]);
  expect(lines[0]?.message).toMatch(/still running after the grace period/);
  expect(server.listening).toBe(false);
  agent.destroy();
});

test("with nothing running, shutdown does not wait for the grace period, nor for an idle kept-alive connection", async () => {
  const { shutdown, origin } = await harness(0);
  const agent = new http.Agent({ keepAlive: true });
  expect(await get(`${origin}/quick`, agent)).toBe(200);
  const { log } = silentLog();
  const started = Date.now();
  let closed = false;
  const code = await shutdown.shutDown({ graceMs: 10_000, closeServices: async () => void (closed = true), closeWaitMs: 1_000, log });
  expect(code).toBe(0);
  expect(closed).toBe(true);
  expect(Date.now() - started).toBeLessThan(2_000);
  agent.destroy();
});

test("closing the services is always called, and when it hangs or fails the code is 1 within the wait", async () => {
  for (const closeServices of [() => new Promise<void>(() => undefined), () => Promise.reject(new Error("database gone"))]) {
    const { shutdown, origin } = await harness(0);
    const slow = get(`${origin}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { lines, log } = silentLog();
    let called = false;
    const started = Date.now();
    const code = await shutdown.shutDown({
      graceMs: 200,
      closeServices: () => {
        called = true;
        return closeServices();
      },
      closeWaitMs: 500,
      log,
    });
    expect(called).toBe(true);
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(lines.at(-1)?.level).toBe("error");
    await slow;
  }
});
