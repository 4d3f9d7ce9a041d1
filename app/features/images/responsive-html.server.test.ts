import { expect, test } from "vitest";
import { srcSetOf } from "#app/features/images/image-rules.ts";
import { responsiveHtml } from "#app/features/images/responsive-html.server.ts";
import { publicRichText, sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";

const OURS = "/media/0b5e3c1e-7d1a-4c5e-9f0a-2b3c4d5e6f70/1280.webp";

test("the sanitiser keeps an image of ours with its relative src, and drops any srcset written into the HTML", () => {
  const clean = sanitizeRichText(
    `<p>Before</p><img src="${OURS}" alt="A chart" width="1280" height="720" srcset="https://evil.example/x.png 1w" sizes="1px" loading="eager" onerror="alert(1)">`,
  );
  expect(clean).toBe(`<p>Before</p><img src="${OURS}" alt="A chart" width="1280" height="720" />`);
});

test("images of ours get srcset and sizes; every image is lazy; the rest of the HTML is unchanged", () => {
  const html = publicRichText(
    `<h2>Results &amp; "numbers"</h2><p>Text with <a href="https://example.com/a?b=1&amp;c=2">a link</a> &lt;tag&gt;</p>` +
      `<figure><img src="${OURS}" alt="Q3 &quot;growth&quot;" width="1280" height="720"><figcaption>Growth</figcaption></figure>` +
      `<p><img src="https://cdn.example.com/other.png" alt="Elsewhere"></p>`,
    "https://www.example.com",
  );
  const out = responsiveHtml(html);
  expect(out).toBe(
    `<h2>Results &amp; "numbers"</h2><p>Text with <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">a link</a> &lt;tag&gt;</p>` +
      `<figure><img src="${OURS}" alt="Q3 &quot;growth&quot;" width="1280" height="720" srcset="${srcSetOf(OURS)}" sizes="(min-width: 56rem) 52rem, 100vw" loading="lazy" decoding="async" /><figcaption>Growth</figcaption></figure>` +
      `<p><img src="https://cdn.example.com/other.png" alt="Elsewhere" loading="lazy" decoding="async" /></p>`,
  );
});

test("HTML without images is returned as it is", () => {
  const html = "<p>Just text &amp; more</p>";
  expect(responsiveHtml(html)).toBe(html);
});
