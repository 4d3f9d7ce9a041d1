import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { expect, test } from "vitest";
import { compressedForRequest, entityTag, PageCache, preferredCoding, sharedPage } from "#server/page-cache.ts";

const html = `<!DOCTYPE html><html><body>${"<p>Kraf Technologies builds software.</p>".repeat(200)}</body></html>`;
const page = (body: string) => sharedPage(200, [["content-type", "text/html; charset=utf-8"]], Buffer.from(body));

test("a shared page is kept in every coding, each decoding to the same bytes, and named by its content", async () => {
  const stored = await page(html);
  expect(stored.bodies.identity.toString()).toBe(html);
  expect(gunzipSync(stored.bodies.gzip).toString()).toBe(html);
  expect(brotliDecompressSync(stored.bodies.br).toString()).toBe(html);
  expect(stored.bodies.br.length).toBeLessThan(stored.bodies.gzip.length);
  expect(stored.etag).toBe(entityTag(html));
  expect(stored.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
  expect(entityTag(html.replace("Kraf", "Craft"))).not.toBe(stored.etag);
});

test("a page rendered for one request is compressed in the coding asked for; a tiny one is sent as it is", () => {
  const body = Buffer.from(html);
  const br = compressedForRequest(body, "br");
  expect(br.coding).toBe("br");
  expect(brotliDecompressSync(br.bytes).toString()).toBe(html);
  expect(br.bytes.length).toBeLessThan(body.length / 10);
  const gzip = compressedForRequest(body, "gzip");
  expect(gzip.coding).toBe("gzip");
  expect(gunzipSync(gzip.bytes).toString()).toBe(html);
  expect(compressedForRequest(body, "identity")).toEqual({ coding: "identity", bytes: body });
  const tiny = Buffer.from("<p>Hi</p>");
  expect(compressedForRequest(tiny, "br")).toEqual({ coding: "identity", bytes: tiny });
});

test("brotli when the client accepts it, else gzip, else none; q=0 refuses a coding", () => {
  expect(preferredCoding("gzip, deflate, br, zstd")).toBe("br");
  expect(preferredCoding("gzip, br")).toBe("br");
  expect(preferredCoding("gzip")).toBe("gzip");
  expect(preferredCoding("br;q=0, gzip;q=0.5")).toBe("gzip");
  expect(preferredCoding("GZIP")).toBe("gzip");
  expect(preferredCoding("*")).toBe("br");
  expect(preferredCoding("*;q=0, identity")).toBe("identity");
  expect(preferredCoding("deflate")).toBe("identity");
  expect(preferredCoding(undefined)).toBe("identity");
});

test("an entry expires after its TTL", async () => {
  let now = 1_000;
  const cache = new PageCache(10, () => now);
  cache.set("/a", await page("a"), 5);
  now += 4_999;
  expect(cache.get("/a")?.bodies.identity.toString()).toBe("a");
  now += 1;
  expect(cache.get("/a")).toBeUndefined();
  expect(cache.size).toBe(0);
});

test("the cache holds a bounded number of pages, dropping the least recently used", async () => {
  const cache = new PageCache(2);
  cache.set("/a", await page("a"), 60);
  cache.set("/b", await page("b"), 60);
  cache.get("/a");
  cache.set("/c", await page("c"), 60);
  expect(cache.size).toBe(2);
  expect(cache.get("/b")).toBeUndefined();
  expect(cache.get("/a")?.bodies.identity.toString()).toBe("a");
  expect(cache.get("/c")?.bodies.identity.toString()).toBe("c");
});

test("a page rendered before the cache was emptied (a content change) is not stored after it", async () => {
  const cache = new PageCache();
  const renderedIn = cache.generation;
  const rendered = await page("before the change");
  cache.clear();
  cache.set("/careers", rendered, 60, renderedIn);
  expect(cache.get("/careers")).toBeUndefined();
  cache.set("/careers", await page("after the change"), 60, cache.generation);
  expect(cache.get("/careers")?.bodies.identity.toString()).toBe("after the change");
});
