import { site } from "#app/content/site.ts";
import type { InsightDetail } from "#app/features/insights/insight.ts";

/**
 * schema.org Article for an insight, with what Google lists as required or
 * recommended for article rich results: headline, image, datePublished,
 * dateModified and author (a Person with a name). Render it with <JsonLd>,
 * which escapes "<" so no value can end the script element.
 */
export function articleJsonLd(insight: InsightDetail, siteUrl: string) {
  const url = `${siteUrl}${insight.href}`;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: insight.title,
    image: [new URL(insight.image, `${siteUrl}/`).href],
    datePublished: insight.dateTime,
    dateModified: insight.modifiedTime,
    author: { "@type": "Person", name: insight.author },
    publisher: { "@type": "Organization", name: site.name, url: `${siteUrl}/`, logo: { "@type": "ImageObject", url: `${siteUrl}/logo.png` } },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    description: insight.summary,
    articleSection: insight.category,
    keywords: insight.tags,
  };
}
