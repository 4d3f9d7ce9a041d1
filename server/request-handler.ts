import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { PAGE_CACHE_TTL_HEADER } from "#app/platform/page-cache.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import { servicesContext } from "#app/services-context.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { isBannerClosed } from "#app/features/banner/banner-cookie.ts";
import { entityTag, type PageCache, type SentPage } from "#server/page-cache.ts";

const UNREAD_BODY_DRAIN_BYTES = 64 * 1024;

/**
 * Express to React Router, with the page cache in between: a GET that a
 * route marked cacheable is answered from memory until its TTL runs out.
 */
export function reactRouterHandler(build: ServerBuild, services: Services, cache: PageCache | null) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const nonce = res.locals.nonce as string;
      // The banner's closed state is the only per-visitor part of a cacheable page.
      const key = req.method === "GET" ? `${req.originalUrl}|${isBannerClosed(req.get("cookie") ?? null)}` : undefined;
      const hit = key ? cache?.get(key, nonce) : undefined;
      if (hit) {
        sendPage(req, res, hit);
        return;
      }

      const context = new RouterContextProvider();
      context.set(requestInfoContext, { nonce, clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown" });
      context.set(servicesContext, services);
      const response = await handle(toWebRequest(req, res), context);
      const ttl = Number(response.headers.get(PAGE_CACHE_TTL_HEADER) ?? 0);
      response.headers.delete(PAGE_CACHE_TTL_HEADER);
      const headers = [...response.headers.entries()];

      // A page the same for everyone: kept for the next visitors, and given a validator for conditional requests.
      if (key && ttl > 0 && response.status === 200 && !response.headers.has("set-cookie")) {
        const body = await response.text();
        const page = { status: response.status, headers, body, etag: entityTag(body, nonce) };
        cache?.set(key, page, nonce, ttl);
        sendPage(req, res, page);
        return;
      }

      res.status(response.status);
      copyHeaders(res, headers);
      // A post answered before its body was read (too large, rate limited): when much may still
      // come, give the client a moment to read the answer while the rest is discarded unread,
      // then close. Closing at once would reset the connection, which can lose the answer.
      if (!req.complete && req.method !== "GET" && req.method !== "HEAD" && !(Number(req.get("content-length")) <= UNREAD_BODY_DRAIN_BYTES)) {
        res.on("finish", () => lingerThenClose(req));
      }
      if (!response.body) {
        res.end();
        return;
      }
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A shared page, or 304 when the client's copy has the same content. The
 * client keeps its copy's own nonce and policy, so a 304 carries no new policy
 * (a browser would merge it into the stored response, and the nonces would disagree).
 */
function sendPage(req: ExpressRequest, res: ExpressResponse, page: SentPage) {
  res.status(page.status);
  copyHeaders(res, page.headers);
  res.setHeader("ETag", page.etag);
  if (req.fresh) {
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  res.send(page.body);
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

const LINGER_MS = 2_000;

/** Reads and discards what the client still sends, for a little while, then closes its connection. */
function lingerThenClose(req: ExpressRequest) {
  req.unpipe();
  req.resume();
  setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
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
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}
