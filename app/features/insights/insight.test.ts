import { existsSync } from "node:fs";
import { expect, test } from "vitest";
import { site } from "#app/content/site.ts";
import { imageOf, readMinutes, toInsightCard, toInsightDetail, type InsightSource } from "#app/features/insights/insight.server.ts";
import {
  DEFAULT_AUTHOR,
  DEFAULT_AUTHOR_BIO,
  DEFAULT_CATEGORY,
  DEFAULT_DESCRIPTION_HTML,
  DEFAULT_TITLE,
  PLACEHOLDER_IMAGE,
  formatLongDate,
  illustrationFor,
  initialOf,
  isIllustration,
} from "#app/features/insights/insight.ts";

const SITE = "https://www.example.com";

const created = new Date("2025-03-02T10:00:00Z");

/** A row as the old site may have written it: only the id. */
const bare = (overrides: Partial<InsightSource> = {}): InsightSource => ({
  id: 7,
  image: null,
  title: null,
  category: null,
  authorName: null,
  authorBio: null,
  publishedDate: null,
  readTime: null,
  description: null,
  createdAt: created,
  ...overrides,
});

test("the spec's default texts are exact", () => {
  expect(DEFAULT_CATEGORY).toBe("General");
  expect(DEFAULT_TITLE).toBe("Untitled Insight");
  expect(DEFAULT_AUTHOR).toBe("Anonymous");
  expect(DEFAULT_AUTHOR_BIO).toBe(`Writer at ${site.name}`);
});

test("a row with only an id shows every default", () => {
  const view = toInsightDetail(bare(), SITE);
  expect(view).toMatchObject({
    id: 7,
    href: "/featured-insights/7",
    title: "Untitled Insight",
    category: "General",
    author: "Anonymous",
    authorInitial: "A",
    authorBio: "Writer at Kraf Technologies",
    image: PLACEHOLDER_IMAGE,
    descriptionHtml: DEFAULT_DESCRIPTION_HTML,
    tags: [],
    readTime: "1 min read",
  });
  // No publishing date: it was published when it was written.
  expect(view.date).toBe("March 2, 2025");
  expect(view.dateTime).toBe(created.toISOString());
});

test("blank strings count as missing", () => {
  const view = toInsightDetail(bare({ title: "  ", category: "", authorName: " ", authorBio: "", image: " ", description: "  " }), SITE);
  expect([view.title, view.category, view.author, view.authorBio, view.image, view.descriptionHtml]).toEqual([
    DEFAULT_TITLE,
    DEFAULT_CATEGORY,
    DEFAULT_AUTHOR,
    DEFAULT_AUTHOR_BIO,
    PLACEHOLDER_IMAGE,
    DEFAULT_DESCRIPTION_HTML,
  ]);
});

test("a full row keeps its values, with the date in long US format and the read time in minutes", () => {
  const view = toInsightDetail(
    bare({
      title: "Cutting ERP month-end from 9 days to 2",
      category: "ERP",
      authorName: "priya Sharma",
      authorBio: "Head of delivery",
      image: "https://cdn.example.com/erp.jpg",
      publishedDate: new Date("2025-01-05T00:00:00Z"),
      readTime: 6,
      description: "<p>Month-end <strong>close</strong>.</p>",
      tags: ["ERP", " Finance ", ""],
      updatedAt: new Date("2025-02-01T00:00:00Z"),
    }),
    SITE,
  );
  expect(view).toMatchObject({
    title: "Cutting ERP month-end from 9 days to 2",
    category: "ERP",
    author: "priya Sharma",
    authorInitial: "P",
    authorBio: "Head of delivery",
    image: "https://cdn.example.com/erp.jpg",
    date: "January 5, 2025",
    dateTime: "2025-01-05T00:00:00.000Z",
    modifiedTime: "2025-02-01T00:00:00.000Z",
    readTime: "6 min read",
    descriptionHtml: "<p>Month-end <strong>close</strong>.</p>",
    summary: "Month-end close.",
    tags: ["ERP", "Finance"],
  });
});

test("the date is the UTC calendar day whatever the server's time zone", () => {
  expect(formatLongDate(new Date("2025-01-05T23:30:00Z"))).toBe("January 5, 2025");
  expect(formatLongDate(new Date("2025-01-05T00:10:00Z"))).toBe("January 5, 2025");
});

test("the description is sanitised, and one that sanitises to nothing gets the default paragraph", () => {
  const view = toInsightDetail(bare({ description: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">y</a>' }), SITE);
  expect(view.descriptionHtml).toBe("<p>Hi</p><a>y</a>");
  expect(toInsightDetail(bare({ description: "<script>alert(1)</script>" }), SITE).descriptionHtml).toBe(DEFAULT_DESCRIPTION_HTML);
});

test("only http(s) images and paths on this site are shown; anything else is the placeholder", () => {
  expect(imageOf("/images/a.png")).toBe("/images/a.png");
  expect(imageOf("https://x.example/a.png")).toBe("https://x.example/a.png");
  for (const bad of ["javascript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>", "//evil.example/a.png", "/\\evil", "not a url", null]) {
    expect(imageOf(bad), String(bad)).toBe(PLACEHOLDER_IMAGE);
  }
});

test("an insight without a picture of its own shows the illustration of its category's topic, or the placeholder", () => {
  const expected: Record<string, string> = {
    Cloud: "/images/insight-cloud.svg",
    "Cloud & DevOps": "/images/insight-cloud.svg",
    Security: "/images/insight-security.svg",
    "AI & Automation": "/images/insight-ai.svg",
    Analytics: "/images/insight-analytics.svg",
    Fintech: "/images/insight-commerce.svg",
    ERP: "/images/insight-business.svg",
    General: PLACEHOLDER_IMAGE,
    "": PLACEHOLDER_IMAGE,
  };
  for (const [category, image] of Object.entries(expected)) {
    expect(illustrationFor(category), category).toBe(image);
    expect(existsSync(`public${image}`), image).toBe(true);
    expect(isIllustration(image)).toBe(true);
  }
  // "Airline" holds "ai" only inside a word: no topic.
  expect(illustrationFor("Airline software")).toBe("/images/insight-business.svg");
  expect(illustrationFor("Airlines")).toBe(PLACEHOLDER_IMAGE);
  expect(toInsightCard(bare({ category: "Security" })).image).toBe("/images/insight-security.svg");
  expect(toInsightCard(bare({ category: "Security", image: "javascript:alert(1)" })).image).toBe("/images/insight-security.svg");
  expect(toInsightCard(bare({ category: "Security", image: "/media/1/photo.jpg" })).image).toBe("/media/1/photo.jpg");
  expect(isIllustration("/media/1/photo.jpg")).toBe(false);
});

test("a missing read time is estimated from the text, at least one minute", () => {
  expect(readMinutes(null, null)).toBe(1);
  expect(readMinutes(0, `<p>${"word ".repeat(401)}</p>`)).toBe(3);
  expect(readMinutes(4, `<p>${"word ".repeat(2000)}</p>`)).toBe(4);
});

test("a scheduled row's modified date is never before its publishing date", () => {
  const view = toInsightDetail(bare({ publishedDate: new Date("2025-06-01T00:00:00Z"), updatedAt: new Date("2025-05-01T00:00:00Z") }), SITE);
  expect(view.modifiedTime).toBe("2025-06-01T00:00:00.000Z");
});

test("the author initial is one whole letter, upper case", () => {
  expect(initialOf("émile")).toBe("É");
  expect(initialOf("𝒜da")).toBe("𝒜");
  expect(initialOf("  zoë")).toBe("Z");
});

test("a card carries what a listing shows", () => {
  expect(toInsightCard(bare({ title: "T", readTime: 3 }))).toEqual({
    id: 7,
    href: "/featured-insights/7",
    title: "T",
    category: "General",
    image: PLACEHOLDER_IMAGE,
    dateTime: created.toISOString(),
    date: "March 2, 2025",
    readTime: "3 min read",
  });
  // An upload of ours carries its widths for srcset.
  const id = "0b6f5e0e-3c1f-4f7a-9d7e-2a4b6c8d0e1f";
  expect(toInsightCard(bare({ image: `/media/${id}/960.webp` })).imageSrcSet).toBe(
    `/media/${id}/320.webp 320w, /media/${id}/640.webp 640w, /media/${id}/960.webp 960w`,
  );
});

test("the summary puts a space where blocks meet", () => {
  const view = toInsightDetail(bare({ description: "<h2>Why</h2><p>Most<br>cost</p><ul><li>One</li><li>Two</li></ul>" }), SITE);
  expect(view.summary).toBe("Why Most cost One Two");
});
