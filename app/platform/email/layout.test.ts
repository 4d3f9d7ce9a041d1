import { expect, test } from "vitest";
import { detailsHtml, detailsText, escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";

test("escapeHtml escapes the five characters that can break out of text or an attribute", () => {
  expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
});

test("oneLine turns control characters into a space, so visitor text cannot add a header", () => {
  expect(oneLine(" Evil\r\nBcc: x@y.z\t\u0000 ")).toBe("Evil Bcc: x@y.z");
});

test("the details list puts the free-text row on lines of its own and escapes every cell in HTML", () => {
  const rows: [string, string][] = [
    ["Name", "Asha"],
    ["Brief", "Line one\nLine two"],
  ];
  expect(detailsText(rows, "Brief")).toBe("Name: Asha\nBrief:\nLine one\nLine two");
  expect(detailsHtml([["A<b>", "x & y"]])).toContain(">A&lt;b&gt;</th>");
  expect(detailsHtml([["A<b>", "x & y"]])).toContain(">x &amp; y</td>");
});
