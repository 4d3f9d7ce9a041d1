/** Internal response header by which a route lets the server cache its page (seconds). */
export const PAGE_CACHE_TTL_HEADER = "x-page-cache-ttl";

/** How long a shared cache (a CDN) may serve the page without asking, and serve it stale while it asks. */
export type SharedCaching = { cdnSeconds: number; staleSeconds: number };

/** Pages whose copy changes only with a deploy. */
export const STATIC_COPY: SharedCaching = { cdnSeconds: 300, staleSeconds: 86_400 };
/** Pages staff change from the staff area (jobs, insights, the lists and the home page that show them). */
export const PUBLISHED_CONTENT: SharedCaching = { cdnSeconds: 5, staleSeconds: 30 };

/** Browsers ask every time (a 304 when nothing changed); a CDN keeps it as `shared` says. */
export function sharedCacheControl(shared: SharedCaching): string {
  return `public, max-age=0, s-maxage=${shared.cdnSeconds}, stale-while-revalidate=${shared.staleSeconds}`;
}

/**
 * Route `headers` export for pages that are the same for every visitor: the
 * server keeps the rendered page for `seconds` (see server/page-cache.ts;
 * a content change empties it at once, decision 011), browsers revalidate on
 * every visit (the server answers 304 when nothing changed), and a CDN keeps it
 * as `shared` says. The page differs by one cookie (the closed banner), so a CDN
 * must vary on it: `Vary: Cookie`.
 */
export function cachePageFor(seconds: number, shared: SharedCaching) {
  return () => ({
    [PAGE_CACHE_TTL_HEADER]: String(seconds),
    "Cache-Control": sharedCacheControl(shared),
    Vary: "Cookie",
  });
}
