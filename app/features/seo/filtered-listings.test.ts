import type { MetaDescriptor } from "react-router";
import { expect, test } from "vitest";
import { meta as careersMeta } from "#app/routes/careers.tsx";
import { meta as insightsMeta } from "#app/routes/featured-insights.tsx";
import { meta as portfolioMeta } from "#app/routes/portfolio.tsx";

/* Every filtered listing follows one rule (decision 051): its own title and description, noindex, the unfiltered listing as canonical. */
const matches = [{ id: "root", data: { siteUrl: "https://example.org" } }];
type Entry = Record<string, unknown>;
const read = (meta: readonly Entry[]) => ({
  title: meta.find((entry) => "title" in entry)?.title,
  description: meta.find((entry) => entry.name === "description")?.content,
  robots: meta.find((entry) => entry.name === "robots")?.content ?? null,
  canonical: meta.find((entry) => entry.rel === "canonical")?.href,
});
// Each route's meta is called as React Router calls it, with only what it reads.
const call = (meta: unknown, loaderData: unknown) =>
  read((meta as (args: { loaderData: unknown; matches: typeof matches }) => MetaDescriptor[])({ loaderData, matches }) as Entry[]);

test("insights: a category is its own title and description, noindex, canonical to the listing; later pages stay indexed", () => {
  const all = call(insightsMeta, { query: { category: null, page: 1 } });
  const cloud = call(insightsMeta, { query: { category: "Cloud", page: 1 } });
  const data = call(insightsMeta, { query: { category: "Data", page: 1 } });
  expect(all).toMatchObject({ robots: null, canonical: "https://example.org/featured-insights" });
  expect(cloud).toMatchObject({ robots: "noindex", canonical: "https://example.org/featured-insights" });
  expect(cloud.title).toMatch(/^Insights: Cloud \| /);
  expect(cloud.description).toBe(`${all.description} This page shows those in Cloud.`);
  expect(new Set([all.title, cloud.title, data.title]).size).toBe(3);
  expect(new Set([all.description, cloud.description, data.description]).size).toBe(3);
  expect(call(insightsMeta, { query: { category: null, page: 2 } })).toMatchObject({ robots: null, canonical: "https://example.org/featured-insights?page=2" });
});

test("portfolio: an area is its own title and description, noindex, canonical to the listing", () => {
  const page = { title: "Portfolio", description: "Case studies." };
  expect(call(portfolioMeta, { page, area: null })).toMatchObject({ robots: null, canonical: "https://example.org/portfolio", description: "Case studies." });
  const area = call(portfolioMeta, { page, area: "Security & Cloud" });
  expect(area).toMatchObject({
    robots: "noindex",
    canonical: "https://example.org/portfolio",
    description: "Case studies. This page shows those in Security & Cloud.",
  });
  expect(area.title).toMatch(/^Case studies: Security & Cloud \| /);
});

test("careers: a filter or a search is noindex with the listing as canonical, named by what the list shows", () => {
  const facets = { department: [{ value: "engineering", label: "Engineering", count: 2 }], jobType: [], location: [] };
  const listing = (filters: Record<string, string>) => ({
    listing: { jobs: [], total: 2, facets, filters: { q: "", department: "", jobType: "", location: "", ...filters } },
  });
  expect(call(careersMeta, listing({}))).toMatchObject({ robots: null, canonical: "https://example.org/careers" });
  const filtered = call(careersMeta, listing({ department: "engineering", q: "rust" }));
  expect(filtered).toMatchObject({ robots: "noindex", canonical: "https://example.org/careers" });
  expect(filtered.title).toMatch(/^Careers: Engineering, “rust” \| /);
});
