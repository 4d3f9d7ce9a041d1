/** Internal response header by which a route lets the server cache its page (seconds). */
export const PAGE_CACHE_TTL_HEADER = "x-page-cache-ttl";

/**
 * Route `headers` export for pages that are the same for every visitor: the
 * server keeps the rendered page for `seconds` (see server/page-cache.ts).
 */
export function cachePageFor(seconds: number) {
  return () => ({ [PAGE_CACHE_TTL_HEADER]: String(seconds) });
}
