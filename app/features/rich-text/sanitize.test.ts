import { expect, test } from "vitest";
import { demoInsights } from "#app/content/demo/insights.ts";
import { demoJobs } from "#app/content/demo/jobs.ts";
import { EXTERNAL_LINK_REL, isExternalHref, plainText, publicRichText, sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";

const payloads = [
  "<script>alert(1)</script><p>ok</p>",
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<svg><script>alert(1)</script><circle onload="alert(1)"/></svg>',
  "<svg/onload=alert(1)>",
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">x</p>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<form action="https://evil.example"><input name=x></form>',
  '<object data="javascript:alert(1)"></object>',
  '<a href="//evil.example/x">protocol-relative</a>',
];

test("script, event handlers, javascript: links, SVG and frames never survive", () => {
  for (const payload of payloads) {
    const clean = sanitizeRichText(payload);
    expect(clean, payload).not.toMatch(/<script|<svg|<iframe|<object|<form|<input|<style|<math/i);
    expect(clean, payload).not.toMatch(/\son[a-z]+=/i);
    expect(clean, payload).not.toMatch(/javascript:/i);
    expect(clean, payload).not.toMatch(/data:/i);
    expect(clean, payload).not.toMatch(/href="\/\//);
  }
});

test("ordinary formatting, safe links, images and captions stay; a stored rel does not", () => {
  const html =
    "<h1>Intro</h1><p>We <strong>build</strong> <em>software</em>.</p><ul><li>One</li></ul>" +
    '<a href="https://example.org/x" rel="noopener">read</a> <a href="mailto:a@b.co">mail</a><img src="https://cdn.example/a.png" alt="A">' +
    '<figure><img src="/media/a/640.webp" alt="B"><figcaption onclick="x()">Our <script>x()</script>team</figcaption></figure>';
  expect(sanitizeRichText(html)).toBe(
    "<h2>Intro</h2><p>We <strong>build</strong> <em>software</em>.</p><ul><li>One</li></ul>" +
      '<a href="https://example.org/x">read</a> <a href="mailto:a@b.co">mail</a>' +
      '<img src="https://cdn.example/a.png" alt="A" />' +
      '<figure><img src="/media/a/640.webp" alt="B" /><figcaption>Our team</figcaption></figure>',
  );
});

const SITE = "https://www.example.com";

test("only links that leave the site are external: paths, anchors, mail and the site's own origin are not", () => {
  for (const external of [
    "https://example.org/x",
    "http://www.example.com/careers",
    "https://example.com/",
    "https://www.example.com:8443/a",
    " HTTPS://other.example ",
  ]) {
    expect(isExternalHref(external, SITE), external).toBe(true);
  }
  for (const internal of ["/careers", "/careers?x=1#apply", "#top", "mailto:a@b.co", "https://www.example.com/careers", "HTTPS://WWW.EXAMPLE.COM"]) {
    expect(isExternalHref(internal, SITE), internal).toBe(false);
  }
});

test("on a public page external links get nofollow and internal ones no rel, whatever the stored HTML said", () => {
  // As the editor stored every link before: the same rel on all of them.
  const stored =
    `<p><a rel="${EXTERNAL_LINK_REL}" href="/careers">Careers</a>, <a rel="${EXTERNAL_LINK_REL}" href="${SITE}/crm">CRM</a>, ` +
    `<a rel="${EXTERNAL_LINK_REL}" href="mailto:a@b.co">mail</a>, <a rel="noopener" href="https://example.org/x">elsewhere</a>, ` +
    '<a href="https://partner.example">partner</a></p>';
  expect(publicRichText(stored, SITE)).toBe(
    `<p><a href="/careers">Careers</a>, <a href="${SITE}/crm">CRM</a>, <a href="mailto:a@b.co">mail</a>, ` +
      `<a href="https://example.org/x" rel="${EXTERNAL_LINK_REL}">elsewhere</a>, <a href="https://partner.example" rel="${EXTERNAL_LINK_REL}">partner</a></p>`,
  );
  // The same rules as the stored form otherwise; nothing for nothing.
  expect(publicRichText('<p onclick="x()">Hi<script>alert(1)</script></p>', SITE)).toBe("<p>Hi</p>");
  expect(publicRichText(null, SITE)).toBe("");
});

test("empty or missing HTML gives an empty string", () => {
  expect(sanitizeRichText(null)).toBe("");
  expect(sanitizeRichText("   ")).toBe("");
});

test("plain text drops tags and script contents and can be shortened", () => {
  expect(plainText("<p>Hello&nbsp;<b>world</b></p><script>alert(1)</script>")).toBe("Hello world");
  expect(plainText("<p>abcdefghij</p>", 6)).toBe("abcde…");
  expect(plainText("<h2>Why</h2><p>Most<br>teams</p><ul><li>one</li><li>two</li></ul>")).toBe("Why Most teams one two");
});

test("the demo descriptions are already clean HTML", () => {
  for (const item of [...demoJobs, ...demoInsights]) {
    expect(sanitizeRichText(item.description)).toBe(item.description.trim());
  }
});
