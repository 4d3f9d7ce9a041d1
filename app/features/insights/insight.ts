import { site } from "#app/content/site.ts";

/*
 * What a page shows of an insight, and the spec's defaults for what a row
 * leaves empty (spec §2 "Insight detail"). Safe for the browser bundle: the
 * mapping from database rows, which sanitises HTML, is insight.server.ts.
 */

export const DEFAULT_CATEGORY = "General";
export const DEFAULT_TITLE = "Untitled Insight";
export const DEFAULT_AUTHOR = "Anonymous";
export const DEFAULT_AUTHOR_BIO = `Writer at ${site.name}`;
export const DEFAULT_DESCRIPTION_HTML = "<p>This insight has no description yet. Check back soon for the full article.</p>";
/** Served from public/: a remote placeholder would be one more host to trust and to fail. */
export const PLACEHOLDER_IMAGE = "/images/insight-placeholder.svg";

/**
 * An insight without a picture of its own shows an illustration of its topic,
 * found by the words of its category (categories are free text); one that
 * matches no topic shows the placeholder.
 */
const TOPIC_ILLUSTRATIONS: readonly { words: readonly string[]; image: string }[] = [
  { words: ["cloud", "devops", "infrastructure", "kubernetes", "aws", "azure", "gcp"], image: "/images/insight-cloud.svg" },
  { words: ["security", "cybersecurity", "privacy", "compliance", "protection"], image: "/images/insight-security.svg" },
  { words: ["ai", "ml", "automation", "chatbots", "chatbot", "llm", "machine"], image: "/images/insight-ai.svg" },
  { words: ["analytics", "data", "bi", "intelligence", "forecasting", "reporting"], image: "/images/insight-analytics.svg" },
  { words: ["fintech", "payments", "payment", "billing", "commerce", "e-commerce", "ecommerce", "retail"], image: "/images/insight-commerce.svg" },
  { words: ["erp", "crm", "business", "operations", "saas", "software", "development"], image: "/images/insight-business.svg" },
];

export function illustrationFor(category: string | null | undefined): string {
  const words = new Set(
    (category ?? "")
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .filter(Boolean),
  );
  return TOPIC_ILLUSTRATIONS.find((topic) => topic.words.some((word) => words.has(word)))?.image ?? PLACEHOLDER_IMAGE;
}

/** Whether an insight's image is one of the site's own illustrations rather than its own picture. */
export function isIllustration(image: string): boolean {
  return image === PLACEHOLDER_IMAGE || TOPIC_ILLUSTRATIONS.some((topic) => topic.image === image);
}
/** Reading speed behind a read time estimated from the text when the row has none. */
export const WORDS_PER_MINUTE = 200;

export const INSIGHTS_PATH = "/featured-insights";
export const INSIGHTS_RSS_PATH = "/featured-insights/rss.xml";
export const INSIGHTS_PAGE_SIZE = 9;

/** How wide an insight's picture is drawn (the `sizes` of its srcset): a card in the listing's grid, or the article's column (max-w-4xl). */
export const INSIGHT_IMAGE_SIZES = {
  card: "(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw",
  article: "(min-width: 56rem) 52rem, 100vw",
} as const;

export type InsightCard = {
  id: number;
  href: string;
  title: string;
  category: string;
  image: string;
  /** The image's widths for srcset when it is one of ours (an upload); absent for any other picture. */
  imageSrcSet?: string;
  /** How wide the card draws it (srcset's sizes), with the srcset. */
  imageSizes?: string;
  /** ISO 8601, for <time dateTime>. */
  dateTime: string;
  /** Long US format, e.g. "January 5, 2025". */
  date: string;
  readTime: string;
  /** The editor's short summary, when there is one. */
  excerpt?: string;
};

export type InsightDetail = InsightCard & {
  author: string;
  authorInitial: string;
  authorBio: string;
  /** Sanitised HTML, safe to render. */
  descriptionHtml: string;
  /** The excerpt, else plain text of the description: for meta tags, structured data and feeds. */
  summary: string;
  /** The search-engine overrides (decision 060): each falls back to the insight's own when absent. */
  metaTitle?: string;
  metaDescription?: string;
  /** The picture link previews show, when the editor chose one. */
  socialImage?: string;
  noindex: boolean;
  tags: string[];
  /** ISO 8601. */
  modifiedTime: string;
  /** How wide the article draws its banner (srcset's sizes), with the srcset. */
  bannerSizes?: string;
};

/** An insight's public address: its slug, or its number while it has none. */
export const insightPath = (insight: { id: number; slug?: string | null }) => `${INSIGHTS_PATH}/${insight.slug || insight.id}`;

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** "January 5, 2025" (dates are stored as UTC instants; UTC keeps server and browser agreeing). */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}

export function readTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

/** The first letter of a name, whole even when it is outside the Basic Multilingual Plane. */
export function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase("en-US");
}
