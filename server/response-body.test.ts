import { once } from "node:events";
import { createServer, request, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import v8 from "node:v8";
import vm from "node:vm";
import { expect, test } from "vitest";
import { WRITE_BATCH_BYTES, writeResponseBody } from "#server/response-body.ts";

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

/** A server whose one route sends `body()` through writeResponseBody; what each call did. */
async function serving(body: () => ReadableStream<Uint8Array>) {
  const outcomes: Promise<unknown>[] = [];
  const server = createServer((_req, res: ServerResponse) => {
    res.setHeader("Content-Type", "text/csv");
    outcomes.push(
      writeResponseBody(body(), res).then(
        () => "resolved",
        (error: Error) => `threw ${error.message}`,
      ),
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    port,
    outcomes,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The raw response, and the chunked-encoding chunks it came in: what the client's socket received. */
async function rawResponse(port: number): Promise<{ body: Buffer; chunkSizes: number[] }> {
  const socket = connect(port, "127.0.0.1");
  socket.write("GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
  const parts: Buffer[] = [];
  for await (const part of socket) parts.push(part as Buffer);
  const raw = Buffer.concat(parts);
  let at = raw.indexOf("\r\n\r\n") + 4;
  const chunkSizes: number[] = [];
  const body: Buffer[] = [];
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", at);
    const size = parseInt(raw.subarray(at, lineEnd).toString(), 16);
    if (lineEnd < 0 || Number.isNaN(size)) throw new Error(`not a chunked body at byte ${at} of ${raw.length}`);
    if (size === 0) break;
    chunkSizes.push(size);
    body.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return { body: Buffer.concat(body), chunkSizes };
}

test("a body of many small chunks reaches the client whole, in writes of tens of kilobytes", async () => {
  const rows = 20_000;
  const line = (i: number) => `"${i}","a row of a CSV export, about a hundred bytes long: name, email, country and a brief"\n`;
  let next = 0;
  const app = await serving(
    () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(Buffer.from(line(next)));
          if (++next === rows) controller.close();
        },
      }),
  );
  try {
    const { body, chunkSizes } = await rawResponse(app.port);
    expect(body.toString()).toBe(Array.from({ length: rows }, (_, i) => line(i)).join(""));
    // One write per source chunk would be 20,000 chunks on the wire.
    expect(chunkSizes.length).toBeLessThanOrEqual(Math.ceil(body.length / (WRITE_BATCH_BYTES / 4)));
    expect(Math.max(...chunkSizes)).toBeLessThan(WRITE_BATCH_BYTES + 200);
    expect(await Promise.all(app.outcomes)).toEqual(["resolved"]);
  } finally {
    await app.close();
  }
});

test("a chunk sent is not kept: a long download holds only what is in flight", async () => {
  const chunkBytes = 1024 * 1024;
  const chunks = 64;
  const sent: WeakRef<Uint8Array>[] = [];
  let stillHeld: number | undefined;
  const app = await serving(
    () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent.length === chunks - 4) {
            collectGarbage();
            stillHeld = sent.slice(0, chunks - 12).filter((ref) => ref.deref() !== undefined).length;
          }
          const chunk = new Uint8Array(chunkBytes).fill(sent.length % 251);
          sent.push(new WeakRef(chunk));
          controller.enqueue(chunk);
          if (sent.length === chunks) controller.close();
        },
      }),
  );
  try {
    const { body } = await rawResponse(app.port);
    expect(body.length).toBe(chunkBytes * chunks);
    // The first 52 MB went out long before: none of it may still be reachable.
    expect(stillHeld).toBe(0);
  } finally {
    await app.close();
  }
});

test("a client that goes away cancels the body: its source stops, and the write ends without an error", async () => {
  let pulls = 0;
  let cancelled = false;
  const app = await serving(
    () =>
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          pulls++;
          // A database page at a time, as an export reads them.
          await new Promise((resolve) => setTimeout(resolve, 2));
          controller.enqueue(Buffer.alloc(16 * 1024, "x"));
        },
        cancel() {
          cancelled = true;
        },
      }),
  );
  try {
    await new Promise<void>((resolve) => {
      const req = request({ host: "127.0.0.1", port: app.port, path: "/" }, (res) => {
        let received = 0;
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > 256 * 1024) req.destroy();
        });
        res.on("close", () => resolve());
      });
      req.on("error", () => undefined);
      req.on("close", () => resolve());
      req.end();
    });
    await expect.poll(() => cancelled).toBe(true);
    expect(await Promise.all(app.outcomes)).toEqual(["resolved"]);
    const pullsAfterAbort = pulls;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pulls).toBe(pullsAfterAbort);
  } finally {
    await app.close();
  }
});
