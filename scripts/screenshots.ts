import { mkdir } from "node:fs/promises";
import path from "node:path";
import { DESKTOP, PHONE, launchChromium } from "#tests/support/chromium.ts";
import { startServer } from "#tests/support/server.ts";

/**
 * Screenshots for reviewers: each page below (or the paths given as arguments)
 * at 1280 and 375 px, full length, as `screenshots/<page>-<width>.png` (not
 * committed). `npm run screenshots` builds the site first, then starts it on a
 * free port with the demo content and an empty data folder, and stops it after.
 */
const DEFAULT_PATHS = ["/", "/crm", "/portfolio", "/kraf-think-2025", "/contact-us"];
const OUT_DIR = "screenshots";

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_PATHS;
const fileName = (pagePath: string, width: number) => `${pagePath.replace(/^\/|\/$/g, "").replace(/[^a-z0-9]+/gi, "-") || "home"}-${width}.png`;

await mkdir(OUT_DIR, { recursive: true });
const server = await startServer({ DEMO_CONTENT: "true" });
const browser = await launchChromium();
try {
  for (const viewport of [DESKTOP, PHONE]) {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport });
    const page = await context.newPage();
    for (const pagePath of paths) {
      const response = await page.goto(pagePath, { waitUntil: "networkidle" });
      const file = path.join(OUT_DIR, fileName(pagePath, viewport.width));
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${response?.status() ?? "?"} ${pagePath} at ${viewport.width} px → ${file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
