import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { articleJsonLd } from "#app/features/insights/article-json-ld.ts";
import { toInsightDetail, type InsightSource } from "#app/features/insights/insight.server.ts";

const SITE = "https://www.example.com";

const row = (overrides: Partial<InsightSource> = {}): InsightSource => ({
  id: 12,
  image: "https://cdn.example.com/cover.jpg",
  title: "Five lessons from migrating a billing system",
  category: "Billing",
  authorName: "Asha Rao",
  authorBio: null,
  publishedDate: new Date("2025-01-05T09:00:00Z"),
  readTime: 5,
  description: "<p>What we learned moving <em>2 million</em> invoices.</p>",
  createdAt: new Date("2025-01-01T00:00:00Z"),
  tags: ["billing", "migration"],
  updatedAt: new Date("2025-01-06T00:00:00Z"),
  ...overrides,
});

test("an insight's Article has Google's required and recommended properties", () => {
  const data = articleJsonLd(toInsightDetail(row(), SITE), SITE);
  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBe("Article");
  expect(data.headline).toBe("Five lessons from migrating a billing system");
  expect(data.image).toEqual(["https://cdn.example.com/cover.jpg"]);
  // ISO 8601 with a time zone, as Google asks.
  expect(data.datePublished).toBe("2025-01-05T09:00:00.000Z");
  expect(data.dateModified).toBe("2025-01-06T00:00:00.000Z");
  expect(data.author).toEqual({ "@type": "Person", name: "Asha Rao" });
  expect(data.publisher).toMatchObject({ "@type": "Organization", name: "Kraf Technologies", logo: { url: `${SITE}/logo.png` } });
  expect(data.mainEntityOfPage).toEqual({ "@type": "WebPage", "@id": `${SITE}/featured-insights/12` });
  expect(data.description).toBe("What we learned moving 2 million invoices.");
  expect(data.articleSection).toBe("Billing");
  expect(data.keywords).toEqual(["billing", "migration"]);
});

test("a row with only defaults still gives a complete Article, with an absolute image URL", () => {
  const data = articleJsonLd(toInsightDetail(row({ image: null, title: null, authorName: null, category: null, description: null, tags: [] }), SITE), SITE);
  expect(data.headline).toBe("Untitled Insight");
  expect(data.author.name).toBe("Anonymous");
  expect(data.articleSection).toBe("General");
  expect(data.image).toEqual([`${SITE}/images/insight-placeholder.svg`]);
  for (const key of ["headline", "image", "datePublished", "dateModified", "author"] as const) expect(data[key]).toBeTruthy();
});

test("a title holding </script> cannot end the structured-data script element", () => {
  const data = articleJsonLd(toInsightDetail(row({ title: '</script><script>alert("x")</script>' }), SITE), SITE);
  const html = renderToStaticMarkup(<JsonLd data={data} />);
  // Exactly one closing tag: the element's own.
  expect(html.match(/<\/script/gi)).toHaveLength(1);
  expect(html).not.toContain("<script>alert");
  const json = /^<script type="application\/ld\+json">(.*)<\/script>$/s.exec(html)?.[1];
  expect(JSON.parse(json ?? "null").headline).toBe('</script><script>alert("x")</script>');
});
