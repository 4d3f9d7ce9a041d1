import { expect, test } from "vitest";
import { escapeXml, rfc822, rssXml } from "#app/features/insights/rss.ts";

test("XML special characters are escaped and characters XML cannot carry are dropped", () => {
  expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  expect(escapeXml("bell\u0007 tab\t")).toBe("bell tab\t");
});

test("dates are RFC 822", () => {
  expect(rfc822(new Date("2025-01-05T09:30:00Z"))).toBe("Sun, 05 Jan 2025 09:30:00 GMT");
});

test("the feed is RSS 2.0 with one escaped item per insight", () => {
  const xml = rssXml("https://www.example.com", [
    {
      title: "R&D </title><script>",
      path: "/featured-insights/3",
      published: new Date("2025-01-05T00:00:00Z"),
      description: "Less <b>is</b> more & so on",
      category: "AI & ML",
    },
  ]);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain("<title>R&amp;D &lt;/title&gt;&lt;script&gt;</title>");
  expect(xml).toContain("<link>https://www.example.com/featured-insights/3</link>");
  expect(xml).toContain('<guid isPermaLink="true">https://www.example.com/featured-insights/3</guid>');
  expect(xml).toContain("<pubDate>Sun, 05 Jan 2025 00:00:00 GMT</pubDate>");
  expect(xml).toContain("<description>Less &lt;b&gt;is&lt;/b&gt; more &amp; so on</description>");
  expect(xml).toContain("<category>AI &amp; ML</category>");
  expect(xml).not.toMatch(/<script/);
  expect(xml.match(/<item>/g)).toHaveLength(1);
});

test("an empty feed is still a valid channel", () => {
  const xml = rssXml("https://www.example.com", [], new Date("2025-02-01T00:00:00Z"));
  expect(xml).toContain("<lastBuildDate>Sat, 01 Feb 2025 00:00:00 GMT</lastBuildDate>");
  expect(xml).not.toContain("<item>");
});
