import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, test } from "vitest";
import { srcSetOf } from "#app/features/images/image-rules.ts";
import { INSIGHT_IMAGE_SIZES } from "#app/features/insights/insight.ts";
import { InsightArticle } from "#app/features/insights/insight-article.tsx";
import { InsightCard } from "#app/features/insights/insight-card.tsx";
import { toInsightDetail, type InsightSource } from "#app/features/insights/insight.server.ts";
import { PLACEHOLDER_IMAGE } from "#app/features/insights/insight.ts";

const SITE = "https://www.example.com";

const OURS = "/media/0b5e3c1e-7d1a-4c5e-9f0a-2b3c4d5e6f70/1920.webp";
const INLINE = "/media/7a1c2e3d-4b5f-4a6b-8c7d-9e0f1a2b3c4d/960.webp";

const row = (image: string | null): InsightSource => ({
  id: 7,
  image,
  title: "Pictures that load fast",
  category: "Engineering",
  authorName: "Asha Rao",
  authorBio: null,
  publishedDate: new Date("2025-01-05T09:00:00Z"),
  readTime: 3,
  description: `<p>Intro</p><img src="${INLINE}" alt="A diagram" width="960" height="540" srcset="https://evil.example/x.png 1w">`,
  createdAt: new Date("2025-01-01T00:00:00Z"),
});

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const escaped = (text: string) => text.replaceAll("&", "&amp;");

test("a card and an article with one of our images offer every web width", () => {
  const detail = toInsightDetail(row(OURS), SITE);
  const card = render(<InsightCard insight={detail} />);
  expect(card).toContain(`srcSet="${escaped(srcSetOf(OURS)!)}"`);
  expect(card).toContain(`sizes="${INSIGHT_IMAGE_SIZES.card}"`);
  expect(card).toContain('loading="lazy"');
  const article = render(<InsightArticle insight={detail} />);
  expect(article).toContain(`srcSet="${escaped(srcSetOf(OURS)!)}" sizes="${INSIGHT_IMAGE_SIZES.article}"`);
  // The banner is the first thing a reader sees: not lazy.
  expect(article).not.toMatch(/<img[^>]*Banner for[^>]*loading="lazy"/);
  // The body's image: srcset derived at render, the stored one gone.
  expect(article).toContain(`<img src="${INLINE}" alt="A diagram" width="960" height="540" srcset="${srcSetOf(INLINE)}"`);
  expect(article).not.toContain("evil.example");
});

test("without an image the placeholder is drawn, with no srcset", () => {
  const detail = toInsightDetail(row(null), SITE);
  expect(detail.image).toBe(PLACEHOLDER_IMAGE);
  for (const html of [render(<InsightCard insight={detail} />), render(<InsightArticle insight={detail} />)]) {
    expect(html).toContain(`src="${PLACEHOLDER_IMAGE}"`);
    expect(html).not.toMatch(/<img[^>]*placeholder[^>]*srcSet/);
  }
});
