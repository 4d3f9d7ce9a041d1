import { get } from "node:http";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Bytes on the wire for one GET, as the server sends them for the given encoding. */
function wireBytes(url: string, encoding: "gzip" | "identity"): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    }).on("error", reject);
  });
}

/** Every script Chromium fetches for one page, from navigation until the network has been idle for 500 ms. */
async function scriptsFetched(url: string): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js")) scripts.add(request.url());
    });
    await page.goto(url, { waitUntil: "networkidle" });
    return [...scripts];
  } finally {
    await browser.close();
  }
}

/**
 * JavaScript a visitor downloads for one page: every script a real browser
 * fetches while the page loads and hydrates, fetched again gzip-encoded from
 * the running server and counted as bytes on the wire.
 */
export async function pageWeight(baseURL: string, path: string) {
  const sources = await scriptsFetched(baseURL + path);
  let jsGzipBytes = 0;
  let jsRawBytes = 0;
  for (const url of sources) {
    jsGzipBytes += await wireBytes(url, "gzip");
    jsRawBytes += await wireBytes(url, "identity");
  }
  const htmlGzipBytes = await wireBytes(baseURL + path, "gzip");
  return { jsFiles: sources.length, jsRawBytes, jsGzipBytes, htmlGzipBytes };
}
