import { Extension, type JSONContent } from "@tiptap/core";
import { StarterKit } from "@tiptap/starter-kit";
import { CaptionedImage } from "#app/features/staff/rich-text/image-node.ts";

/** The page's title is its one h1, so a description's headings start at h2. */
export const HEADING_LEVELS = [2, 3, 4] as const;

/** Links the public pages keep: web and mail addresses, paths on this site and anchors (as the sanitiser allows). */
export function isAllowedHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href.trim());
}

/** Images the public pages show: over http(s) or from this site; never data: or file: (a paste from Word brings those). */
export function isAllowedImageSrc(src: string): boolean {
  return /^(https?:\/\/|\/(?!\/))/i.test(src.trim());
}

/**
 * The editor's schema, no wider than the sanitiser's allow-list
 * (features/rich-text/sanitize.server.ts): what it can hold, the public
 * pages render. Marks and nodes without a toolbar button (strike, code,
 * code block, quote, rule) stay so that stored HTML using them keeps them
 * when it is edited. Underline does not: Word and Google Docs underline
 * every link by style, and underlined text that is not a link misleads.
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        // A link's rel follows from its address when a public page is drawn (sanitize.server.ts): none is stored.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => isAllowedHref(url),
      },
      underline: false,
      dropcursor: false,
    }),
    CaptionedImage.configure({ inline: false, allowBase64: false }),
    ListIndentKeys,
  ];
}

/**
 * Tab and Shift+Tab move between the page's controls, also inside a list
 * (no keyboard trap; the editor stops them reaching the list item's own
 * keys), so a list item is indented with Ctrl+] and outdented with Ctrl+[.
 */
const ListIndentKeys = Extension.create({
  name: "listIndentKeys",
  addKeyboardShortcuts() {
    return {
      "Mod-]": () => this.editor.commands.sinkListItem("listItem"),
      "Mod-[": () => this.editor.commands.liftListItem("listItem"),
    };
  },
});

/** Attributes a paste may bring that the sanitiser would drop or rewrite, by node or mark type. */
const DROPPED_ATTRIBUTES: Record<string, string[]> = {
  link: ["target", "class", "rel"],
  image: ["title"],
  orderedList: ["type"],
  codeBlock: ["language"],
};

function clampAttributes(type: string, attrs: Record<string, unknown> | undefined) {
  const dropped = DROPPED_ATTRIBUTES[type];
  if (!attrs || !dropped) return attrs;
  return Object.fromEntries(Object.entries(attrs).filter(([name]) => !dropped.includes(name)));
}

/**
 * Pasted content (JSON of a ProseMirror slice or document) reduced to what
 * the sanitiser keeps: attributes it would drop are reset to the editor's
 * defaults, links and images it would refuse are removed (a link's text stays).
 */
export function clampToAllowList(content: JSONContent): JSONContent {
  const marks = content.marks
    ?.filter((mark) => mark.type !== "link" || isAllowedHref(String(mark.attrs?.href ?? "")))
    .map((mark) => ({ ...mark, attrs: clampAttributes(mark.type, mark.attrs) }));
  const children = content.content?.filter((child) => child.type !== "image" || isAllowedImageSrc(String(child.attrs?.src ?? ""))).map(clampToAllowList);
  return {
    ...content,
    ...(content.attrs && content.type ? { attrs: clampAttributes(content.type, content.attrs) } : {}),
    ...(marks ? { marks } : {}),
    ...(children ? { content: children } : {}),
  };
}

/**
 * What the form field holds for the editor's HTML: nothing for an empty
 * document, and without the empty paragraph the editor keeps after a last
 * heading, list or image so that there is somewhere to type.
 */
export function fieldValueOf(html: string): string {
  return html.replace(/(<p><\/p>)+$/, "");
}
