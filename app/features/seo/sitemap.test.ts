import { expect, test } from "vitest";
import { contentPages } from "#app/content/pages/index.ts";
import { publicPaths, sitemapXml } from "#app/features/seo/sitemap.ts";

test("the sitemap lists the home page and every content page once", () => {
  const paths = publicPaths();
  expect(paths).toContain("/");
  for (const page of contentPages) expect(paths).toContain(page.path);
  expect(new Set(paths).size).toBe(paths.length);
});

test("sitemap XML escapes locations and writes last-modified dates", () => {
  const xml = sitemapXml("https://example.org", [
    { path: "/careers/1?a=1&b=2" },
    { path: "/featured-insights/2", lastModified: new Date("2026-01-05T00:00:00Z") },
  ]);
  expect(xml).toContain("<loc>https://example.org/careers/1?a=1&amp;b=2</loc>");
  expect(xml).toContain("<lastmod>2026-01-05T00:00:00.000Z</lastmod>");
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
});
