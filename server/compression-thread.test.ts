import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { compressionThread } from "#server/compression-thread.ts";
import { compressedForRequest } from "#server/page-cache.ts";

const html = `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, i) => `<p>Kraf Technologies builds software, part ${i}.</p>`).join("")}</body></html>`;

test("the compression thread sends the bytes the main thread would, in the coding asked for, many pages at once", async () => {
  const thread = compressionThread();
  const pages = Array.from({ length: 20 }, (_, i) => Buffer.from(html.replace("part 0.", `page ${i}.`)));
  expect(thread.compress(pages[0]!, "br")).toBeInstanceOf(Promise);
  const results = await Promise.all(pages.map((page, i) => thread.compress(page, i % 2 ? "gzip" : "br")));
  results.forEach((result, i) => {
    const page = pages[i]!;
    expect(result.coding).toBe(i % 2 ? "gzip" : "br");
    expect((i % 2 ? gunzipSync(result.bytes) : brotliDecompressSync(result.bytes)).toString()).toBe(page.toString());
    expect(result.bytes.equals(compressedForRequest(page, result.coding).bytes)).toBe(true);
  });
  const tiny = Buffer.from("<p>Hi</p>");
  expect(thread.compress(tiny, "br")).toEqual({ coding: "identity", bytes: tiny });
  expect(thread.compress(pages[0]!, "identity")).toEqual({ coding: "identity", bytes: pages[0] });
});

test("if the thread dies, the pages it held and every page after are compressed on the main thread", async () => {
  // A thread that fails on its first page, before answering it.
  const thread = compressionThread(`require("node:worker_threads").parentPort.on("message", () => process.exit(3));`);
  const body = Buffer.from(html);
  const held = await Promise.all([thread.compress(body, "br"), thread.compress(body, "gzip")]);
  expect(brotliDecompressSync(held[0].bytes).toString()).toBe(html);
  expect(gunzipSync(held[1].bytes).toString()).toBe(html);
  const after = thread.compress(body, "br");
  expect(after).not.toBeInstanceOf(Promise);
  expect(brotliDecompressSync((await after).bytes).toString()).toBe(html);
});
