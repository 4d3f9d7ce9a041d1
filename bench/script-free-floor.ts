import { createServer, request, type IncomingHttpHeaders } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { freePort } from "#tests/support/server.ts";

/** Every `<script>` element, inline or not, JSON-LD included, and every `<link rel="modulepreload">`. */
const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi;

/** A page's HTML as it would be with no script at all: the physical limit of what it can cost in the browser. */
export function withoutScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, "").replace(MODULE_PRELOAD, "");
}

/** The production server's brotli level (the `compression` package's default, quality 4), so the floor's HTML is as many bytes on the wire. */
const BROTLI_QUALITY = 4;

function encoded(html: string, acceptEncoding: string | undefined) {
  const body = Buffer.from(html);
  if (/\bbr\b/.test(acceptEncoding ?? ""))
    return { encoding: "br", bytes: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) };
  if (/\bgzip\b/.test(acceptEncoding ?? "")) return { encoding: "gzip", bytes: gzipSync(body) };
  return { encoding: undefined, bytes: body };
}

export type ScriptFreeFloor = { baseURL: string; stop: () => Promise<void> };

/**
 * The floor of the paired Lighthouse runs: a server on 127.0.0.1 that answers each of `paths` with
 * the production server's HTML for it, fetched once, without its scripts, and passes every other
 * request (style sheet, fonts, images) through to `origin` unchanged. The page's addresses are
 * relative, so it loads the same style sheet and images from the same server as the real page,
 * one loopback hop further.
 */
export async function startScriptFreeFloor(origin: string, paths: string[]): Promise<ScriptFreeFloor> {
  const pages = new Map<string, string>();
  for (const path of paths) {
    const response = await fetch(origin + path, { redirect: "manual" });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: the floor needs the page itself`);
    const html = withoutScripts(await response.text());
    if (/<script\b/i.test(html)) throw new Error(`${path}: a script is left in the floor's HTML`);
    pages.set(path, html);
  }
  const target = new URL(origin);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://floor").pathname;
    const html = req.method === "GET" ? pages.get(path) : undefined;
    if (html !== undefined) {
      const { encoding, bytes } = encoded(html, req.headers["accept-encoding"]);
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": bytes.byteLength,
        "Cache-Control": "no-cache",
        Vary: "Accept-Encoding",
        ...(encoding && { "Content-Encoding": encoding }),
      });
      res.end(bytes);
      return;
    }
    const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
