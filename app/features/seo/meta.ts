import type { MetaDescriptor } from "react-router";
import { site } from "#app/content/site.ts";

type RootData = { siteUrl: string } | undefined;

/** The public origin, read from the root loader's data inside a `meta` function. */
export function siteUrlFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as RootData;
  return root?.siteUrl ?? "";
}

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path of the page, e.g. "/crm". */
  path: string;
  siteUrl: string;
  image?: string;
  type?: "website" | "article";
  /** Pages that should stay out of search results (e.g. not found). */
  noindex?: boolean;
  /** The page search engines should index instead of this one; without it a noindex page names none. */
  canonicalPath?: string;
};

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function pageMeta({ title, description, path, siteUrl, image, type = "website", noindex, canonicalPath }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${site.name} | ${site.tagline}` : `${title} | ${site.name}`;
  const url = `${siteUrl}${canonicalPath ?? path}`;
  const imageUrl = image ? new URL(image, `${siteUrl}/`).href : `${siteUrl}/og-image.jpg`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(noindex && !canonicalPath ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}

/**
 * A listing's meta (decision 051). Filtered, it keeps the listing's own title
 * and description with the filter added, so a reader's tab, bookmark and
 * history tell the views apart, and stays out of search results with the
 * unfiltered listing as its canonical: the sitemap lists only that one, and
 * a filter shows nothing the listing does not.
 */
export function listingMeta({
  filter,
  listingPath,
  ...page
}: PageMetaInput & {
  /** What the view is narrowed to, as the page names it; null when unfiltered. */ filter: string | null;
  listingPath: string;
}): MetaDescriptor[] {
  if (filter === null) return pageMeta(page);
  return pageMeta({ ...page, description: `${page.description} ${filterSentence(filter)}`, noindex: true, canonicalPath: listingPath });
}

/** What a filtered listing's description adds to the listing's own. */
export const filterSentence = (filter: string) => `This page shows those in ${filter}.`;

/** What a filtered listing's H1 adds to the listing's own. */
export const filterHeadingSuffix = (filter: string | null) => (filter === null ? "" : `: ${filter}`);
