import { expect, test } from "vitest";
import { filterHeadingSuffix, listingMeta, pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { site } from "#app/content/site.ts";

const find = (meta: ReturnType<typeof pageMeta>, key: string) =>
  meta.find((entry) => ("property" in entry && entry.property === key) || ("name" in entry && entry.name === key));

test("a page gets its title, description, canonical URL and social tags", () => {
  const meta = pageMeta({ title: "CRM Solutions", description: "About CRM.", path: "/crm", siteUrl: "https://example.org" });
  expect(meta).toContainEqual({ title: `CRM Solutions | ${site.name}` });
  expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/crm" });
  expect(find(meta, "description")).toEqual({ name: "description", content: "About CRM." });
  expect(find(meta, "og:url")).toEqual({ property: "og:url", content: "https://example.org/crm" });
  expect(find(meta, "og:image")).toEqual({ property: "og:image", content: "https://example.org/og-image.jpg" });
  expect(find(meta, "twitter:card")).toEqual({ name: "twitter:card", content: "summary_large_image" });
});

test("the home page title leads with the company name", () => {
  const meta = pageMeta({ title: "Home", description: "d", path: "/", siteUrl: "https://example.org" });
  expect(meta).toContainEqual({ title: `${site.name} | ${site.tagline}` });
});

test("a noindex page has no canonical link", () => {
  const meta = pageMeta({ title: "Page not found", description: "d", path: "/x", siteUrl: "", noindex: true });
  expect(meta).toContainEqual({ name: "robots", content: "noindex" });
  expect(meta.some((entry) => "rel" in entry && entry.rel === "canonical")).toBe(false);
});

test("the site URL comes from the root route's data", () => {
  expect(siteUrlFrom([{ id: "root", data: { siteUrl: "https://a.example" } }, { id: "routes/x" }])).toBe("https://a.example");
  expect(siteUrlFrom([undefined, { id: "routes/x" }])).toBe("");
});

test("a filtered listing keeps the listing's texts with the filter added, stays out of search results and names the listing as canonical", () => {
  const input = { title: "Insights: Cloud", description: "Articles.", path: "/featured-insights?category=Cloud", siteUrl: "https://example.org" };
  const meta = listingMeta({ ...input, filter: "Cloud", listingPath: "/featured-insights" });
  expect(meta).toContainEqual({ title: `Insights: Cloud | ${site.name}` });
  expect(find(meta, "description")).toEqual({ name: "description", content: "Articles. This page shows those in Cloud." });
  expect(find(meta, "robots")).toEqual({ name: "robots", content: "noindex" });
  expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/featured-insights" });
  expect(find(meta, "og:url")).toEqual({ property: "og:url", content: "https://example.org/featured-insights" });
  expect(filterHeadingSuffix("Cloud")).toBe(": Cloud");
});

test("an unfiltered listing is indexed at its own address", () => {
  const meta = listingMeta({
    title: "Insights",
    description: "Articles.",
    path: "/featured-insights?page=2",
    siteUrl: "https://example.org",
    filter: null,
    listingPath: "/featured-insights",
  });
  expect(find(meta, "robots")).toBeUndefined();
  expect(find(meta, "description")).toEqual({ name: "description", content: "Articles." });
  expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/featured-insights?page=2" });
  expect(filterHeadingSuffix(null)).toBe("");
});
