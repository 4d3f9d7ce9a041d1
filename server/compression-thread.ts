import { Worker } from "node:worker_threads";
import { logger } from "#app/platform/logger.server.ts";
import { COMPRESS_FROM_BYTES, compressedForRequest, RENDERED_PAGE_COMPRESSION, type ContentCoding } from "#server/page-cache.ts";

type Compressed = { coding: ContentCoding; bytes: Buffer };
type Job = { resolve: (result: Compressed) => void; identity: Buffer; coding: ContentCoding };

/**
 * The thread's whole program: `compressedForRequest` with the settings it is given, one
 * page at a time, the result's memory handed back rather than copied. Plain JavaScript,
 * so the server bundle needs no entry of its own for it.
 */
export const COMPRESSION_THREAD_SOURCE = `
const { parentPort, workerData: { brotliQuality, gzipLevel } } = require("node:worker_threads");
const zlib = require("node:zlib");
parentPort.on("message", ({ id, coding, identity }) => {
  const input = Buffer.from(identity.buffer, identity.byteOffset, identity.byteLength);
  const bytes = coding === "gzip"
    ? zlib.gzipSync(input, { level: gzipLevel })
    : zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } });
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  parentPort.postMessage({ id, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, whole ? [bytes.buffer] : []);
});
`;

export type CompressionThread = ReturnType<typeof compressionThread>;

/**
 * Compresses pages rendered for one request on a thread of its own (decision 025): the
 * main thread renders the next page meanwhile. One thread, not libuv's pool: four brotli
 * encoders at once on two cores cost three to four times the CPU per page. The thread starts at
 * the first page it is given; if it fails, the pages it held and every page after are
 * compressed on the main thread, which gives the same bytes, and the failure is logged once.
 */
export function compressionThread(source = COMPRESSION_THREAD_SOURCE) {
  let thread: Worker | null = null;
  let stopped = false;
  let nextId = 0;
  const jobs = new Map<number, Job>();

  const stop = (error: unknown) => {
    if (stopped) return;
    stopped = true;
    thread = null;
    logger.warn({ err: error }, "The compression thread stopped: pages are compressed on the main thread");
    for (const { resolve, identity, coding } of jobs.values()) resolve(compressedForRequest(identity, coding));
    jobs.clear();
  };

  const start = () => {
    const started = new Worker(source, { eval: true, workerData: RENDERED_PAGE_COMPRESSION });
    // It never keeps the process alive: a shutdown waits for the requests, not for this thread.
    started.unref();
    started.on("message", ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
      const job = jobs.get(id);
      if (!job) return;
      jobs.delete(id);
      job.resolve({ coding: job.coding, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    });
    started.on("error", stop);
    started.on("exit", (code) => stop(new Error(`The compression thread exited with code ${code}`)));
    return started;
  };

  return {
    /** The page in the coding asked for; small pages and `identity` are answered at once, as they are. */
    compress(identity: Buffer, coding: ContentCoding): Compressed | Promise<Compressed> {
      if (coding === "identity" || identity.length < COMPRESS_FROM_BYTES || stopped) return compressedForRequest(identity, coding);
      thread ??= start();
      const id = nextId++;
      const promise = new Promise<Compressed>((resolve) => jobs.set(id, { resolve, identity, coding }));
      thread.postMessage({ id, coding, identity });
      return promise;
    },
  };
}
