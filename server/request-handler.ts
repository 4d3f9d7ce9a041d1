import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { PAGE_CACHE_TTL_HEADER } from "#app/platform/page-cache.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import { SCRIPT_HASHES_HEADER } from "#app/platform/script-hashes.server.ts";
import { servicesContext } from "#app/services-context.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { isBannerClosed } from "#app/features/banner/banner-cookie.ts";
import { entityTag, preferredCoding, sharedPage, type PageCache, type SharedPage } from "#server/page-cache.ts";
import { contentSecurityPolicy } from "#server/security-headers.ts";
import { receivedBodyOf } from "#server/body-intake.ts";
import { compressionThread, type CompressionThread } from "#server/compression-thread.ts";
import { writeResponseBody } from "#server/response-body.ts";

/** A GET's place in the page cache: the URL and the one per-visitor input of the layout, the banner's closed state. */
function pageCacheKey(req: ExpressRequest): string | undefined {
  return req.method === "GET" ? `${req.originalUrl}|${isBannerClosed(req.get("cookie") ?? null)}` : undefined;
}

/** Answers a GET from the page cache before any other work; everything else goes on. */
export function pageCacheHits(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    const key = pageCacheKey(req);
    const hit = key ? cache.get(key) : undefined;
    if (hit) sendSharedPage(req, res, hit);
    else next();
  };
}

/**
 * Express to React Router. A GET that a route marked cacheable is compressed
 * once and kept for the next visitors until its TTL runs out.
 */
export function reactRouterHandler(build: ServerBuild, services: Services, cache: PageCache | null) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  const compressor = compressionThread();

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const generation = cache?.generation;
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown" });
      context.set(servicesContext, services);
      const response = await handle(toWebRequest(req, res), context);
      const ttl = Number(response.headers.get(PAGE_CACHE_TTL_HEADER) ?? 0);
      response.headers.delete(PAGE_CACHE_TTL_HEADER);
      // A document's inline scripts run by their hashes: its policy names them.
      const scriptHashes = response.headers.get(SCRIPT_HASHES_HEADER);
      if (scriptHashes !== null) {
        response.headers.delete(SCRIPT_HASHES_HEADER);
        response.headers.set("Content-Security-Policy", contentSecurityPolicy(scriptHashes ? scriptHashes.split(" ") : []));
      }
      // Anything a route did not mark as shared may be personal (a form's answer, a visitor's status): no cache keeps it.
      if (!response.headers.has("Cache-Control") && (scriptHashes !== null || req.method !== "GET")) {
        response.headers.set("Cache-Control", "private, no-store");
      }
      const headers = [...response.headers.entries()];
      res.status(response.status);
      copyHeaders(res, headers);

      // A page the same for everyone: given a validator for conditional requests, and kept for the next visitors.
      const key = pageCacheKey(req);
      if (key && ttl > 0 && response.status === 200 && !response.headers.has("set-cookie")) {
        const body = Buffer.from(await response.arrayBuffer());
        if (cache) {
          const page = await sharedPage(response.status, sharedHeaders(res), body);
          cache.set(key, page, ttl, generation);
          sendSharedPage(req, res, page);
        } else {
          await sendRenderedPage(req, res, body, compressor);
        }
        return;
      }

      if (!response.body) {
        res.end();
        return;
      }
      await writeResponseBody(response.body, res);
    } catch (error) {
      next(error);
    }
  };
}

/** Headers that belong to this response alone, or to the coding chosen when it is sent. */
const PER_RESPONSE_HEADERS = new Set(["x-request-id", "content-length", "content-encoding", "etag"]);

/** The headers every visitor gets with a shared page: the security headers and the route's, and Vary for the codings. */
function sharedHeaders(res: ExpressResponse): [string, string][] {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers.push([name, name === "vary" ? `${String(value)}, Accept-Encoding` : String(value)]);
  }
  if (!res.hasHeader("vary")) headers.push(["vary", "Accept-Encoding"]);
  return headers;
}

/** A shared page from the cache in the coding the client prefers, or 304 when the client's copy is the same page. */
function sendSharedPage(req: ExpressRequest, res: ExpressResponse, page: SharedPage) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const coding = preferredCoding(req.get("accept-encoding"));
  const body = page.bodies[coding];
  if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", body.length);
  res.status(page.status).end(body);
}

/**
 * A shared page rendered for this request alone (no page cache), compressed in
 * one call into the coding the client prefers: the same bytes the compression
 * middleware would send, for half its CPU (decision 022), on the compression
 * thread while the main thread goes on (decision 025).
 */
async function sendRenderedPage(req: ExpressRequest, res: ExpressResponse, body: Buffer, compressor: CompressionThread) {
  res.setHeader("ETag", entityTag(body));
  res.vary("Accept-Encoding");
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const { coding, bytes } = await compressor.compress(body, preferredCoding(req.get("accept-encoding")));
  if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", bytes.length);
  res.end(bytes);
}

/**
 * A route's header replaces the default the security middleware set (e.g. a stricter
 * Referrer-Policy), instead of sending both; only Set-Cookie may repeat.
 */
function copyHeaders(res: ExpressResponse, headers: Iterable<[string, string]>) {
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
}

function toWebRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(receivedBodyOf(req) ?? req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}
