import { singleLine } from "#app/features/forms/text-rules.ts";
import { readSeoInput, type SeoInput } from "#app/features/seo/seo-fields.ts";

/*
 * What an insight may hold, for the staff form and the server that checks it:
 * one source for the limits and the sentences.
 */

export const INSIGHT_LIMITS = {
  title: 150,
  category: 60,
  authorName: 80,
  authorBio: 300,
  tags: 10,
  tag: 40,
  /** Minutes; an editor's own figure for a long read. */
  readTime: 120,
  /** Characters of HTML after sanitising. */
  description: 60_000,
  /** A card's and a feed item's summary: two or three sentences. */
  excerpt: 300,
} as const;

export type InsightInput = {
  title: string;
  category: string | null;
  authorName: string | null;
  authorBio: string | null;
  tags: string[];
  /** Minutes, or null to compute it from the text. */
  readTime: number | null;
  /** Raw HTML as typed; the server sanitises it before it is stored. */
  description: string;
  /** The banner: a new upload's URL, null to remove it, absent to keep it. */
  image?: string | null;
  /** The summary for listings, the feed and link previews; null falls back to the article's words; absent keeps it. */
  excerpt?: string | null;
  /** The address and search-engine fields; absent keeps them as they are. */
  seo?: SeoInput;
};

/** A sentence per form field that is wrong (the search-engine fields among them). */
export type InsightFieldErrors = Record<string, string>;

/** "AI, Cloud , ai" → ["AI", "Cloud"]: trimmed, without repeats (case aside), in the order typed. */
export function tagsFrom(value: string | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of (value ?? "").split(",").map(singleLine)) {
    const key = tag.toLocaleLowerCase("en-US");
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

/** The form's values as an insight, or a sentence per field that is wrong. */
export function readInsightInput(values: Record<string, string>): { ok: true; input: InsightInput } | { ok: false; errors: InsightFieldErrors } {
  const errors: InsightFieldErrors = {};
  const title = singleLine(values.title);
  if (!title) errors.title = "Enter the title.";
  else if (title.length > INSIGHT_LIMITS.title) errors.title = `Keep the title to ${INSIGHT_LIMITS.title} characters.`;
  const category = singleLine(values.category);
  if (category.length > INSIGHT_LIMITS.category) errors.category = `Keep the category to ${INSIGHT_LIMITS.category} characters.`;
  const authorName = singleLine(values.authorName);
  if (authorName.length > INSIGHT_LIMITS.authorName) errors.authorName = `Keep the author's name to ${INSIGHT_LIMITS.authorName} characters.`;
  const authorBio = singleLine(values.authorBio);
  if (authorBio.length > INSIGHT_LIMITS.authorBio) errors.authorBio = `Keep the author's bio to ${INSIGHT_LIMITS.authorBio} characters.`;

  const tags = tagsFrom(values.tags);
  if (tags.length > INSIGHT_LIMITS.tags) errors.tags = `Use at most ${INSIGHT_LIMITS.tags} tags.`;
  else if (tags.some((tag) => tag.length > INSIGHT_LIMITS.tag)) errors.tags = `Keep each tag to ${INSIGHT_LIMITS.tag} characters.`;

  const readTimeText = singleLine(values.readTime);
  const readTime = readTimeText === "" ? null : /^\d{1,3}$/.test(readTimeText) ? Number(readTimeText) : NaN;
  if (readTime !== null && !(readTime >= 1 && readTime <= INSIGHT_LIMITS.readTime)) {
    errors.readTime = `Enter the read time in whole minutes from 1 to ${INSIGHT_LIMITS.readTime}, or leave it empty to compute it from the text.`;
  }

  const description = (values.description ?? "").trim();
  if (description.length > INSIGHT_LIMITS.description) {
    errors.description = `Keep the article to ${INSIGHT_LIMITS.description.toLocaleString("en-US")} characters of HTML.`;
  }

  const excerpt = singleLine(values.excerpt);
  if (excerpt.length > INSIGHT_LIMITS.excerpt) errors.excerpt = `Keep the excerpt to ${INSIGHT_LIMITS.excerpt} characters.`;

  const seo = readSeoInput(values);
  if (!seo.ok) Object.assign(errors, seo.errors);

  if (!seo.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      title,
      excerpt: excerpt || null,
      seo: seo.input,
      category: category || null,
      authorName: authorName || null,
      authorBio: authorBio || null,
      tags,
      readTime,
      description,
      ...(values.removeBanner === "on" ? { image: null } : {}),
    },
  };
}

/** An article body of 60,000 characters with room for the other fields and multipart framing (the banner comes on top). */
export const INSIGHT_FORM_MAX_BYTES = 256 * 1024;
