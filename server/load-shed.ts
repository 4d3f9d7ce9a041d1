import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { tooManySubmissionsMessage } from "#app/features/forms/form-rules.ts";
import { refusalFor } from "#app/platform/refused-posts.server.ts";
import { discardReceivedBody, type BodyIntake } from "#server/body-intake.ts";
import { BUSY, busyAnswer, BUSY_RETRY_AFTER_SECONDS, type RefusalText } from "#server/busy-answer.ts";

/** Lets go of a slot; calling it again does nothing. */
export type Release = () => void;

export type AdmissionLimits = {
  /** Requests worked on at once. */
  maxInFlight: number;
  /** Requests that may wait for a slot; more are refused at once. */
  maxQueued: number;
  /** How long a request may wait for a slot before it is refused. */
  maxWaitMs: number;
  /** Once half the queue is taken, requests of one client (address) waiting or at work at once; more of its requests are refused at once. */
  maxPerClient: number;
  /** Slots one client may hold at once; its further requests wait while other clients' go ahead. */
  maxAtWorkPerClient: number;
};

type Waiter = { client: string; take: (release: Release) => void; leave: () => void };

/**
 * A bounded admission queue: a request waits in order for a slot, at most
 * `maxQueued` wait, and once half of them do, a client with `maxPerClient`
 * waiting or at work gets no more in; the rest are refused at once. Refusing is the point: a request that waits
 * in the event loop's backlog delays every other one, health checks and
 * cached pages included; and a client that floods from one address keeps a
 * slot or two, not the queue (decision 016).
 *
 * Nor does one client ever hold more than `maxAtWorkPerClient` slots: its
 * further requests wait while those of other clients, behind them in the
 * queue, are let in first.
 *
 * Slots are handed out on the event loop's next turn, one per turn. PGlite
 * answers without leaving the turn, so a post started in the turn that read
 * it runs to its end there, and the posts of 200 sockets read in one turn
 * would all run back to back ahead of every other socket (measured: turns of
 * over a second, and no post ever found the queue full). Started one per
 * turn, a turn holds about one post's work before the sockets are read again.
 */
export class Admission {
  #inFlight = 0;
  readonly #waiting: Waiter[] = [];
  readonly #perClient = new Map<string, number>();
  readonly #atWork = new Map<string, number>();
  #pumping = false;

  constructor(readonly limits: AdmissionLimits) {}

  get inFlight(): number {
    return this.#inFlight;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  /** `enter` would refuse at once: no room to wait, or the queue is half full and this client has its share. */
  refusesAtOnce(client: string): boolean {
    const waiting = this.#waiting.length;
    return waiting >= this.limits.maxQueued || (waiting * 2 >= this.limits.maxQueued && (this.#perClient.get(client) ?? 0) >= this.limits.maxPerClient);
  }

  /** A slot on a later turn of the event loop, or null: at once when `refusesAtOnce`, later when the wait is over or `signal` aborts. */
  enter(client: string, signal?: AbortSignal): Promise<Release | null> {
    if (signal?.aborted || this.refusesAtOnce(client)) return Promise.resolve(null);
    this.#perClient.set(client, (this.#perClient.get(client) ?? 0) + 1);
    return new Promise((resolve) => {
      let settled = false;
      const settle = (release: Release | null) => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", waiter.leave);
        if (!release) this.#leftBy(client);
        resolve(release);
        return true;
      };
      const waiter: Waiter = {
        client,
        // A slot handed to a waiter that has just left goes back at once.
        take: (release) => void (settle(release) || release()),
        leave: () => {
          const index = this.#waiting.indexOf(waiter);
          if (index !== -1) this.#waiting.splice(index, 1);
          settle(null);
        },
      };
      const timer = setTimeout(waiter.leave, this.limits.maxWaitMs);
      signal?.addEventListener("abort", waiter.leave, { once: true });
      this.#waiting.push(waiter);
      this.#pump();
    });
  }

  /** The longest waiter whose client holds fewer than its share of slots. */
  #nextWaiter(): number {
    return this.#waiting.findIndex((waiter) => (this.#atWork.get(waiter.client) ?? 0) < this.limits.maxAtWorkPerClient);
  }

  /** On the next turn, the longest waiter that may work gets a slot if one is free; and so on, one a turn, while any may. */
  #pump() {
    if (this.#pumping || this.#inFlight >= this.limits.maxInFlight || this.#nextWaiter() === -1) return;
    this.#pumping = true;
    setImmediate(() => {
      this.#pumping = false;
      const index = this.#nextWaiter();
      if (index !== -1 && this.#inFlight < this.limits.maxInFlight) {
        const [next] = this.#waiting.splice(index, 1);
        this.#inFlight++;
        this.#atWork.set(next!.client, (this.#atWork.get(next!.client) ?? 0) + 1);
        next!.take(this.#slot(next!.client));
      }
      this.#pump();
    });
  }

  #slot(client: string): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight--;
      const atWork = (this.#atWork.get(client) ?? 1) - 1;
      if (atWork > 0) this.#atWork.set(client, atWork);
      else this.#atWork.delete(client);
      this.#leftBy(client);
      this.#pump();
    };
  }

  #leftBy(client: string) {
    const count = (this.#perClient.get(client) ?? 1) - 1;
    if (count > 0) this.#perClient.set(client, count);
    else this.#perClient.delete(client);
  }
}

/** Reading never changes anything and is never shed; pages from the cache are answered before this. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** How many may wait: a burst of real visitors rides it out; at one start a turn it drains well within the wait. */
export const MAX_QUEUED = 32;
/** Under pressure, one client's posts waiting or at work: a double click passes, a flood from one address takes half the queue at most. */
export const MAX_PER_CLIENT = 2;
/** The share of the slots one client may hold at once, whatever the pressure. */
export const AT_WORK_SHARE_PER_CLIENT = 1 / 4;
/** A write that has not started within this time is refused: the visitor is told to retry instead of waiting on. */
export const MAX_WAIT_MS = 2_000;
/** A refused post with more than this still to come (or of unknown length) has its connection closed once answered… */
const UNREAD_BODY_DRAIN_BYTES = 64 * 1024;
/** …this long after the answer, time for the client to read it; a smaller one is left for Node to discard and the connection kept. */
const LINGER_MS = 2_000;

export type SheddingOptions = {
  siteUrl: string;
  /** The headers every busy answer carries (the security headers the refused request skips). */
  headers: [string, string][];
  logger: Pick<Logger, "warn">;
  /** How long, on average, a post refused at once is held before its answer; the default is REFUSAL_HOLD_MS. */
  holdMs?: number;
};

/**
 * A post refused at once is answered after 0.5 to 1.5 times this. A client
 * sends its next post on a connection only once answered, so a flood of 200
 * connections answered at once is a flood of thousands of refusals a second,
 * each a parse and a write ahead of the health check in the event loop
 * (measured: a third of the CPU, turns of 40-50 ms); held, it is a few
 * hundred. A held answer costs a timer. The jitter keeps the connections
 * from coming back in step.
 */
export const REFUSAL_HOLD_MS = 1_000;

/** How often the count of refused writes is logged: one line per refusal would add to the load. */
const REFUSALS_LOG_EVERY_MS = 10_000;

/**
 * Express middleware, in front of the request log and the security headers:
 * every write (a form post, a sign-in, a beacon) has its body read in full by
 * `intake` (decision 028), then takes a slot of `admission` before anything
 * else is done for it, and gets the busy answer (503, Retry-After) when none
 * comes: after about REFUSAL_HOLD_MS when there is no room to wait, at once
 * when its wait is over. A body the intake refuses gets its answer (413, 408,
 * or 503 for a client sending too many at once) and takes no slot. A post from
 * a client this process has just refused for a form's rate limit gets that 429
 * again, after the same hold, without a body read or a slot. Reads pass
 * untouched. Without `admission` (POSTS_IN_FLIGHT=0) bodies are still read first.
 */
export function loadShedding(
  admission: Admission | null,
  intake: BodyIntake,
  { siteUrl, headers, logger, holdMs = REFUSAL_HOLD_MS }: SheddingOptions,
): RequestHandler {
  const refusals = new Map<number, number>();
  const countRefusal = (status: number) => {
    refusals.set(status, (refusals.get(status) ?? 0) + 1);
    if (refusals.size > 1 || refusals.get(status)! > 1) return;
    setTimeout(() => {
      const byStatus = Object.fromEntries(refusals);
      logger.warn(
        { refused: byStatus, inFlight: admission?.inFlight ?? 0, queued: admission?.queued ?? 0, receiving: intake.receiving },
        "Busy: writes refused",
      );
      refusals.clear();
    }, REFUSALS_LOG_EVERY_MS).unref();
  };
  const refuse = (req: Request, res: Response, refusal: Refusal = { status: 503, retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS, text: BUSY }) => {
    countRefusal(refusal.status);
    if (!res.destroyed) sendRefusal(req, res, siteUrl, headers, refusal);
  };
  const hold = (answer: () => void) => setTimeout(answer, holdMs * (0.5 + Math.random()));

  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    // Over this form's rate limit: the form pipeline's own 429, without a slot, a body read or a page render.
    const waiting = refusalFor(req.path, client);
    if (waiting !== null) {
      const text = { title: "Too many submissions", message: tooManySubmissionsMessage(waiting) };
      return hold(() => void (res.destroyed || sendRefusal(req, res, siteUrl, headers, { status: 429, retryAfterSeconds: waiting, text })));
    }
    if (admission?.refusesAtOnce(client)) return hold(() => refuse(req, res));
    void intake.receive(req, client).then((outcome) => {
      if (outcome.kind === "gone") return;
      if (outcome.kind === "refused") {
        const { status, retryAfterSeconds, text } = outcome.refusal;
        const refusal = { status, retryAfterSeconds: retryAfterSeconds ?? null, text };
        // A client sending too many at once is a flood like any other: held, so it comes back slower.
        return status === 503 ? hold(() => refuse(req, res, refusal)) : refuse(req, res, refusal);
      }
      res.once("close", () => discardReceivedBody(req));
      if (admission) admit(admission, client, req, res, next, refuse);
      else next();
    });
  };
}

/** Waits for a slot of `admission`, then goes on; refused when none comes, and nothing is done when the client left meanwhile. */
function admit(admission: Admission, client: string, req: Request, res: Response, next: () => void, refuse: (req: Request, res: Response) => void) {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.once("close", onClose);
  void admission.enter(client, gone.signal).then((release) => {
    if (!release) {
      if (!gone.signal.aborted) refuse(req, res);
      return;
    }
    res.off("close", onClose);
    // The client left before its turn came: pass the slot on, and spend nothing on a post nobody waits for.
    if (gone.signal.aborted || res.destroyed || req.socket.destroyed) return release();
    res.once("close", release);
    next();
  });
}

type Refusal = { status: number; retryAfterSeconds: number | null; text: RefusalText };

function sendRefusal(req: Request, res: Response, siteUrl: string, headers: [string, string][], { status, retryAfterSeconds, text }: Refusal) {
  const answer = busyAnswer(
    { path: req.path, accept: req.headers.accept, referer: req.headers.referer, origin: `${req.protocol}://${req.headers.host ?? "localhost"}` },
    siteUrl,
    text,
  );
  res.statusCode = status;
  for (const [name, value] of headers) res.setHeader(name, value);
  if (retryAfterSeconds !== null) res.setHeader("Retry-After", String(retryAfterSeconds));
  res.setHeader("Cache-Control", "private, no-store");
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  // Much may still be on its way: give the client a moment to read this answer, then close. A body the intake
  // stopped reading stays unread (reading it would only make garbage of what was in flight, megabytes on loopback);
  // one nobody began to read Node discards by itself.
  if (!req.complete && !(Number(req.headers["content-length"]) <= UNREAD_BODY_DRAIN_BYTES)) {
    res.on("finish", () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
  }
  res.end(answer.body);
}

/** The headers a middleware sets, found once by running it on a stand-in response. */
export function headersSetBy(middleware: (req: never, res: never, next: () => void) => void): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  middleware({ headers: {}, method: "GET", url: "/" } as never, res as never, () => undefined);
  return [...headers];
}

/**
 * The admission queue for this process's settings: `maxInFlight` writes at once, MAX_QUEUED waiting at most MAX_WAIT_MS,
 * MAX_PER_CLIENT of one client's under pressure, and a quarter of the slots (at least one) for any one client.
 */
export function admissionFor(maxInFlight: number): Admission {
  const maxAtWorkPerClient = Math.max(1, Math.floor(maxInFlight * AT_WORK_SHARE_PER_CLIENT));
  return new Admission({ maxInFlight, maxQueued: MAX_QUEUED, maxWaitMs: MAX_WAIT_MS, maxPerClient: MAX_PER_CLIENT, maxAtWorkPerClient });
}
