import { srcSetOf } from "#app/features/images/image-rules.ts";
import { responsiveHtml } from "#app/features/images/responsive-html.server.ts";
import { plainText, publicRichText } from "#app/features/rich-text/sanitize.server.ts";
import type { InsightRow } from "#app/features/insights/insights.server.ts";
import {
  INSIGHT_IMAGE_SIZES,
  DEFAULT_AUTHOR,
  DEFAULT_AUTHOR_BIO,
  DEFAULT_CATEGORY,
  DEFAULT_DESCRIPTION_HTML,
  DEFAULT_TITLE,
  WORDS_PER_MINUTE,
  formatLongDate,
  illustrationFor,
  initialOf,
  insightPath,
  readTimeLabel,
  type InsightCard,
  type InsightDetail,
} from "#app/features/insights/insight.ts";

/** The fields a view needs; a full row fits, and tests can pass less. */
export type InsightSource = Pick<
  InsightRow,
  "id" | "image" | "title" | "category" | "authorName" | "authorBio" | "publishedDate" | "readTime" | "description" | "createdAt"
> &
  Partial<Pick<InsightRow, "tags" | "updatedAt" | "slug" | "excerpt" | "metaTitle" | "metaDescription" | "socialImage" | "noindex">>;

const filled = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * An image the page may show: an http(s) URL or a path on this site. None, or
 * anything else (javascript:, data:, a typo), which would be broken or unsafe,
 * gets the illustration of the insight's category (illustrationFor).
 */
export function imageOf(raw: string | null | undefined, category?: string | null): string {
  const value = filled(raw);
  if (!value) return illustrationFor(category);
  if (/^\/(?![/\\])/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : illustrationFor(category);
  } catch {
    return illustrationFor(category);
  }
}

/** Minutes: the stored read time, else estimated from the description's length (at least 1). */
export function readMinutes(readTime: number | null | undefined, descriptionHtml: string | null | undefined): number {
  if (readTime && readTime > 0) return readTime;
  const words = plainText(descriptionHtml).split(" ").filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** A row without a publishing date was published when it was written. */
const publishedAt = (row: InsightSource) => row.publishedDate ?? row.createdAt;

export function toInsightCard(row: InsightSource): InsightCard {
  const date = publishedAt(row);
  const image = imageOf(row.image, row.category);
  const imageSrcSet = srcSetOf(image) ?? undefined;
  return {
    id: row.id,
    href: insightPath(row),
    title: filled(row.title) ?? DEFAULT_TITLE,
    category: filled(row.category) ?? DEFAULT_CATEGORY,
    image,
    // Absent, not null, for any other picture: the props then stay off the <img>.
    ...(imageSrcSet ? { imageSrcSet, imageSizes: INSIGHT_IMAGE_SIZES.card } : {}),
    dateTime: date.toISOString(),
    date: formatLongDate(date),
    readTime: readTimeLabel(readMinutes(row.readTime, row.description)),
    ...(filled(row.excerpt) ? { excerpt: filled(row.excerpt) } : {}),
  };
}

/** The article page's view of `row`, its links judged against `siteUrl` (the site's origin). */
export function toInsightDetail(row: InsightSource, siteUrl: string): InsightDetail {
  const author = filled(row.authorName) ?? DEFAULT_AUTHOR;
  // Sanitising can leave nothing (a description that was only a script): that is "absent" too.
  // Our images get their srcset here, on the way to the page; the stored HTML never holds one.
  const descriptionHtml = responsiveHtml(publicRichText(row.description, siteUrl) || DEFAULT_DESCRIPTION_HTML);
  const card = toInsightCard(row);
  return {
    ...card,
    author,
    authorInitial: initialOf(author),
    authorBio: filled(row.authorBio) ?? DEFAULT_AUTHOR_BIO,
    descriptionHtml,
    summary: card.excerpt ?? plainText(descriptionHtml),
    ...(filled(row.metaTitle) ? { metaTitle: filled(row.metaTitle) } : {}),
    ...(filled(row.metaDescription) ? { metaDescription: filled(row.metaDescription) } : {}),
    ...(filled(row.socialImage) ? { socialImage: imageOf(row.socialImage) } : {}),
    noindex: row.noindex ?? false,
    tags: (row.tags ?? []).map((tag) => tag.trim()).filter(Boolean),
    // Never before publication: a scheduled row was last edited before its date.
    modifiedTime: new Date(Math.max(row.updatedAt?.getTime() ?? 0, publishedAt(row).getTime())).toISOString(),
    ...(card.imageSrcSet ? { bannerSizes: INSIGHT_IMAGE_SIZES.article } : {}),
  };
}
