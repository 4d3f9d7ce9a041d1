import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DESKTOP, PHONE, setupBrowser } from "#tests/support/browser.ts";

/*
 * The layout's parts that load their code only when wanted (decision 017):
 * the consultation panel and the footer when they near the screen, the
 * mobile menu when it is shown, a page's text and links when reached.
 * Until then the server's HTML stands in.
 */

const { newPage } = setupBrowser();

const DEFERRED_CHUNKS = {
  panel: /\/consultation-panel-[^/]+\.js$/,
  footer: /\/site-footer-[^/]+\.js$/,
  mobileMenu: /\/mobile-menu-[^/]+\.js$/,
  homeBody: /\/home-body-[^/]+\.js$/,
};

/** A page whose script requests are recorded from the start. */
async function recordedPage(viewport: { width: number; height: number }) {
  const page = await newPage({ viewport });
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
  });
  const fetched = (chunk: RegExp) => scripts.some((url) => chunk.test(url));
  return { page, fetched };
}

/** Waits until the shell is hydrated: the dropdown toggles are buttons only once React runs. */
async function shellHydrated(page: Page) {
  await page.locator('nav[aria-label="Main"] button[aria-controls="solutions-menu"]').waitFor();
}

test("on a wide screen the panel, the footer and the mobile menu load no code until wanted, yet their HTML is complete", async () => {
  const { page, fetched } = await recordedPage(DESKTOP);
  await page.goto("/crm", { waitUntil: "networkidle" });
  await shellHydrated(page);

  expect(fetched(DEFERRED_CHUNKS.panel)).toBe(false);
  expect(fetched(DEFERRED_CHUNKS.footer)).toBe(false);
  expect(fetched(DEFERRED_CHUNKS.mobileMenu)).toBe(false);
  // The server's HTML: both forms are there and post without JavaScript until their part hydrates.
  expect(await page.locator("#consultation form[action='/consultation']").count()).toBe(1);
  expect(await page.locator("footer form[action='/newsletter']").count()).toBe(1);
  expect(await page.locator("form[novalidate]").count()).toBe(0);

  // Scrolled to, they load and hydrate.
  await page.locator("#site-footer").scrollIntoViewIfNeeded();
  await page.locator("footer form[novalidate]").waitFor({ state: "attached" });
  await page.locator("#consultation form[novalidate]").waitFor({ state: "attached" });
  expect(fetched(DEFERRED_CHUNKS.footer)).toBe(true);
  expect(fetched(DEFERRED_CHUNKS.panel)).toBe(true);
  expect(fetched(DEFERRED_CHUNKS.mobileMenu)).toBe(false);
});

test("what a visitor types before the footer hydrates is kept, and the form then posts with JavaScript", async () => {
  const { page } = await recordedPage(DESKTOP);
  await page.goto("/crm", { waitUntil: "networkidle" });
  await shellHydrated(page);
  const email = page.locator('footer input[name="email"]');
  // Typing into the server's field: focusing it asks for the part's code.
  await email.pressSequentially("early@example.com");
  await page.locator("footer form[novalidate]").waitFor({ state: "attached" });
  expect(await email.inputValue()).toBe("early@example.com");
  // Hydrated: a submit without consent is stopped in the browser, not posted.
  await page.locator("footer form").getByRole("button").click();
  expect(await page.locator("footer form [role='alert']").textContent()).toBe("Please accept the Privacy Policy.");
  expect(page.url()).toMatch(/\/crm$/);
});

test("a client navigation before the footer was wanted leaves the footer in place and loads it for the new page", async () => {
  const { page, fetched } = await recordedPage(DESKTOP);
  // A page of the full app (the application form's): an islands page leaves for a full page load (decision 078).
  await page.goto("/careers/registration", { waitUntil: "networkidle" });
  await shellHydrated(page);
  expect(fetched(DEFERRED_CHUNKS.footer)).toBe(false);
  const before = await page.evaluate(() => window.performance.getEntriesByType("navigation").length);

  await page.locator('nav[aria-label="Main"] a[href="/company"]').click();
  await page.waitForURL(/\/company$/);
  await page.getByRole("heading", { level: 1 }).waitFor();
  // The same document: a client navigation, not a page load.
  expect(await page.evaluate(() => window.performance.getEntriesByType("navigation").length)).toBe(before);
  expect(
    await page
      .locator("footer")
      .getByRole("link", { name: /privacy policy/i })
      .count(),
  ).toBeGreaterThan(0);
  await page.locator("footer form[novalidate]").waitFor({ state: "attached" });
  expect(fetched(DEFERRED_CHUNKS.footer)).toBe(true);
});

test("on a phone the mobile menu loads at once and works; it is the only header part that does", async () => {
  const { page, fetched } = await recordedPage(PHONE);
  await page.goto("/crm");
  const hamburger = page.locator('header button[aria-controls="mobile-menu"]');
  await hamburger.waitFor();
  expect(fetched(DEFERRED_CHUNKS.mobileMenu)).toBe(true);
  await hamburger.click();
  expect(await hamburger.getAttribute("aria-expanded")).toBe("true");
  expect(await page.locator("#mobile-menu").isVisible()).toBe(true);
});

test("on a phone a menu opened before its code arrived stays open when the scripts take it over", async () => {
  const page = await newPage({ viewport: PHONE });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(DEFERRED_CHUNKS.mobileMenu, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/crm");
  // The server's menu: a <details> that opens without scripts.
  await page.locator("header summary", { hasText: "Menu" }).click();
  expect(await page.locator('header nav[aria-label="Menu"] a[href="/resources"]').isVisible()).toBe(true);
  release();
  const hamburger = page.locator('header button[aria-controls="mobile-menu"]');
  await hamburger.waitFor();
  expect(await hamburger.getAttribute("aria-expanded")).toBe("true");
  expect(await page.locator("#mobile-menu").isVisible()).toBe(true);
  expect(await page.locator('#mobile-menu nav[aria-label="Menu"] a[href="/resources"]').isVisible()).toBe(true);
});

test("a part whose code cannot be loaded stays the server's HTML, and its form still posts", async () => {
  const page = await newPage({ viewport: DESKTOP, allowConsoleErrors: /Failed to load resource/ });
  await page.route(DEFERRED_CHUNKS.footer, (route) => route.abort());
  await page.goto("/crm", { waitUntil: "networkidle" });
  await shellHydrated(page);
  await page.locator("#site-footer").scrollIntoViewIfNeeded();
  await page.waitForEvent("console", (message) => message.text().includes("stays without scripts"));
  const form = page.locator('footer form[action="/newsletter"]');
  expect(await form.isVisible()).toBe(true);
  expect(await form.getAttribute("novalidate")).toBeNull();
  // The browser's own check still guards the unscripted form.
  await form.getByRole("button").click();
  expect(await form.locator('input[name="email"]').evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  expect(page.url()).toMatch(/\/crm$/);
});

/** Whether React has taken over the element (hydrated it): it then carries React's own properties. */
function hydrated(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")));
}

test("on an islands page a page's text stays the server's HTML, its code is never fetched, and a link in it loads the page", async () => {
  const { page, fetched } = await recordedPage(DESKTOP);
  await page.goto("/", { waitUntil: "networkidle" });
  await shellHydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  // A click with no pointer movement before it, as a screen reader or a quick tap gives, and one after pointing at it.
  await page.locator('#page-body a[href="/erp"]').first().dispatchEvent("click");
  await page.waitForURL(/\/erp$/);
  await page.getByRole("heading", { level: 1, name: /ERP/i }).waitFor();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
  await page.goBack({ waitUntil: "networkidle" });
  await page.locator('#page-body a[href="/erp"]').first().click();
  await page.waitForURL(/\/erp$/);
  await page.getByRole("heading", { level: 1, name: /ERP/i }).waitFor();
  expect(fetched(DEFERRED_CHUNKS.homeBody)).toBe(false);
});

test("a page's text reached by the full app's navigation is React's, and a link in it, clicked or from the keyboard, is a client navigation", async () => {
  const { page } = await recordedPage(DESKTOP);
  // Not from an islands page: its links leave for a full page load (decision 078).
  await page.goto("/careers/registration", { waitUntil: "networkidle" });
  await shellHydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  for (const follow of ["click", "keyboard"] as const) {
    await page.locator("header a[data-home-link]").click();
    await page.waitForURL((url) => url.pathname === "/");
    // The old page stays on screen until the new page's code is here; a body drawn after a client navigation is React's from the start.
    await page.locator('#page-body a[href="/our-solutions"]').waitFor();
    expect(await hydrated(page, '#page-body a[href="/our-solutions"]')).toBe(true);
    const link = page.locator(follow === "click" ? '#page-body a[href="/erp"]' : '#page-body a[href="/our-solutions"]').first();
    if (follow === "click") await link.click();
    else {
      await link.focus();
      await link.press("Enter");
    }
    await page.waitForURL(follow === "click" ? /\/erp$/ : /\/our-solutions$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  }
});

test("a client navigation between two pages drawn by the same route module never shows the old page's text in the new page", async () => {
  const { page } = await recordedPage(DESKTOP);
  // From a page of the full app, to two content pages: an islands page leaves for a full page load (decision 078).
  await page.goto("/careers/registration", { waitUntil: "networkidle" });
  await shellHydrated(page);
  await page.locator('nav[aria-label="Main"] button[aria-controls="solutions-menu"]').click();
  await page.locator('#solutions-menu a[href="/erp"]').click();
  await page.getByRole("heading", { level: 1, name: /ERP/i }).waitFor();
  const oldHeading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  // Every element added from now on whose text holds the old page's heading.
  await page.evaluate((heading) => {
    const seen: string[] = [];
    Object.assign(window, { oldTextAdded: seen });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element && node.textContent?.includes(heading)) seen.push(node.outerHTML.slice(0, 120));
    }).observe(document.body, { childList: true, subtree: true });
  }, oldHeading);

  // /crm, another content page, replaces the body of /erp.
  await page.locator('nav[aria-label="Main"] button[aria-controls="solutions-menu"]').click();
  await page.locator('#solutions-menu a[href="/crm"]').click();
  await page.waitForURL(/\/crm$/);
  await page.getByRole("heading", { level: 1, name: /CRM/i }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { oldTextAdded: string[] }).oldTextAdded)).toEqual([]);
});
