import type { Page } from "playwright-core";
import { expect, test } from "vitest";

/** The newsletter form's answer to a sign-up, with or without JavaScript. */
const SUBSCRIBED = "Subscription successful! Thank you for signing up.";
/** The job alert form's answer to a sign-up, with or without JavaScript. */
const ALERT_SET_UP = "Your job alert is almost set up.";
import { setupBrowser } from "#tests/support/browser.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";

const { newPage } = setupBrowser();

/** The islands pages' one script (app/islands/islands.client.tsx, decision 078). */
const ISLANDS_ENTRY = /\/assets\/islands-[^/]+\.js$/;

test("the document names its stylesheet before any script and preloads no modules", async () => {
  const page = await newPage();
  const response = await page.goto("/crm");
  const html = (await response?.text()) ?? "";
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/app-[^"]+\.css"/);
  expect(head).not.toContain("<script");
  expect(html).not.toMatch(/<link rel="modulepreload"/);
});

for (const path of ["/", "/crm"]) {
  test(`${path} is painted before the first script is requested, then hydrates`, async () => {
    const page = await newPage();
    await page.goto(path);
    // The banner's Pause button is drawn by the hydrated page only.
    await page.getByRole("button", { name: "Pause announcements" }).waitFor({ state: "visible" });
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const scripts = performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
      return { paint, scripts: scripts.length, firstScript: Math.min(...scripts.map((entry) => entry.startTime)) };
    });
    // Scripts were fetched, so the comparison below is with the first of them, not with none at all.
    expect(timing.scripts).toBeGreaterThan(0);
    expect(timing.paint, JSON.stringify(timing)).toBeLessThan(timing.firstScript);
  });
}

/**
 * The demo content, on a server of this file's own: the run's shared server starts empty, with no insight
 * and no job to list. Its rate limit leaves room for the job alert's sign-ups below.
 */
const demoSite = setupOwnServer({ DEMO_CONTENT: "true", FORM_RATE_LIMIT: "1000" });
const INSIGHT = "/featured-insights/choosing-an-erp-for-a-growing-business";

// The home page, the pages of the content route (every solution page), an insight and the portfolio have no client part of their own;
// the contact and consultation pages draw the consultation panel's island in the page, the layout's place for it.
for (const path of ["/", "/crm", "/erp", INSIGHT, "/portfolio", "/contact-us", "/consultation"]) {
  test(`${path} is drawn as islands: no route manifest, the root's data inert, and its one script starts after the first paint`, async () => {
    const page = await newPage(path === INSIGHT ? { baseURL: demoSite.server.baseURL } : {});
    const response = await page.goto(path);
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain("__reactRouterContext");
    expect(html).toContain('<script type="application/json" id="island-site-data">');
    // The entry's module script is inserted by the loader that waits for the first paint, not written in the page.
    expect(html).not.toMatch(/<script type="module"/);
    expect(await page.locator("[data-island]").evaluateAll((islands) => islands.map((island) => island.getAttribute("data-island")))).toEqual([
      "banner",
      "header",
      "consultation",
      "footer",
      "toasts",
    ]);
    await page.getByRole("button", { name: "Pause announcements" }).waitFor({ state: "visible" });
    const timing = await page.evaluate((entry) => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const loaded = performance.getEntriesByType("resource").find((resource) => new RegExp(entry).test(new URL(resource.name).pathname));
      return { paint, entry: loaded?.startTime };
    }, ISLANDS_ENTRY.source);
    expect(timing.entry, JSON.stringify(timing)).toBeDefined();
    expect(timing.paint, JSON.stringify(timing)).toBeLessThan(timing.entry!);

    // A page with a client part of its own is the full app, as before.
    const application = await (await page.request.get("/careers/registration")).text();
    expect(application).toContain("__reactRouterContext");
    expect(application).not.toContain("data-island");
  });
}

test("an islands page and a page of the full app fetch the same React chunk, so a visitor going from one to the other has it already", async () => {
  const scriptsOf = async (path: string) => {
    const page = await newPage();
    await page.goto(path, { waitUntil: "networkidle" });
    return page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith(".js")),
    );
  };
  const islandsPage = await scriptsOf("/crm");
  const react = islandsPage.filter((script) => /\/framework-[^/]+\.js$/.test(script));
  expect(react, JSON.stringify(islandsPage)).toHaveLength(1);
  expect(islandsPage).toContainEqual(expect.stringMatching(ISLANDS_ENTRY));
  expect(await scriptsOf("/careers")).toContain(react[0]);
});

test("an island works before its script arrives, posting as without JavaScript, and once hydrated, through the data endpoint", async () => {
  const email = () => `island.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const subscribe = async (page: Page, address: string) => {
    const form = page.locator("#site-footer form");
    await form.locator('input[name="email"]').fill(address);
    await form.locator('input[name="consent"]').check();
    await form.getByRole("button", { name: "Subscribe" }).click();
  };

  // The entry held back: the footer stays the server's HTML, and its form posts the page.
  const before = await newPage();
  await before.route(ISLANDS_ENTRY, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await before.goto("/crm");
  await before.locator("#site-footer").scrollIntoViewIfNeeded();
  expect(await before.locator("#site-footer form[novalidate]").count()).toBe(0);
  await subscribe(before, email());
  await before.waitForURL((url) => url.pathname === "/newsletter");
  await before.getByText(SUBSCRIBED, { exact: true }).waitFor();

  // Hydrated as it nears the screen: the same form posts through the fetcher and the page stays.
  const after = await newPage();
  const posts: string[] = [];
  after.on("request", (request) => void (request.method() === "POST" && posts.push(new URL(request.url()).pathname)));
  await after.goto("/crm");
  await after.locator("#site-footer").scrollIntoViewIfNeeded();
  await after.locator("#site-footer form[novalidate]").waitFor({ state: "attached" });
  await subscribe(after, email());
  await after.locator("#site-footer [role=status]").getByText(SUBSCRIBED, { exact: true }).waitFor();
  expect(new URL(after.url()).pathname).toBe("/crm");
  expect(posts).toEqual(["/newsletter.data"]);
});

test("/careers and a job are drawn as islands: the listing's filters and the job alert's form are islands of their own, the job has none", async () => {
  const page = await newPage({ baseURL: demoSite.server.baseURL });
  const islandsOf = async (path: string) => {
    const html = (await (await page.goto(path))?.text()) ?? "";
    expect(html, path).not.toContain("__reactRouterContext");
    expect(html, path).toContain('<script type="application/json" id="island-site-data">');
    return page.locator("[data-island]").evaluateAll((islands) => islands.map((island) => island.getAttribute("data-island")));
  };
  expect(await islandsOf("/careers")).toEqual(["banner", "header", "jobFilters", "jobAlert", "consultation", "footer", "toasts"]);
  const job = (await page.getByRole("list", { name: "Open roles" }).getByRole("link").first().getAttribute("href"))!;
  expect(await islandsOf(job)).toEqual(["banner", "header", "consultation", "footer", "toasts"]);

  // Hydrated as they near the screen: a chosen department applies at once, as a page load the page cache answers.
  await page.goto("/careers");
  const filters = page.locator('[data-island="jobFilters"] form');
  await filters.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => Object.keys(document.querySelector('[data-island="jobFilters"] form')!).some((key) => key.startsWith("__reactFiber$")));
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await filters.getByLabel("Department").selectOption("engineering");
  await page.waitForURL(/[?&]department=engineering(&|$)/);
  await page.locator('[data-island="jobFilters"] select[name="department"] option[value="engineering"][selected]').waitFor({ state: "attached" });
  expect(await page.evaluate(() => "sameDocument" in window), "a page load").toBe(false);
});

test("the job alert's island posts the page before its script arrives, and once hydrated, through the data endpoint", async () => {
  const email = () => `alert.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const subscribe = async (page: Page, address: string) => {
    await page.getByText("Email me when a new job like these opens").click();
    const form = page.getByRole("form", { name: "Job alert" });
    await form.getByLabel("Email address").fill(address);
    await form.getByLabel(/I agree to the/).check();
    return form;
  };

  const before = await newPage({ baseURL: demoSite.server.baseURL });
  await before.route(ISLANDS_ENTRY, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await before.goto("/careers");
  const plainForm = await subscribe(before, email());
  expect(await before.locator('[data-island="jobAlert"] form[novalidate]').count()).toBe(0);
  await plainForm.getByRole("button", { name: "Email me new jobs" }).click();
  await before.waitForURL((url) => url.pathname === "/careers/alerts");
  await before.getByText(ALERT_SET_UP).first().waitFor();

  const after = await newPage({ baseURL: demoSite.server.baseURL });
  const posts: string[] = [];
  after.on("request", (request) => void (request.method() === "POST" && posts.push(new URL(request.url()).pathname)));
  await after.goto("/careers");
  const form = await subscribe(after, email());
  await after.locator('[data-island="jobAlert"] form[novalidate]').waitFor({ state: "attached" });
  await form.getByRole("button", { name: "Email me new jobs" }).click();
  await form.getByRole("status").getByText(ALERT_SET_UP).waitFor();
  expect(new URL(after.url()).pathname).toBe("/careers");
  expect(posts).toEqual(["/careers/alerts.data"]);
});

test("the tab's icon is a PNG the server sends, not an SVG the page would draw as a document of its own", async () => {
  const page = await newPage();
  await page.goto("/crm");
  const icons = await page.locator('link[rel~="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(icons).toHaveLength(1);
  const response = await page.request.get(icons[0] ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
});
