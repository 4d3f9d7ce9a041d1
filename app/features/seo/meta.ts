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
};

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function pageMeta({ title, description, path, siteUrl, image, type = "website", noindex }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${site.name} | ${site.tagline}` : `${title} | ${site.name}`;
  const url = `${siteUrl}${path}`;
  const imageUrl = image ? new URL(image, `${siteUrl}/`).href : `${siteUrl}/og-image.jpg`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : [{ tagName: "link", rel: "canonical", href: url }]),
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
