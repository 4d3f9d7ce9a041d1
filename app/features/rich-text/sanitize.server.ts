import sanitizeHtml from "sanitize-html";
import { rememberedByInput, rememberedByKey } from "#app/platform/remembered.ts";

/**
 * Rich descriptions (insights, jobs) come from the database as HTML and are
 * written by staff or by the site this one replaces. Only this allow-list
 * survives: no scripts, no event handlers, no styles, no SVG or frames, and
 * links and images only over http(s) (links also mailto). A link's rel is
 * not kept: a public page gives one to the links that leave the site
 * (publicRichText), whatever the stored HTML said.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "mark",
    "small",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "blockquote",
    "code",
    "pre",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "width", "height"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // The page has one <h1>, the title: a heading 1 in a description becomes a heading 2.
  transformTags: { h1: "h2" },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "svg", "math", "iframe", "object", "template"],
};

const sanitized = rememberedByInput((html) => sanitizeHtml(html, OPTIONS).trim());

/** The allow-listed HTML (computed once per stored description, decision 014). */
export function sanitizeRichText(html: string | null | undefined): string {
  return html ? sanitized(html) : "";
}

/** What a link that leaves the site carries: search engines do not follow it, and the page it opens cannot reach this one. */
export const EXTERNAL_LINK_REL = "noopener noreferrer nofollow";

/** A web address on another origin than the site's; paths on this site, anchors and mail addresses are not. */
export function isExternalHref(href: string, siteUrl: string): boolean {
  const address = href.trim();
  if (!/^https?:\/\//i.test(address)) return false;
  return !URL.canParse(address) || new URL(address).origin !== new URL(siteUrl).origin;
}

const forPage = rememberedByKey<string>(256);

/**
 * Stored rich HTML as a public page shows it: allow-listed, and each link
 * that leaves the site (on `siteUrl`, the site's origin) marked with
 * EXTERNAL_LINK_REL; links within the site are followed as any other of its
 * links (computed once per description).
 */
export function publicRichText(html: string | null | undefined, siteUrl: string): string {
  if (!html) return "";
  return forPage(`${siteUrl}\n${html}`, () => {
    // Whatever rel the stored HTML holds goes; only this one is let through.
    const a: sanitizeHtml.Transformer = (tagName, { rel: _stored, ...attribs }) => ({
      tagName,
      attribs: isExternalHref(attribs.href ?? "", siteUrl) ? { ...attribs, rel: EXTERNAL_LINK_REL } : attribs,
    });
    return sanitizeHtml(html, {
      ...OPTIONS,
      allowedAttributes: { ...OPTIONS.allowedAttributes, a: ["href", "title", "rel"] },
      transformTags: { ...OPTIONS.transformTags, a },
    }).trim();
  });
}

/** Where one block ends and the next begins, so "<h2>Why</h2><p>Most" reads "Why Most". */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|figcaption|td|th|tr|div)>|<br\s*\/?>|<hr\s*\/?>/gi;

const textOf = rememberedByInput((html) =>
  sanitizeHtml(html.replace(BLOCK_END, "$& "), { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim(),
);

/** Plain text of rich HTML, for meta descriptions and structured data (computed once per description). */
export function plainText(html: string | null | undefined, maxLength = Infinity): string {
  const text = textOf(html ?? "");
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
