import { getSchema, type JSONContent } from "@tiptap/core";
import { Node, type DOMOutputSpec, type Schema } from "@tiptap/pm/model";
import { expect, test } from "vitest";
import { sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";
import { clampToAllowList, fieldValueOf, isAllowedHref, richTextExtensions } from "#app/features/staff/rich-text/editor-extensions.ts";
import { hrefFrom } from "#app/features/staff/rich-text/link-address.ts";

/*
 * The editor's schema against the server's allow-list, without a browser:
 * a document is written out through each node's and mark's own toDOM spec
 * (what ProseMirror's DOM serialiser does in the editor) and must come back
 * from sanitizeRichText unchanged.
 */
const schema: Schema = getSchema(richTextExtensions());

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const VOID = new Set(["br", "hr", "img"]);

function renderSpec(spec: DOMOutputSpec, inner: string): string {
  if (typeof spec === "string") return escapeText(spec);
  const [tag, ...rest] = spec as [string, ...unknown[]];
  const first = rest[0];
  const hasAttrs = first !== null && typeof first === "object" && !Array.isArray(first);
  const attrs = hasAttrs
    ? Object.entries(first as Record<string, unknown>)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([name, value]) => ` ${name}="${escapeText(String(value)).replace(/"/g, "&quot;")}"`)
        .join("")
    : "";
  const children = (hasAttrs ? rest.slice(1) : rest).map((child) => (child === 0 ? inner : renderSpec(child as DOMOutputSpec, inner)));
  return VOID.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${children.join("")}</${tag}>`;
}

function toHtml(node: Node): string {
  if (node.isText) return node.marks.reduceRight((inner, mark) => renderSpec(mark.type.spec.toDOM!(mark, true), inner), escapeText(node.text ?? ""));
  const inner = node.content.content.map(toHtml).join("");
  return node.type.name === "doc" ? inner : renderSpec(node.type.spec.toDOM!(node), inner);
}

const htmlOf = (content: JSONContent) => toHtml(Node.fromJSON(schema, content));
/** The sanitiser writes void elements as `<br />`; the browser as `<br>`. The same markup. */
const sameMarkup = (html: string) => html.replace(/\s*\/>/g, ">");

const text = (value: string, marks?: JSONContent["marks"]): JSONContent => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: "paragraph", content });
const item = (...content: JSONContent[]): JSONContent => ({ type: "listItem", content: [paragraph(...content)] });

/** Everything the editor can hold, with attributes as a paste from another site or Word might bring them. */
const pasted: JSONContent = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [text("What you will do")] },
    paragraph(
      text("Run "),
      text("our platform", [{ type: "bold" }]),
      text(" with "),
      text("care", [{ type: "italic" }]),
      text(", see "),
      text("the team", [
        { type: "link", attrs: { href: "https://example.com/team?a=1&b=2", target: "_blank", class: "external", rel: "noopener", title: "Team" } },
      ]),
      text(" or "),
      text("write", [{ type: "link", attrs: { href: "mailto:jobs@example.com", target: "_blank" } }]),
      { type: "hardBreak" },
      text('A < B & "quoted"', [{ type: "strike" }, { type: "code" }]),
      text(" and "),
      text("not this", [{ type: "link", attrs: { href: "javascript:alert(1)" } }]),
    ),
    { type: "heading", attrs: { level: 3 }, content: [text("Lists")] },
    { type: "bulletList", content: [item(text("One")), item(text("Two"))] },
    { type: "orderedList", attrs: { start: 3, type: "a" }, content: [item(text("Three"))] },
    { type: "heading", attrs: { level: 4 }, content: [text("More")] },
    { type: "blockquote", content: [paragraph(text("A quote"))] },
    { type: "codeBlock", attrs: { language: "js" }, content: [text("let x = 1;")] },
    { type: "horizontalRule" },
    {
      type: "image",
      attrs: { src: "https://cdn.example.com/a.png", alt: "A team photo", title: "Team", width: "800", height: "600", caption: "Our <team> & us" },
    },
    { type: "image", attrs: { src: "/images/inline.webp", alt: "", width: 400, height: 300 } },
    { type: "image", attrs: { src: "file:///C:/Users/me/clip_image001.png", alt: "From Word" } },
  ],
};

test("everything the editor holds, once a paste is clamped, passes through the sanitiser unchanged", () => {
  const html = htmlOf(clampToAllowList(pasted));
  expect(html).toContain("<h2>What you will do</h2>");
  // No rel: a public page gives each link the one its address calls for (sanitize.server.ts).
  expect(html).toContain('<a href="https://example.com/team?a=1&amp;b=2" title="Team">the team</a>');
  expect(html).not.toContain("rel=");
  expect(html).toContain('<ol start="3">');
  expect(html).toContain(
    '<figure><img src="https://cdn.example.com/a.png" alt="A team photo" width="800" height="600"><figcaption>Our &lt;team&gt; &amp; us</figcaption></figure>',
  );
  expect(html).toContain('<img src="/images/inline.webp" alt="" width="400" height="300">');
  expect(html).not.toContain("file:");
  expect(html).not.toContain("javascript:");
  expect(html).toContain("not this");
  expect(sameMarkup(sanitizeRichText(html))).toBe(html);
});

test("without the clamp a paste brings attributes the sanitiser would drop", () => {
  const html = htmlOf(pasted);
  expect(html).toMatch(/target="_blank"|class="external"|type="a"/);
  expect(sameMarkup(sanitizeRichText(html))).not.toBe(html);
});

test("the schema has no node or mark the sanitiser does not allow, and headings only h2 to h4", () => {
  expect(Object.keys(schema.nodes).sort()).toEqual(
    ["blockquote", "bulletList", "codeBlock", "doc", "hardBreak", "heading", "horizontalRule", "image", "listItem", "orderedList", "paragraph", "text"].sort(),
  );
  expect(Object.keys(schema.marks).sort()).toEqual(["bold", "code", "italic", "link", "strike"]);
  for (const level of [1, 5, 6]) {
    expect(htmlOf({ type: "doc", content: [{ type: "heading", attrs: { level }, content: [text("x")] }] })).toBe("<h2>x</h2>");
  }
});

test("the field holds nothing for an empty editor and no trailing empty paragraphs", () => {
  expect(fieldValueOf("<p></p>")).toBe("");
  expect(fieldValueOf("<h2>Role</h2><p></p><p></p>")).toBe("<h2>Role</h2>");
  expect(fieldValueOf("<p></p><p>Text</p>")).toBe("<p></p><p>Text</p>");
});

test("links are web, mail or site addresses; anything else is refused", () => {
  expect(hrefFrom("https://example.com/a?b=c")).toBe("https://example.com/a?b=c");
  expect(hrefFrom(" example.com/jobs ")).toBe("https://example.com/jobs");
  expect(hrefFrom("jobs@example.com")).toBe("mailto:jobs@example.com");
  expect(hrefFrom("mailto:jobs@example.com")).toBe("mailto:jobs@example.com");
  expect(hrefFrom("/careers")).toBe("/careers");
  for (const refused of ["", "javascript:alert(1)", "ftp://example.com", "//evil.example", "hello", "http://localhost", "mailto:nobody", "a b.com"]) {
    expect(hrefFrom(refused), refused).toBeNull();
  }
  expect(isAllowedHref("data:text/html,x")).toBe(false);
});
