import { AxeBuilder } from "@axe-core/playwright";
import type { AxeResults, RunOptions } from "axe-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { buffer } from "node:stream/consumers";
import type { Browser, BrowserContext, BrowserContextOptions, Download, Page } from "playwright-core";
import { afterEach, beforeAll, expect, inject } from "vitest";
import { DESKTOP, launchChromium } from "#tests/support/chromium.ts";
import { perWorker } from "#tests/support/worker.ts";

export { DESKTOP, PHONE } from "#tests/support/chromium.ts";

/**
 * The worker's Chromium: started by its first browser file and used by the files after it (a start and
 * stop cost about 0.6 s of CPU), closed when the worker ends. Each worker has its own (one Chromium
 * shared by the files running side by side was slower: its one browser process carried both files'
 * pages; decision 049).
 */
const workerChromium = perWorker(
  // Each test opens a new browser context, which cannot use the spare renderer Chromium keeps ready for the last
  // one: with the limit, a context's pages share one renderer and no spare is made (decision 091).
  () => launchChromium(["--renderer-process-limit=1"]),
  (browser) => browser.close(),
  (browser) => browser.isConnected(),
);

/**
 * A real Chromium for a test file, each test's pages in browser contexts of their own, closed after
 * it. Every page it opens records console errors and failed requests; a test that leaves any behind fails.
 */
export function setupBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await workerChromium();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const found = problems.splice(0);
    expect(found, "console errors or page errors").toEqual([]);
  });

  const baseURL = () => inject("baseURL");

  async function newPage(options: BrowserContextOptions & { allowConsoleErrors?: RegExp } = {}): Promise<Page> {
    if (!browser) throw new Error("browser not started");
    const { allowConsoleErrors, ...contextOptions } = options;
    const context = await browser.newContext({ baseURL: baseURL(), viewport: DESKTOP, ...contextOptions });
    contexts.push(context);
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (allowConsoleErrors?.test(message.text())) return;
      problems.push(`console error on ${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
    return page;
  }

  return { newPage, baseURL, browser: () => browser! };
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** axe-core's minified build: the page parses 0.6 MB instead of 1.3 MB each time it is handed axe. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeInPage = { axe?: { run(context: string | Document, options: RunOptions): Promise<AxeResults> } };

/**
 * WCAG 2.2 AA violations on the page as it stands (or in the part `include` selects), summarised for a readable failure.
 * On a page without frames (every page of the site) axe runs in the page itself, handed to it once per document:
 * `AxeBuilder` hands the page axe twice on every run and, in frames, merges their results in a new blank page
 * (decision 088). Only violations are reported in full (the passes would be built and thrown away).
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const options: RunOptions = { resultTypes: ["violations"], runOnly: { type: "tag", values: AXE_TAGS } };
  let violations: AxeResults["violations"];
  if (page.frames().length === 1) {
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
    const results = await page.evaluate(({ include, options }) => (window as AxeInPage).axe!.run(include ?? document, options), { include, options });
    violations = results.violations;
  } else {
    const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).options(options);
    violations = (await (include ? builder.include(include) : builder).analyze()).violations;
  }
  return violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/**
 * Waits until React has hydrated the page in the tab, the parts that load
 * when wanted included. Scripts start after the first paint, so the `load`
 * event does not mean hydrated. The consultation panel and the footer load
 * their code when they come near the screen (decision 017): they are brought
 * there, and the page is scrolled back. A page's own form that loads when
 * the visitor reaches for it (an event's registration, a job alert), or the
 * island that holds one, is pointed at, when it is shown. Each holds a form that
 * turns to scripted validation (`novalidate`) once it is hydrated. The careers
 * filters' island (decision 078), a plain GET form, is pointed at, and waited for
 * until React has claimed its form.
 */
export async function waitForHydration(page: Page) {
  const scrolledFrom = await page.evaluate(() => window.scrollY);
  for (const part of ["#consultation", "#site-footer"]) {
    if (!(await page.locator(part).count())) continue;
    await page.locator(part).scrollIntoViewIfNeeded();
    await page.locator(`${part} form[novalidate]`).waitFor({ state: "attached" });
  }
  for (const part of ["#event-form-part", '[data-island="eventForm"]', '[data-island="jobAlert"]']) {
    const form = page.locator(`${part} form`);
    if (!(await form.isVisible())) continue;
    await form.hover();
    await page.locator(`${part} form[novalidate]`).waitFor({ state: "attached" });
  }
  const filters = page.locator('[data-island="jobFilters"] form');
  if (await filters.count()) {
    await filters.hover();
    await page.waitForFunction(() => {
      const form = document.querySelector('[data-island="jobFilters"] form');
      return form !== null && Object.keys(form).some((key) => key.startsWith("__reactFiber$"));
    });
  }
  await page.evaluate((y) => window.scrollTo(0, y), scrolledFrom);
}

/**
 * Waits until React has hydrated a staff page: it loads no part later, so
 * its main region holds React's fiber once hydration has claimed it.
 */
export async function waitForStaffHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** Opens a page and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * Runs the page's scripts `rate` times slower (Chromium's CPU throttling), as
 * on a busy or low-end machine, so a test does not pass only because the
 * page's scripts kept up with the network.
 */
export async function throttleCpu(page: Page, rate: number) {
  const session = await page.context().newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate });
}

/** A download's bytes, read as the browser hands them over. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
}
