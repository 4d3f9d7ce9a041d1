import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { caseStudiesFor, caseStudiesIn as studiesIn, caseStudyHref, solutionAreas, type CaseStudy, type SolutionArea } from "#app/content/case-studies.ts";
import { axeViolations, gotoHydrated, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { caseStudiesOfANewDatabase } from "#tests/support/case-studies.ts";

/* Case studies as proof of work. /portfolio lists and filters them, each has its page, solution pages and the home page show theirs. */
const { newPage } = setupBrowser();

const CARDS = "[data-testid=case-study-count] ~ div article";
const hrefsOf = (studies: readonly CaseStudy[]) => studies.map(caseStudyHref).sort();

/** The page keeps the visitor's place: scrolled down to the list, its heading and filters on screen below the sticky header. */
const atTheList = (page: Page) =>
  page.evaluate(() => {
    const heading = document.getElementById("case-studies-title")!.getBoundingClientRect();
    const filters = document.querySelector('nav[aria-label="Solution areas"]')!.getBoundingClientRect();
    const header = document.querySelector("header")!.getBoundingClientRect();
    return window.scrollY > 0 && heading.top >= header.bottom && filters.bottom <= window.innerHeight;
  });

// The server's database is new: it shows the studies its migrations published.
let caseStudies: CaseStudy[] = [];
beforeAll(async () => {
  caseStudies = await caseStudiesOfANewDatabase();
}, 60_000);
const caseStudiesIn = (area: SolutionArea) => studiesIn(caseStudies, area);

test("the portfolio lists the six case studies, marked as demo examples, and filters them by solution area with links that keep the place", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/portfolio");
  const cardLinks = () => page.locator(`${CARDS} h3 a`).evaluateAll((links) => links.map((link) => link.getAttribute("href")!).sort());
  expect(await cardLinks()).toEqual(hrefsOf(caseStudies));
  expect(await page.locator(CARDS).filter({ hasText: "Demo example" }).count()).toBe(caseStudies.length);
  const filters = page.getByRole("navigation", { name: "Solution areas" });
  expect(await filters.getByRole("link", { name: /^All/ }).getAttribute("aria-current")).toBe("page");

  const area = solutionAreas.find((candidate) => candidate.title === "Security & Cloud")!;
  const link = filters.getByRole("link", { name: new RegExp(`^${area.title}`) });
  expect(await link.textContent()).toContain(`(${caseStudiesIn(area).length})`);
  await link.scrollIntoViewIfNeeded();
  await link.click();
  // The page is drawn as islands: a filter loads the page whole, which opens at the list, not at the top.
  await page.waitForURL(`**/portfolio?area=${area.slug}#case-studies-title`);
  await expect.poll(cardLinks).toEqual(hrefsOf(caseStudiesIn(area)));
  expect(await page.getByTestId("case-study-count").textContent()).toBe(`${caseStudiesIn(area).length} case studies in ${area.title}`);
  expect(await link.getAttribute("aria-current")).toBe("page");
  expect(await atTheList(page)).toBe(true);
  expect(await page.title()).toContain(`Case studies: ${area.title}`);
  // A filter is a view of the listing (decision 051): its own heading and description, kept out of search results.
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Our work across industries: ${area.title}`);
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain(` This page shows those in ${area.title}.`);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/portfolio$/);

  // The whole card leads to its study: a click on its summary lands on the heading's link, stretched over the card.
  const first = caseStudiesIn(area)[0]!;
  const summary = page.locator(CARDS).filter({ hasText: first.title }).getByText(first.summary);
  await summary.scrollIntoViewIfNeeded();
  const box = (await summary.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForURL(`**${caseStudyHref(first)}`);
  await page.getByRole("heading", { level: 1, name: first.title }).waitFor();
});

test("without JavaScript the filters are plain links; an unknown area shows every study, a broken one is refused", async () => {
  const page = await newPage({ javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
  const area = solutionAreas[0]!;
  await page.goto("/portfolio");
  await page
    .getByRole("navigation", { name: "Solution areas" })
    .getByRole("link", { name: new RegExp(`^${area.title}`) })
    .click();
  await page.waitForURL(`**/portfolio?area=${area.slug}#case-studies-title`);
  expect(await atTheList(page)).toBe(true);
  expect(await page.locator(`${CARDS} h3 a`).count()).toBe(caseStudiesIn(area).length);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Our work across industries: ${area.title}`);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

  await page.goto("/portfolio?area=no-such-area");
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Our work across industries");
  expect(await page.locator('meta[name="robots"]').count()).toBe(0);
  expect(await page.locator(`${CARDS} h3 a`).count()).toBe(caseStudies.length);
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/portfolio$/);
  const broken = await page.goto("/portfolio?area=a%0Ab");
  expect(broken?.status()).toBe(400);
});

test("a study's page: its results, client, problem, what was built and stack, a demo note, its solutions, and Article structured data", async () => {
  const study = caseStudies.find((candidate) => candidate.slug === "insurance-broker-crm-assistant")!;
  const page = await newPage();
  const answer = await gotoHydrated(page, caseStudyHref(study));
  expect(answer?.status()).toBe(200);
  const main = page.locator("main");
  expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe(study.title);
  expect(await main.textContent()).toContain("Demo example");
  for (const heading of ["Results", "The client", "The problem", "What we built", "Technology", "About this example", "Related solutions"]) {
    expect(await main.getByRole("heading", { level: 2, name: heading }).isVisible(), heading).toBe(true);
  }
  for (const outcome of study.outcomes) expect(await main.textContent()).toContain(outcome.label);
  expect(await main.textContent()).toContain(study.client.sector);

  const articles = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text))
    .filter((item) => item["@type"] === "Article");
  expect(articles).toHaveLength(1);
  expect(articles[0]).toMatchObject({
    headline: study.title,
    datePublished: study.published,
    author: { "@type": "Organization" },
    url: expect.stringMatching(new RegExp(`${caseStudyHref(study)}$`)),
  });
  expect(articles[0].image[0]).toMatch(/^https?:\/\/.+\/og-image\.jpg$/);
  expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");

  const related = main.getByRole("heading", { level: 2, name: "Related solutions" }).locator("xpath=ancestor::section[1]");
  expect(await related.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(study.solutions);

  const missing = await newPage({ allowConsoleErrors: /status of 404/ });
  expect((await missing.goto("/portfolio/no-such-study"))?.status()).toBe(404);
});

test("a solution page and the home page show their case studies, linked to their pages", async () => {
  const page = await newPage();
  await page.goto("/crm");
  const onCrm = page.getByRole("heading", { level: 2, name: "Case studies" }).locator("xpath=ancestor::section[1]");
  expect(await onCrm.locator("article h3 a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(
    caseStudiesFor(caseStudies, "/crm").map(caseStudyHref),
  );
  expect(await onCrm.getByRole("link", { name: "See all case studies" }).getAttribute("href")).toBe("/portfolio");

  await page.goto("/");
  const onHome = page.getByRole("heading", { level: 2, name: "Recent work" }).locator("xpath=ancestor::section[1]");
  expect(await onHome.locator("article h3 a").count()).toBe(3);
});

test("the portfolio, a filtered view and a study's page pass axe and fit a 375 px screen", async () => {
  const page = await newPage({ reducedMotion: "reduce" });
  for (const viewport of [undefined, PHONE]) {
    if (viewport) await page.setViewportSize(viewport);
    for (const target of ["/portfolio", `/portfolio?area=${solutionAreas[1]!.slug}`, caseStudyHref(caseStudies[0]!)]) {
      await gotoHydrated(page, target);
      expect(await axeViolations(page), `${target} at ${viewport?.width ?? 1280} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${target} fits`).toBeLessThanOrEqual(viewport?.width ?? 1280);
    }
  }
});
