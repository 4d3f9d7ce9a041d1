import { mkdtemp, open, rm, type FileHandle } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { MAX_REQUEST_BYTES } from "#app/features/consultation/consultation-schema.ts";
import { MAX_URLENCODED_BYTES, tooLargeMessage } from "#app/features/forms/read-form.server.ts";
import type { Logger } from "pino";
import { BUSY, BUSY_RETRY_AFTER_SECONDS, type RefusalText } from "#server/busy-answer.ts";
import { SLOWEST_UPLOAD_BITS_PER_SECOND } from "#server/http-limits.ts";

/*
 * A write's body is read in full before the write takes one of the few slots
 * that do work (decision 028), as nginx buffers a body before it passes the
 * request on. A slot held while a slow client trickles its bytes in is a slot
 * nobody else can use: eight such bodies from one address once took every slot
 * for minutes. Reading is cheap and bounded instead: a few bodies per address,
 * a deadline set by the slowest line we serve, the largest form's size, and
 * memory for the first bytes only (the rest goes to a file nobody else can open).
 */

export type IntakeLimits = {
  /** Bodies being received at once, from all clients. */
  maxReceiving: number;
  /** Bodies one client (address) may be sending at once; more are refused at once. */
  maxReceivingPerClient: number;
  /** Bytes of one body kept in memory; past this the body goes to a temporary file. */
  memoryBytes: number;
  /** Time every body gets on top of what its size takes at `slowestBitsPerSecond`. */
  graceMs: number;
  slowestBitsPerSecond: number;
};

/** A multipart form carries files: the largest form on the site is the limit. */
export const MAX_MULTIPART_BODY_BYTES = MAX_REQUEST_BYTES;
/** Anything else posted (a beacon, a sign-out) is a few hundred bytes. */
export const MAX_OTHER_BODY_BYTES = 64 * 1024;
/** An office behind one address may send a few forms at once; a client that opens more is refused, not queued. */
export const MAX_RECEIVING_PER_CLIENT = 4;
/** Bodies received at once: 100 × MEMORY_BYTES_PER_BODY of memory at most. */
export const MAX_RECEIVING = 100;
/** Every form but one with files fits in memory whole. */
export const MEMORY_BYTES_PER_BODY = 64 * 1024;
/** Time for the first bytes and a slow start, on top of the time the size takes at the slowest line. */
export const BODY_GRACE_MS = 10_000;

export const DEFAULT_INTAKE_LIMITS: IntakeLimits = {
  maxReceiving: MAX_RECEIVING,
  maxReceivingPerClient: MAX_RECEIVING_PER_CLIENT,
  memoryBytes: MEMORY_BYTES_PER_BODY,
  graceMs: BODY_GRACE_MS,
  slowestBitsPerSecond: SLOWEST_UPLOAD_BITS_PER_SECOND,
};

/** How often a body still on its way is held to its deadline. */
const DEADLINE_CHECK_MS = 1_000;
/** A body of unknown length (chunked) must keep bringing this much more at the slowest line's pace. */
const CHUNKED_ALLOWANCE_BYTES = 64 * 1024;

export const TOO_SLOW_MESSAGE = "The form took too long to arrive, so nothing was saved. Please check your connection and try again.";
export const TOO_MANY_AT_ONCE_MESSAGE =
  "Too many forms are being sent from your connection at once, so this one was not sent and nothing was saved. Please wait a moment and try again.";

export type IntakeRefusal = { status: 408 | 413 | 503; text: RefusalText; retryAfterSeconds?: number };
/** The body is here (or there was none); the client went away; or the body is refused. */
export type IntakeOutcome = { kind: "received" } | { kind: "gone" } | { kind: "refused"; refusal: IntakeRefusal };

const RECEIVED: IntakeOutcome = { kind: "received" };
const GONE: IntakeOutcome = { kind: "gone" };
const refused = (refusal: IntakeRefusal): IntakeOutcome => ({ kind: "refused", refusal });

/**
 * The largest body a request may have: by its content type, and never more
 * than a form without files when it does not announce its length. Browsers
 * announce the length of every form they send; a chunked body is a script's.
 */
export function maxBodyBytes(contentType: string | undefined, chunked = false): number {
  if (chunked) return Math.min(MAX_URLENCODED_BYTES, maxBodyBytes(contentType));
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data") return MAX_MULTIPART_BODY_BYTES;
  if (type === "application/x-www-form-urlencoded") return MAX_URLENCODED_BYTES;
  return MAX_OTHER_BODY_BYTES;
}

const tooLarge = (maxBytes: number) => refused({ status: 413, text: { title: "The form is too large", message: tooLargeMessage(maxBytes) } });
const TOO_SLOW = refused({ status: 408, text: { title: "The form did not arrive in time", message: TOO_SLOW_MESSAGE } });
const TOO_MANY_AT_ONCE = refused({
  status: 503,
  retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  text: { title: "Please try again in a moment", message: TOO_MANY_AT_ONCE_MESSAGE },
});

/** A body read in full: in memory, or in an unlinked file only this process holds open; and its stream once asked for. */
type ReceivedBody = { chunks: Buffer[]; file: FileHandle | null; stream?: Readable };

const receivedBodies = new WeakMap<IncomingMessage, ReceivedBody>();

/** The body `BodyIntake.receive` read for this request, to be read once, or undefined when it read none (a read, or no intake in front). */
export function receivedBodyOf(req: IncomingMessage): Readable | undefined {
  const body = receivedBodies.get(req);
  if (!body || body.stream) return undefined;
  body.stream = body.file ? body.file.createReadStream({ start: 0, autoClose: true }) : Readable.from(body.chunks, { objectMode: false });
  return body.stream;
}

/** Once the answer is sent: the file of a body read in part (a form refused halfway) or not at all (refused by its headers) is closed. */
export function discardReceivedBody(req: IncomingMessage): void {
  const body = receivedBodies.get(req);
  receivedBodies.delete(req);
  if (body?.stream) body.stream.destroy();
  else void body?.file?.close().catch(() => undefined);
}

/** The start of the name of a spooled body's folder in the system's temporary folder; the process id follows. */
export const SPOOL_FOLDER_PREFIX = "kraf-body-";

export class BodyIntake {
  #receiving = 0;
  readonly #perClient = new Map<string, number>();

  constructor(
    readonly limits: IntakeLimits = DEFAULT_INTAKE_LIMITS,
    private readonly logger?: Pick<Logger, "error">,
  ) {}

  get receiving(): number {
    return this.#receiving;
  }

  /**
   * Reads the whole body of `req` before anything else is done with it, within
   * the limits: refused at once when its announced size is over the limit for
   * its type or when `client` (or everyone together) is sending too many; cut
   * off with 413 when more bytes come than the limit, with 408 when they come
   * slower than the slowest line we serve.
   */
  async receive(req: IncomingMessage, client: string): Promise<IntakeOutcome> {
    if (!hasBody(req)) return RECEIVED;
    const chunked = req.headers["transfer-encoding"] !== undefined;
    const maxBytes = maxBodyBytes(req.headers["content-type"], chunked);
    const announced = chunked ? undefined : Number(req.headers["content-length"]);
    if (announced !== undefined && announced > maxBytes) return tooLarge(maxBytes);
    const ofClient = this.#perClient.get(client) ?? 0;
    if (this.#receiving >= this.limits.maxReceiving || ofClient >= this.limits.maxReceivingPerClient) return TOO_MANY_AT_ONCE;

    if (req.destroyed) return GONE;
    this.#receiving++;
    this.#perClient.set(client, ofClient + 1);
    try {
      return await this.#read(req, maxBytes, announced);
    } finally {
      this.#receiving--;
      const left = (this.#perClient.get(client) ?? 1) - 1;
      if (left > 0) this.#perClient.set(client, left);
      else this.#perClient.delete(client);
    }
  }

  #read(req: IncomingMessage, maxBytes: number, announced: number | undefined): Promise<IntakeOutcome> {
    const { memoryBytes, graceMs, slowestBitsPerSecond } = this.limits;
    const started = Date.now();
    const deadline = (bytes: number) => started + graceMs + (bytes * 8 * 1000) / slowestBitsPerSecond;
    const body: ReceivedBody = { chunks: [], file: null };
    let size = 0;
    let written = 0;
    let writing = Promise.resolve();

    return new Promise<IntakeOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: IntakeOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
        if (outcome.kind === "received") {
          receivedBodies.set(req, body);
        } else {
          // Nothing more is read: the refusal's sender lets the client see the answer, then closes.
          req.pause();
          void writing.finally(() => body.file?.close()).catch(() => undefined);
        }
        resolve(outcome);
      };
      const spoolFailed = (error: unknown) => {
        this.logger?.error({ err: error }, "A form's body could not be written to a temporary file");
        settle(refused({ status: 503, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS, text: BUSY }));
      };

      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return settle(tooLarge(maxBytes));
        if (!body.file && size <= memoryBytes) {
          body.chunks.push(chunk);
          return;
        }
        // Past the memory allowance: everything so far and from now on goes to the file, in order, one write at a time.
        req.pause();
        const pending = body.file ? [chunk] : [...body.chunks.splice(0), chunk];
        writing = writing
          .then(async () => {
            body.file ??= await this.#openSpoolFile();
            for (const piece of pending) {
              await body.file.write(piece, 0, piece.length, written);
              written += piece.length;
            }
          })
          .then(() => {
            if (!settled) req.resume();
          }, spoolFailed);
      };
      const onEnd = () => void writing.then(() => settle(RECEIVED));
      const onClose = () => {
        if (!req.complete) settle(GONE);
      };
      const check = () => {
        if (Date.now() > deadline(announced ?? size + CHUNKED_ALLOWANCE_BYTES)) return settle(TOO_SLOW);
        timer = setTimeout(check, DEADLINE_CHECK_MS);
      };
      let timer = setTimeout(check, DEADLINE_CHECK_MS);

      req.on("data", onData).on("end", onEnd).on("close", onClose).on("error", onClose);
      req.resume();
    });
  }

  /**
   * A file in a new folder only this process's user can enter (mkdtemp's mode is 0700); the folder and the file's
   * name are removed at once, so the file lives as long as it is open and nothing is left in the temporary folder.
   */
  async #openSpoolFile(): Promise<FileHandle> {
    const folder = await mkdtemp(path.join(os.tmpdir(), `${SPOOL_FOLDER_PREFIX}${process.pid}-`));
    try {
      return await open(path.join(folder, "body"), "wx+", 0o600);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

/** Node's parser gives a request a body only with a Content-Length over 0 or a chunked Transfer-Encoding. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}
