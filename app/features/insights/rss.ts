import { site } from "#app/content/site.ts";
import { INSIGHTS_PATH, INSIGHTS_RSS_PATH } from "#app/features/insights/insight.ts";

export type RssItem = {
  title: string;
  /** Path on this site, e.g. "/featured-insights/3". */
  path: string;
  published: Date;
  /** Plain text. */
  description: string;
  category: string;
};

/** Text as XML character data; also drops characters XML 1.0 cannot carry at all. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing exactly these control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!)
  );
}

/** RSS 2.0 requires RFC 822 dates; toUTCString gives "Sun, 05 Jan 2025 00:00:00 GMT", which is one. */
export const rfc822 = (date: Date) => date.toUTCString();

export function rssXml(siteUrl: string, items: RssItem[], now = new Date()): string {
  const entries = items.map((item) => {
    const link = escapeXml(`${siteUrl}${item.path}`);
    return [
      "<item>",
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="true">${link}</guid>`,
      `<pubDate>${rfc822(item.published)}</pubDate>`,
      `<description>${escapeXml(item.description)}</description>`,
      `<category>${escapeXml(item.category)}</category>`,
      "</item>",
    ].join("");
  });
  const lastBuild = items[0]?.published ?? now;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(`${site.name} Insights`)}</title>`,
    `<link>${escapeXml(`${siteUrl}${INSIGHTS_PATH}`)}</link>`,
    `<description>${escapeXml(`Articles from the ${site.name} team on building and running business software.`)}</description>`,
    "<language>en-us</language>",
    `<lastBuildDate>${rfc822(lastBuild)}</lastBuildDate>`,
    `<atom:link href="${escapeXml(`${siteUrl}${INSIGHTS_RSS_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
