import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { logger } from "#app/platform/logger.server.ts";

export type EncodedVariant = { bytes: Buffer; width: number; height: number };
export type EncodeResult = { ok: true; variants: EncodedVariant[] } | { ok: false; reason: "unreadable" | "failed" };
export type EncodeSettings = { maxPixels: number; webp: { quality: number; effort: number } };

/** Images encoded at once in the whole process: each takes one core and up to a few hundred MB while it runs. */
export const IMAGE_JOBS_AT_ONCE = 1;
/** An encoder that has not answered by then is stopped, so one stuck image cannot hold the queue. */
export const IMAGE_JOB_TIMEOUT_MS = 120_000;

/**
 * The encoder's whole program, run by a node process of its own for one image
 * (plain JavaScript, so the server bundle needs no entry for it). It decodes
 * the upload once, upright and no wider than the largest width, and encodes
 * every width from that, one after another, with no metadata (sharp keeps none
 * unless asked: no EXIF, no GPS). The process exits afterwards, so
 * the memory the decoder took goes back to the system: in the server's own
 * process glibc keeps most of it (decision 029).
 */
export const IMAGE_ENCODER_SOURCE = `
const sharp = require(process.argv[1]);
sharp.cache(false);
sharp.concurrency(1);
process.once("message", async ({ image, widths, maxPixels, webp }) => {
  let answer;
  try {
    const largest = widths[widths.length - 1];
    const { data, info } = await sharp(image, { limitInputPixels: maxPixels, failOn: "error" })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const variants = [];
    for (const width of widths) {
      const encoded = await sharp(data, { raw }).resize({ width, withoutEnlargement: true }).webp(webp).toBuffer({ resolveWithObject: true });
      variants.push({ bytes: encoded.data, width: encoded.info.width, height: encoded.info.height });
    }
    answer = { ok: true, variants };
  } catch {
    answer = { ok: false, reason: "unreadable" };
  }
  process.send(answer, () => process.disconnect());
});
`;

/** Characters of the encoder's error output kept for the log. */
const ENCODER_OUTPUT_LOGGED = 2000;
const sharpEntry = createRequire(import.meta.url).resolve("sharp");

type Answer = { ok: true; variants: { bytes: Uint8Array; width: number; height: number }[] } | { ok: false; reason: "unreadable" };

/**
 * Runs one image in a new encoder process, and answers once that process has
 * exited (its memory is the system's again before the next image starts).
 * "failed" when it exited without an answer: it never started, crashed, was
 * killed, or did not answer within IMAGE_JOB_TIMEOUT_MS.
 */
function encodeInChildProcess(image: Uint8Array, widths: number[], settings: EncodeSettings): Promise<EncodeResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", IMAGE_ENCODER_SOURCE, sharpEntry], {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "advanced",
    });
    let answer: Answer | undefined;
    let errorOutput = "";
    const timer = setTimeout(() => {
      errorOutput += `\nno answer in ${IMAGE_JOB_TIMEOUT_MS} ms`;
      child.kill("SIGKILL");
    }, IMAGE_JOB_TIMEOUT_MS);
    // The end of what it wrote is enough for the log, however much a decoder warns.
    child.stderr?.on("data", (chunk: Buffer) => (errorOutput = (errorOutput + chunk.toString()).slice(-ENCODER_OUTPUT_LOGGED)));
    child.once("message", (message: Answer) => (answer = message));
    // "error" may come more than once (a failed start, a send to a process that died); only a failed start has no "close" after it.
    child.on("error", (error) => {
      if (child.pid !== undefined) return;
      clearTimeout(timer);
      logger.error({ err: error }, "the image encoder process did not start");
      resolve({ ok: false, reason: "failed" });
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (!answer) {
        logger.error({ code, signal, output: errorOutput }, "the image encoder process ended without an answer");
        return resolve({ ok: false, reason: "failed" });
      }
      if (!answer.ok) return resolve(answer);
      const variants = answer.variants.map(({ bytes, width, height }) => ({
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        width,
        height,
      }));
      resolve({ ok: true, variants });
    });
    child.send({ image, widths, ...settings });
  });
}

/** Jobs run IMAGE_JOBS_AT_ONCE at a time, in the order they came; the rest wait their turn. */
function jobQueue(atOnce: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= atOnce) await new Promise<void>((turn) => waiting.push(turn));
    else running++;
    try {
      return await job();
    } finally {
      // The slot passes straight to the next job, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const queue = jobQueue(IMAGE_JOBS_AT_ONCE);

/**
 * The upload decoded and encoded to WebP at each of `widths` (ascending; the
 * last is the largest), in its turn among the process's image jobs, in a
 * process of its own. "unreadable": the decoder refused the file.
 */
export function encodeImage(image: Uint8Array, widths: number[], settings: EncodeSettings): Promise<EncodeResult> {
  return queue(() => encodeInChildProcess(image, widths, settings));
}
