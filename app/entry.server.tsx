import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, redirect, ServerRouter, type EntryContext, type HandleDataRequestFunction, type RouterContextProvider } from "react-router";
import { locationFor } from "#app/features/redirects/redirect-rules.ts";
import { redirectFor } from "#app/features/redirects/redirects.server.ts";
import { isStaffPath } from "#app/features/staff/staff-path.ts";
import { loadDeferredParts } from "#app/layout/deferred-part.tsx";
import { loadIslands } from "#app/islands/island.tsx";
import { createRegionCache } from "#app/layout/region-cache.server.ts";
import { RegionRendererContext } from "#app/layout/shared-region.tsx";
import { logger } from "#app/platform/logger.server.ts";
import { SCRIPT_HASHES_HEADER, scriptHashSources } from "#app/platform/script-hashes.server.ts";
import { startScriptsAfterFirstPaint } from "#app/platform/scripts-after-paint.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The layout's shared regions, drawn once per path (decision 014). */
const regionCache = createRegionCache();

/** The layout's deferred parts and the islands are drawn in full on the server: their code is loaded before the first render. */
let deferredPartsLoaded: Promise<unknown> | undefined;

/**
 * React outlines a large Suspense boundary (the layout's deferred parts) into a
 * later chunk with an inline script that moves it in place. The document is
 * sent whole (below), so each boundary stays where it belongs.
 */
export const DOCUMENT_IN_ONE_PIECE = Number.POSITIVE_INFINITY;

/** Give up on a render that has not finished after this long. */
export const streamTimeout = 5_000;

/** Method and path only: the query string can carry what a visitor typed. */
function requestOf(request: Request) {
  return { method: request.method, path: new URL(request.url).pathname };
}

/** React Router refuses a form post whose Origin header is malformed or foreign with a plain Error, and answers 400. */
const REFUSED_ORIGIN = /Aborting the action\.$/;

/**
 * Errors React Router caught in loaders, actions and rendering. A request the
 * visitor abandoned is not one; one React Router refused as the visitor's
 * mistake (no action on a page, no such route, a bad Origin) is a warning
 * without a stack.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const where = requestOf(request);
  if (isRouteErrorResponse(error)) {
    // React Router's own refusals carry the reason as an Error; data a route threw can echo the form, so it stays out.
    const reason = (error as { error?: unknown }).error;
    if (error.status < 500) {
      const message = reason instanceof Error ? reason.message : undefined;
      logger.warn({ ...where, status: error.status, reason: message }, error.statusText || "Request refused");
    } else {
      logger.error({ ...where, status: error.status, err: reason }, error.statusText || "Request failed");
    }
  } else if (error instanceof Error && REFUSED_ORIGIN.test(error.message)) {
    logger.warn({ ...where, status: 400, reason: error.message }, "Bad Request");
  } else {
    logger.error({ ...where, err: error }, "Request failed");
  }
}

/** How long a browser may keep a permanent redirect: long enough to spare the round trip, short enough that a mistake heals. */
const PERMANENT_REDIRECT_KEPT = "public, max-age=3600";

/**
 * The redirect an editor set for a GET or HEAD the site would answer 404
 * (decision 055), or null. Asked only then, so every page that exists pays
 * nothing; the lookup is not cached, so a change shows on every process at once.
 */
async function redirectInstead(
  request: Request,
  status: number,
  context: Readonly<RouterContextProvider>,
  address: { pathname: string; search: string },
): Promise<Response | null> {
  if (status !== 404 || (request.method !== "GET" && request.method !== "HEAD") || isStaffPath(address.pathname)) return null;
  const { db } = await servicesOf(context);
  const found = await redirectFor(db, address.pathname);
  if (!found) return null;
  return redirect(locationFor(found.to, address.search), {
    status: found.status,
    headers: { "Cache-Control": found.status === 301 ? PERMANENT_REDIRECT_KEPT : "no-store" },
  });
}

/**
 * A link followed in the browser asks for the page's data (`/old-page.data?_routes=…`):
 * a redirected old path answers it with React Router's redirect to the page's address.
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) => {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const address = { pathname: url.pathname.replace(/\.data$/, ""), search: url.search };
  return (await redirectInstead(request, response.status, context, address)) ?? response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: Readonly<RouterContextProvider>,
) {
  const redirected = await redirectInstead(request, responseStatusCode, loadContext, new URL(request.url));
  if (redirected) return redirected;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  await (deferredPartsLoaded ??= Promise.all([loadDeferredParts(), loadIslands()]));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // Pages hold no deferred data, so every response waits for the whole
    // document: crawlers and visitors without JavaScript get complete HTML,
    // and the scripts can be moved behind the first paint. The inline scripts
    // run by their hashes (decision 013), so the same page is the same bytes.
    // A GET draws the layout's shared regions from the region cache; an answer to a post draws everything.
    const router = <ServerRouter context={routerContext} url={request.url} />;
    const { pipe, abort } = renderToPipeableStream(
      request.method === "GET" ? <RegionRendererContext value={regionCache}>{router}</RegionRendererContext> : router,
      {
        progressiveChunkSize: DOCUMENT_IN_ONE_PIECE,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const { html, deferredModule } = startScriptsAfterFirstPaint(Buffer.concat(chunks));
              responseHeaders.set(SCRIPT_HASHES_HEADER, scriptHashSources(html, deferredModule ? [deferredModule] : []).join(" "));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ ...requestOf(request), err: error }, "Rendering failed");
        },
      },
    );
  });
}
