import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

/**
 * A small in-process cache of rendered pages, so a page that is the same for
 * every visitor is rendered and compressed once per TTL rather than once per
 * request (decisions 002 and 013).
 *
 * A route opts in with `headers = cachePageFor(seconds)`
 * (#app/platform/page-cache.ts); the server strips that header before the
 * response leaves. A page carries no per-response value (its inline scripts
 * run by their hashes), so an entry keeps the exact bytes to send, in every
 * encoding, and a hit is a lookup and a write.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type ContentCoding = "br" | "gzip" | "identity";

/** A page the same for everyone as it is sent: status, headers, validator, and the body in each coding. */
export type SharedPage = { status: number; headers: [string, string][]; etag: string; bodies: Record<ContentCoding, Buffer> };

type Entry = SharedPage & { expiresAt: number };

/** A validator naming the page's content. */
export function entityTag(body: string | Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Compresses the page once, as tightly as the formats allow (off the main thread). */
export async function sharedPage(status: number, headers: [string, string][], identity: Buffer): Promise<SharedPage> {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { status, headers, etag: entityTag(identity), bodies: { identity, gzip: gzipped, br: brotli } };
}

/** Below this, compressing a body costs more than the bytes it saves (the compression middleware's threshold). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * How a page rendered for one request is compressed: the settings the compression
 * middleware uses for answers made on the fly (brotli quality 4, gzip level 6).
 */
export const RENDERED_PAGE_COMPRESSION = { brotliQuality: 4, gzipLevel: constants.Z_DEFAULT_COMPRESSION };

/**
 * A page rendered for one request, compressed in one synchronous call (a stream
 * through the middleware spends about twice the CPU on the same bytes). The
 * compression thread does the same off the main thread (decision 025); this is
 * its fallback.
 */
export function compressedForRequest(identity: Buffer, coding: ContentCoding): { coding: ContentCoding; bytes: Buffer } {
  if (coding === "identity" || identity.length < COMPRESS_FROM_BYTES) return { coding: "identity", bytes: identity };
  if (coding === "gzip") return { coding, bytes: gzipSync(identity, { level: RENDERED_PAGE_COMPRESSION.gzipLevel }) };
  const params = { [constants.BROTLI_PARAM_QUALITY]: RENDERED_PAGE_COMPRESSION.brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length };
  return { coding, bytes: brotliCompressSync(identity, { params }) };
}

/**
 * The coding to send for an `Accept-Encoding` header: brotli when accepted,
 * else gzip, else none. (Browsers list gzip first; brotli is the smaller.)
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get("*") ?? 0;
  for (const coding of ["br", "gzip"] as const) if ((accepted.get(coding) ?? wildcard) > 0) return coding;
  return "identity";
}

export class PageCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  constructor(
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.#entries.size;
  }

  /** The stored page, or undefined when absent or expired. */
  get(key: string): SharedPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // Refresh its place in the least-recently-used order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Changes whenever the cache is emptied: a page rendered before a content change must not be stored after it. */
  get generation() {
    return this.#generation;
  }

  /** Stores the page, unless the cache was emptied since `renderedIn` (the generation its render started in). */
  set(key: string, page: SharedPage, ttlSeconds: number, renderedIn = this.#generation) {
    if (renderedIn !== this.#generation) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { ...page, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  clear() {
    this.#generation++;
    this.#entries.clear();
  }
}
