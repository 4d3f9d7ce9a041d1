import { expect, test } from "vitest";
import { mainNav } from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";
import { caseStudyHref } from "#app/content/case-studies.ts";
import { contentPages, pagesWithOwnRoute } from "#app/content/pages/index.ts";
import { axeViolations, DESKTOP, gotoHydrated, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { consultationValues } from "#tests/support/forms.ts";

/** The six demo case studies a new database publishes, by the addresses their migration gives them. */
const caseStudies = [
  "distributor-erp-month-end",
  "saas-subscription-billing",
  "clinic-chain-patient-app",
  "d2c-storefront-demand-forecast",
  "insurance-broker-crm-assistant",
  "logistics-cloud-migration",
].map((slug) => ({ slug }));

const { newPage, baseURL } = setupBrowser();

/** Every public route of the spec's routes table, with the page drawn from data where there is one. */
const routes = ["/", ...contentPages.map((page) => page.path), ...caseStudies.map(caseStudyHref), "/careers", "/careers/registration", "/featured-insights"];

test("every route answers 200 with its own title, one h1 and the three layout parts", async () => {
  // All of it is in the server's HTML: without scripts the browser spends nothing hydrating forty pages.
  const page = await newPage({ javaScriptEnabled: false });
  const titles = new Map<string, string>();
  for (const route of routes) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    const title = await page.title();
    expect(title.length, route).toBeGreaterThan(5);
    expect(titles.get(title), `${route} repeats the title of another route`).toBeUndefined();
    titles.set(title, route);
    expect(await page.locator("h1").count(), `${route} h1 count`).toBe(1);
    expect(await page.locator('meta[name="description"]').getAttribute("content"), route).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute("href"), route).toBe(`${baseURL()}${route}`);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content"), route).toBe(title);
    expect(await page.locator("header").first().isVisible(), `${route} header`).toBe(true);
    expect(await page.locator("#consultation").isVisible(), `${route} consultation panel`).toBe(true);
    expect(await page.locator("footer").isVisible(), `${route} footer`).toBe(true);
  }
});

/** Chromium reports a document answered with 404 as a console error; that one is expected here. */
const notFoundConsoleError = /the server responded with a status of 404/;

test("an unknown path shows the not-found page with HTTP 404", async () => {
  const page = await newPage({ allowConsoleErrors: notFoundConsoleError });
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  expect(await page.locator("h1").textContent()).toBe("Page not found");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  expect(await page.locator("#consultation").isVisible()).toBe(true);
});

test("pages render fully without JavaScript", async () => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto("/crm");
  expect(await page.locator("h1").textContent()).toContain("CRM");
  expect(await page.locator("footer").isVisible()).toBe(true);
  expect(await page.locator("#consultation h2").textContent()).toBe("Book a Free Consultation");
});

/**
 * The layout around each page (banner, header, consultation panel, footer) is the same on every
 * route but for the navigation entry marked as current. axe checks whole pages where that mark
 * differs (each entry's page, a page inside a dropdown's section, the home and the 404 pages),
 * and on every other route the page's own content, which is what differs there.
 */
const wholePageRoutes = new Set(["/", "/crm", "/missing-page", ...mainNav.map((entry) => (entry.kind === "link" ? entry.href : entry.overview.href))]);

/**
 * The content pages differ only in which shared section components they draw and in what words:
 * axe checks, at 1280 and at 375 px, the whole-page routes, every route with a template of its own
 * (one case study stands for all six) and as many content pages as it takes to draw every kind of
 * section and hero. Every route is still opened and checked for its title and layout above.
 */
function axeRoutes(): string[] {
  const drawn = new Set<string>();
  const pages = contentPages.filter((page) => {
    const kinds = page.sections.map((section) => (section.kind === "hero" ? `hero ${section.style ?? ""} ${section.art ? "art" : ""}` : section.kind));
    const drawsMore = kinds.some((kind) => !drawn.has(kind));
    for (const kind of kinds) drawn.add(kind);
    return drawsMore;
  });
  const sharedTemplate = new Set([
    ...contentPages.map((page) => page.path).filter((path) => !pagesWithOwnRoute.includes(path)),
    ...caseStudies.slice(1).map(caseStudyHref),
  ]);
  const ownTemplates = routes.filter((route) => !sharedTemplate.has(route));
  return [...new Set([...wholePageRoutes, ...ownTemplates, ...pages.map((page) => page.path)])];
}

test("axe finds no WCAG 2.2 AA violations on every template and kind of section at 1280 and 375 px", async () => {
  const failures: string[] = [];
  const checks = [DESKTOP, PHONE].flatMap((viewport) => axeRoutes().map((route) => ({ route, viewport })));
  // Two tabs take the checks in turn: axe's work is in each tab's own renderer process, one per core.
  await Promise.all(
    [1, 2].map(async () => {
      const page = await newPage({ allowConsoleErrors: notFoundConsoleError });
      for (let check = checks.shift(); check; check = checks.shift()) {
        const { route, viewport } = check;
        await page.setViewportSize(viewport);
        await page.goto(route);
        const scope = wholePageRoutes.has(route) ? undefined : "main";
        for (const violation of await axeViolations(page, scope)) failures.push(`${viewport.width}px ${route}${scope ? ` (${scope})` : ""}: ${violation}`);
      }
    }),
  );
  expect(failures.sort()).toEqual([]);
}, 300_000);

test("contact details in a page's copy can be tapped, the privacy policy reads as a document, and a closing call to action leads down to the form", async () => {
  const page = await newPage();
  await page.goto("/contact-us");
  const main = page.locator("main");
  for (const href of [site.phone.href, site.whatsapp.href, `mailto:${site.emails.sales}`, `mailto:${site.emails.general}`]) {
    expect(await main.locator(`a[href="${href}"]`).count(), href).toBeGreaterThan(0);
  }

  await page.goto("/privacy-policy");
  expect(await main.locator(`a[href="mailto:${site.emails.general}"]`).count()).toBeGreaterThan(0);
  // A plain title block: no banner-like hero, no buttons before the text.
  expect(await main.locator(".bg-gradient-to-br").count()).toBe(0);
  expect(await main.getByRole("link", { name: /consultation|contact us about privacy/i }).count()).toBe(0);

  await page.goto("/products");
  const leadIn = main.locator('a[href="#consultation"]').last();
  expect(await leadIn.textContent()).toContain("Request a demo");
  expect(await leadIn.evaluate((link) => link.closest(".bg-brand-900"))).toBeNull();
  await leadIn.click();
  await page.waitForURL(/#consultation$/);
  await expect.poll(() => page.locator("#consultation h2").evaluate((heading) => heading.getBoundingClientRect().top < window.innerHeight)).toBe(true);
});

test("the contact page has the consultation form and the direct contact links right under its title, once, and the form posts from there", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/contact-us");
  expect(await page.locator("#consultation").count()).toBe(1);
  const order = await page.evaluate(() => {
    const top = (element: Element | null) => element?.getBoundingClientRect().top ?? Number.NaN;
    return {
      title: top(document.querySelector("main h1")),
      form: top(document.querySelector("#consultation")),
      rest: top([...document.querySelectorAll("main h2")].find((heading) => heading.textContent === "How to reach us") ?? null),
      footer: top(document.querySelector("footer")),
    };
  });
  expect(order.title).toBeLessThan(order.form);
  expect(order.form).toBeLessThan(order.rest);
  expect(order.rest).toBeLessThan(order.footer);
  const panel = page.locator("#consultation");
  for (const href of [site.phone.href, site.whatsapp.href, `mailto:${site.emails.general}`])
    expect(await panel.locator(`a[href="${href}"]`).count(), href).toBe(1);

  const form = panel.locator("form");
  for (const [name, value] of Object.entries(consultationValues({ email: "contact-page@example.com" }))) await form.locator(`[name="${name}"]`).fill(value);
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await page.getByTestId("toast-text").filter({ hasText: "Consultation request submitted successfully!" }).first().waitFor();
});
