import { mergeAttributes, type Editor } from "@tiptap/core";
import { Image } from "@tiptap/extension-image";
import { closeHistory } from "@tiptap/pm/history";
import { NodeSelection, TextSelection } from "@tiptap/pm/state";

/** Longest alt text and caption the image form takes (a sentence or two; the article's own limit still applies). */
export const IMAGE_TEXT_MAX_LENGTH = 300;

export type ImageText = { alt: string; caption: string };
export type NewImage = ImageText & { src: string; width: number; height: number };

/** The one <img> of a figure that holds nothing else but its caption, or null. */
function soleImageOf(figure: HTMLElement): HTMLImageElement | null {
  const images = figure.querySelectorAll("img");
  const caption = figure.querySelector("figcaption");
  const outside = [...figure.childNodes].filter((child) => child !== caption && !(child instanceof HTMLImageElement));
  if (images.length !== 1 || outside.some((child) => child.textContent?.trim())) return null;
  return images[0]!;
}

const captionOf = (figure: HTMLElement) => figure.querySelector("figcaption")?.textContent?.replace(/\s+/g, " ").trim() ?? "";

/**
 * The editor's image: Tiptap's, plus a caption. It stays one atom in the
 * document, whose alt text and caption are edited in the image form, and is
 * written as `<figure><img><figcaption>` when it has a caption (plain text,
 * which the sanitiser keeps as it is), as a bare `<img>` when not.
 */
export const CaptionedImage = Image.extend({
  addAttributes() {
    const fromImage = (name: string) => ({
      default: null,
      parseHTML: (element: HTMLElement) => (element.tagName === "FIGURE" ? soleImageOf(element) : element)?.getAttribute(name) ?? null,
    });
    return {
      ...this.parent?.(),
      src: fromImage("src"),
      alt: fromImage("alt"),
      width: fromImage("width"),
      height: fromImage("height"),
      caption: { default: "", rendered: false, parseHTML: (element) => (element.tagName === "FIGURE" ? captionOf(element) : "") },
    };
  },

  parseHTML() {
    return [
      { tag: "figure", getAttrs: (figure) => (soleImageOf(figure)?.getAttribute("src")?.startsWith("data:") === false ? null : false) },
      ...(this.parent?.() ?? []),
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const image = ["img", mergeAttributes(this.options.HTMLAttributes, HTMLAttributes)] as const;
    const caption = String(node.attrs.caption ?? "");
    return caption ? ["figure", image, ["figcaption", caption]] : image;
  },
});

/**
 * Inserts an uploaded image at the cursor as one undo step of its own, and
 * leaves the cursor in the paragraph after it (a new one unless an empty one
 * follows). Tiptap would leave the image itself selected, and the next key
 * typed would replace it; typed within half a second, in the same undo step.
 */
export function insertImage(editor: Editor, image: NewImage) {
  editor
    .chain()
    .focus()
    .insertContent({ type: "image", attrs: image })
    .command(({ tr }) => {
      const { selection } = tr;
      if (!(selection instanceof NodeSelection)) return true;
      const after = selection.to;
      const next = tr.doc.resolve(after).nodeAfter;
      if (!(next?.type.name === "paragraph" && next.content.size === 0)) tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
      tr.setSelection(TextSelection.create(tr.doc, after + 1));
      return true;
    })
    .run();
  // What is typed next starts an undo step of its own.
  editor.view.dispatch(closeHistory(editor.state.tr));
}

/** The image the selection is on (clicked, or reached with the arrow keys), with its position. */
export function selectedImage(editor: Editor): { pos: number; alt: string | null; caption: string } | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== "image") return null;
  return { pos: selection.from, alt: selection.node.attrs.alt as string | null, caption: String(selection.node.attrs.caption ?? "") };
}

/** Changes the alt text and caption of the image at `pos` (one undo step) and keeps it selected. */
export function updateImageText(editor: Editor, pos: number, text: ImageText) {
  editor
    .chain()
    .focus()
    .command(({ tr }) => {
      if (tr.doc.nodeAt(pos)?.type.name !== "image") return false;
      tr.setNodeAttribute(pos, "alt", text.alt).setNodeAttribute(pos, "caption", text.caption);
      tr.setSelection(NodeSelection.create(tr.doc, pos));
      return true;
    })
    .run();
}
