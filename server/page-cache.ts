import { createHash } from "node:crypto";

/**
 * A small in-process cache of rendered pages, so a page that is the same for
 * every visitor is rendered once per TTL rather than once per request.
 *
 * A route opts in with `headers = cachePageFor(seconds)`
 * (#app/platform/page-cache.ts); the server strips that header before the
 * response leaves. The CSP nonce differs per
 * response, so a stored page keeps a placeholder where the nonce was and each
 * hit gets its own fresh nonce.
 */
const NONCE_PLACEHOLDER = "__csp_nonce__";

/** A page as it is sent: `etag` names its content, whatever nonce this response carries. */
export type SentPage = { status: number; headers: [string, string][]; body: string; etag: string };

type CachedPage = SentPage & { expiresAt: number };

function withoutNonce(body: string, nonce: string): string {
  return nonce ? body.replaceAll(nonce, NONCE_PLACEHOLDER) : body;
}

/** A validator for the page's content: two renders that differ only in their nonce have the same one. */
export function entityTag(body: string, nonce: string): string {
  return `W/"${createHash("sha256").update(withoutNonce(body, nonce)).digest("base64url").slice(0, 27)}"`;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();

  constructor(
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.#entries.size;
  }

  /** The stored page with `nonce` in place, or undefined when absent or expired. */
  get(key: string, nonce: string): SentPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // Refresh its place in the least-recently-used order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return { status: entry.status, headers: entry.headers, etag: entry.etag, body: entry.body.replaceAll(NONCE_PLACEHOLDER, nonce) };
  }

  set(key: string, page: SentPage, nonce: string, ttlSeconds: number) {
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { ...page, body: withoutNonce(page.body, nonce), expiresAt: this.now() + ttlSeconds * 1000 });
  }

  clear() {
    this.#entries.clear();
  }
}
