import { existsSync } from "node:fs";
import { expect, test } from "vitest";
import { careersPage } from "#app/content/careers.ts";
import { contentPages, homePage } from "#app/content/pages/index.ts";
import { RESPONSE_PROMISE_MINUTES, site } from "#app/content/site.ts";
import { anchorOf, bannerMessages, footerLinks, mainNav, productLinks, solutionGroups } from "#app/content/navigation.ts";

const allPages = [homePage, careersPage, ...contentPages];

/** The spec's routes table: every one of these must be a page of the site. */
const specContentPaths = [
  "/products",
  "/about",
  "/contact-us",
  "/kraf-think-2025",
  "/our-solutions",
  "/privacy-policy",
  "/portfolio",
  "/custom-software",
  "/crm",
  "/services",
  "/company",
  "/partners",
  "/ecommerce",
  "/web-mobile-app-dev",
  "/ai-ml-solution",
  "/business-intelligence-analytics",
  "/billing-system",
  "/payment-gateway",
  "/erp",
  "/cloud-infrastructure",
  "/cybersec-and-data-protection",
  "/devops",
  "/chatbot-and-virtual",
  "/predictive-analysis",
  "/resources",
  "/open-innovation",
];

test("every content route of the spec has a page", () => {
  expect(contentPages.map((page) => page.path).sort()).toEqual([...specContentPaths].sort());
});

test("titles and descriptions are unique and descriptions are search-snippet length", () => {
  const titles = allPages.map((page) => page.title);
  const descriptions = allPages.map((page) => page.description);
  expect(new Set(titles).size).toBe(titles.length);
  expect(new Set(descriptions).size).toBe(descriptions.length);
  for (const page of allPages) {
    expect(page.description.length, page.path).toBeGreaterThanOrEqual(70);
    expect(page.description.length, page.path).toBeLessThanOrEqual(160);
  }
});

test("pages hold real copy: no placeholder text", () => {
  const text = JSON.stringify(allPages).toLowerCase();
  for (const placeholder of ["lorem ipsum", "coming soon", "todo", "tbd", "placeholder"]) expect(text).not.toContain(placeholder);
});

test("every internal link of navigation and pages points at a page that exists", () => {
  const known = new Set(["/", "/careers", "/careers/registration", "/featured-insights", ...contentPages.map((page) => page.path)]);
  const hrefs = [
    ...solutionGroups.flatMap((group) => group.links.map((link) => link.href)),
    ...productLinks.map((link) => link.href),
    ...bannerMessages.map((message) => message.href),
    ...footerLinks.map((link) => link.href),
    ...mainNav.map((entry) => ("href" in entry ? entry.href : entry.overview.href)),
    ...[...JSON.stringify(allPages).matchAll(/"href":"([^"]+)"/g)].map((match) => match[1]),
  ].filter((href): href is string => typeof href === "string" && href.startsWith("/"));
  for (const href of hrefs) expect(known, href).toContain(href.split(/[?#]/)[0]);
});

test("every navigation entry that leads to a section finds a card with its name and real copy there", () => {
  const sectionLinks = [
    ...solutionGroups.flatMap((group) => group.links),
    ...productLinks,
    ...bannerMessages.map((message) => ({ label: "", href: message.href })),
  ].filter((link) => anchorOf(link.href));
  expect(sectionLinks.length).toBeGreaterThanOrEqual(productLinks.length + 3);
  for (const link of sectionLinks) {
    const [path] = link.href.split("#");
    const cards = contentPages.find((page) => page.path === path)!.sections.flatMap((section) => (section.kind === "features" ? section.items : []));
    const card = cards.find((item) => item.id === anchorOf(link.href));
    expect(card, link.href).toBeDefined();
    if (link.label) expect(card!.title).toBe(link.label);
    expect(card!.body.split(/\s+/).length, link.href).toBeGreaterThanOrEqual(25);
  }
});

test("every page's hero has artwork from public/art, except the plain document pages", () => {
  for (const page of allPages) {
    const hero = page.sections[0];
    if (hero.style === "document") {
      expect(hero.art, page.path).toBeUndefined();
      continue;
    }
    expect(hero.art, page.path).toBeDefined();
    expect(existsSync(`public/art/${hero.art}.svg`), `${page.path}: public/art/${hero.art}.svg`).toBe(true);
  }
});

test("the response promise reads as the spec words it, from the one number the leads' clock counts", () => {
  expect(RESPONSE_PROMISE_MINUTES).toBe(60);
  expect(site.responsePromise).toBe("We respond within 1 business hour.");
  const contact = JSON.stringify(contentPages.find((page) => page.path === "/contact-us"));
  expect(contact).toContain("replies within 1 business hour on business days");
  expect(contact).toContain("the 1 business hour response time counts from then");
});
