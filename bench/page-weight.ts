import { readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { launchChromium } from "#tests/support/chromium.ts";

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
  const browser = await launchChromium();
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

type RouteManifest = { routes: Record<string, { module: string; imports?: string[] }> };

/**
 * The files only staff routes use, from the build's route manifest: a
 * visitor's page that fetches one of them ships staff code.
 */
function staffOnlyFiles(): Set<string> {
  const assets = "build/client/assets";
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No route manifest in ${assets}: build first`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as RouteManifest;
  const staff = new Set<string>();
  const shared = new Set<string>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    for (const asset of [route.module, ...(route.imports ?? [])]) (id.startsWith("routes/staff") ? staff : shared).add(asset);
  }
  return new Set([...staff].filter((asset) => !shared.has(asset)));
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
  const staffOnly = staffOnlyFiles();
  const staffFiles = sources.filter((url) => staffOnly.has(new URL(url).pathname)).length;
  return { jsFiles: sources.length, staffFiles, jsRawBytes, jsGzipBytes, htmlGzipBytes };
}

/**
 * The web-vitals reporter's chunk on the wire (gzip): fetched only by the
 * sampled share of page views (VITALS_SAMPLE_RATE), after the page has loaded,
 * so the figures above, measured with reporting off, leave it out.
 */
export async function vitalsChunkWeight(baseURL: string) {
  const file = readdirSync("build/client/assets").find((name) => /^report-vitals-.*\.js$/.test(name));
  if (!file) throw new Error("No report-vitals chunk in build/client/assets: build first");
  return { file, gzipBytes: await wireBytes(`${baseURL}/assets/${file}`, "gzip") };
}
