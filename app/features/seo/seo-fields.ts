import { singleLine } from "#app/features/forms/text-rules.ts";

/*
 * What a public item's search-engine fields may hold (decision 060):
 * its address (slug), the title and description search
 * results and link previews show instead of its own, and whether search
 * engines may list it. One source for the staff forms and the server.
 */

export const SEO_LIMITS = {
  slug: 80,
  metaTitle: 120,
  metaDescription: 300,
} as const;

/** What search results show before cutting off; the form counts against these, as Ghost's does. */
export const SEO_RECOMMENDED = { metaTitle: 60, metaDescription: 155 } as const;

/** The file field of the social image. */
export const SOCIAL_IMAGE_FIELD = "socialImage";

/** The form fields of the search-engine section, by their labels. */
export const seoFormLabels = {
  slug: "Address",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  noindex: "Hide from search engines",
  removeSocialImage: "Remove the social image",
} as const;

export type SeoInput = {
  /** Null: the address is the item's number. */
  slug: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  noindex: boolean;
  /** A new upload's address, null to remove it, absent to keep it. */
  socialImage?: string | null;
};

/** The fields as a revision keeps them. */
export type SeoData = Omit<SeoInput, "socialImage"> & { socialImage: string | null };

/** The revision fields of the section, labelled for the history's comparison. */
export const seoRevisionFields = [
  { key: "slug", label: "Address", kind: "text" },
  { key: "metaTitle", label: "Meta title", kind: "text" },
  { key: "metaDescription", label: "Meta description", kind: "text" },
  { key: "socialImage", label: "Social image", kind: "text" },
  { key: "noindex", label: "Hidden from search engines", kind: "flag" },
] as const;

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Words an item's address may not be: the site's own sections and spec
 * routes (so `/careers/{slug}` never reads as one of them, and an address is
 * never mistaken for another type's), and what the staff area uses.
 */
const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "staff",
  "media",
  "assets",
  "images",
  "new",
  "preview",
  "history",
  "careers",
  "registration",
  "alerts",
  "featured-insights",
  "rss",
  "events",
  "portfolio",
  "newsletter",
  "consultation",
  "contact-us",
  "sitemap",
  "robots",
]);

/** Why `slug` cannot be an item's address, or null when it can. Empty is allowed: the address is then the number. */
export function slugProblem(slug: string): string | null {
  if (slug.length > SEO_LIMITS.slug) return `Keep the address to ${SEO_LIMITS.slug} characters.`;
  if (!SLUG_PATTERN.test(slug)) return "Use only lowercase letters a to z, digits and single hyphens between them, e.g. senior-data-engineer.";
  if (/^\d+$/.test(slug)) return "An address of digits alone would read as an item's number; add a word.";
  if (RESERVED_SLUGS.has(slug)) return `"${slug}" is an address the site uses itself; choose another.`;
  return null;
}

/** A title as an address: "Senior Data Engineer (Pune)" → "senior-data-engineer-pune". */
export function slugFrom(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SEO_LIMITS.slug)
    .replace(/-+$/, "");
}

/** The section's values as fields, or a sentence per field that is wrong. */
export function readSeoInput(values: Record<string, string | undefined>): { ok: true; input: SeoInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const slug = singleLine(values.slug).toLowerCase();
  const problem = slug ? slugProblem(slug) : null;
  if (problem) errors.slug = problem;
  const metaTitle = singleLine(values.metaTitle);
  if (metaTitle.length > SEO_LIMITS.metaTitle) errors.metaTitle = `Keep the meta title to ${SEO_LIMITS.metaTitle} characters.`;
  const metaDescription = singleLine(values.metaDescription);
  if (metaDescription.length > SEO_LIMITS.metaDescription) errors.metaDescription = `Keep the meta description to ${SEO_LIMITS.metaDescription} characters.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      slug: slug || null,
      metaTitle: metaTitle || null,
      metaDescription: metaDescription || null,
      noindex: values.noindex === "on",
      ...(values.removeSocialImage === "on" ? { socialImage: null } : {}),
    },
  };
}

/** The section as the form shows it. */
export function seoFormValues(data: SeoData): Record<"slug" | "metaTitle" | "metaDescription" | "noindex", string> {
  return { slug: data.slug ?? "", metaTitle: data.metaTitle ?? "", metaDescription: data.metaDescription ?? "", noindex: data.noindex ? "on" : "" };
}

export const emptySeoForm = { slug: "", metaTitle: "", metaDescription: "", noindex: "" };

/** What a page's meta uses: the override where there is one, the item's own words otherwise. */
export function seoTitle(item: { metaTitle?: string | null }, fallback: string): string {
  return item.metaTitle?.trim() || fallback;
}

/** A description cut to what search results show, at a word. */
export function shortDescription(text: string, max: number = SEO_RECOMMENDED.metaDescription): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}
