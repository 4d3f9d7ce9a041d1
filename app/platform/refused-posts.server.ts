/*
 * Clients over a form's rate limit, remembered in this process until their
 * retry time, by the path the form posts to. The form pipeline writes them
 * when it refuses a post with 429; the server's load-shedding middleware reads
 * them, so the client's further posts to that form are refused before anything
 * is done for them: no admission slot, no body read, no database, no page
 * render (decision 016: one address flooding a form must not slow the rest).
 */

const MAX_REMEMBERED = 10_000;
const refusedUntil = new Map<string, number>();

/** The form's own path, whether the post came as a page ("/newsletter") or from a fetcher ("/newsletter.data"). */
export function formPathOf(path: string): string {
  const plain = path.endsWith(".data") ? path.slice(0, -".data".length) : path;
  return plain.length > 1 ? plain.replace(/\/+$/, "") || "/" : plain;
}

const keyOf = (path: string, client: string) => `${formPathOf(path)} ${client}`;

/** After a 429: this client's posts to this path are refused for `retryAfterSeconds`. */
export function rememberRefusal(path: string, client: string, retryAfterSeconds: number, now = Date.now()): void {
  const key = keyOf(path, client);
  refusedUntil.delete(key);
  if (refusedUntil.size >= MAX_REMEMBERED) refusedUntil.delete(refusedUntil.keys().next().value!);
  refusedUntil.set(key, now + retryAfterSeconds * 1000);
}

/** Seconds until this client may post to this path again, or null when it may now. */
export function refusalFor(path: string, client: string, now = Date.now()): number | null {
  const key = keyOf(path, client);
  const until = refusedUntil.get(key);
  if (until === undefined) return null;
  if (until <= now) {
    refusedUntil.delete(key);
    return null;
  }
  return Math.ceil((until - now) / 1000);
}
