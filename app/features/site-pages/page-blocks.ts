import { cardIcons } from "#app/content/card-icons.ts";
import type { HeroArt, ImageRef, PageContent, ProofPick, Section } from "#app/content/page-types.ts";
import { MAX_PROOF_CHOICES, MAX_PROOF_DRAWN, type ProofKind } from "#app/features/proof/proof-kinds.ts";
import { isMediaId, widthOfMediaFile } from "#app/features/images/image-rules.ts";

/*
 * A page's blocks as its edit form holds them (decision 061). Each kind of
 * block declares its fields once; from that come the form's field names, the
 * values a page's blocks are drawn with, and the blocks read back from a post.
 * Field names are `b{block}.{field}` and `b{block}.{list}.{item}.{field}`,
 * and the hidden field `blocks` lists the kinds in order, so a post is read
 * without knowing the page it came from.
 */

/** A page holds at most this many blocks: past that, it is several pages. */
export const MAX_BLOCKS = 60;

export type BlockKind = Section["kind"];

export type Option = { value: string; label: string };

/**
 * One field: a line, a paragraph, a choice, paragraphs (a prose block's
 * text, where a blank line starts a paragraph and lines starting with "- "
 * make a list), or a picture (a file stored by the image pipeline; the form
 * keeps the current one in a hidden field, and a box removes an optional
 * one). `path` is where it sits in the block ("primary.label").
 */
export type BlockField = {
  path: string;
  label: string;
  input: "line" | "text" | "select" | "paragraphs" | "image";
  required?: boolean;
  max: number;
  options?: readonly Option[];
  hint?: string;
};

/** A block's list of items (cards, steps, questions, quotes), up to `max`. */
export type BlockList = { path: string; label: string; item: string; max: number; fields: readonly BlockField[] };

/**
 * `chosen`: what the block holds that is not typed but chosen when the page is
 * drawn (a case studies block's cards). `picks`: the kind of published items
 * the block picks instead of holding typed ones, and whether it may show
 * those that belong to its page.
 */
export type BlockDeclaration = {
  kind: BlockKind;
  label: string;
  fields: readonly BlockField[];
  list?: BlockList;
  chosen?: Record<string, unknown>;
  picks?: { kind: ProofKind; fromPage: boolean };
};

const LINE = 200;
const TEXT = 1_000;

const heroArt: readonly Option[] = [
  { value: "", label: "None" },
  ...(["solutions", "products", "company", "careers", "insights", "event"] satisfies HeroArt[]).map((art) => ({
    value: art,
    label: art.charAt(0).toUpperCase() + art.slice(1),
  })),
];
const icons: readonly Option[] = [{ value: "", label: "None" }, ...[...new Set(Object.values(cardIcons))].sort().map((icon) => ({ value: icon, label: icon }))];
const LINK_HINT = "A path of this site (/crm), #consultation, or a full https:// address.";

const title: BlockField = { path: "title", label: "Heading", input: "line", required: true, max: LINE };
const intro: BlockField = { path: "intro", label: "Introduction", input: "text", max: TEXT };
const link = (path: string, label: string): BlockField[] => [
  { path: `${path}.label`, label: `${label} text`, input: "line", max: 80 },
  { path: `${path}.href`, label: `${label} link`, input: "line", max: 500, hint: LINK_HINT },
];
const card: readonly BlockField[] = [
  { path: "title", label: "Title", input: "line", required: true, max: LINE },
  { path: "body", label: "Text", input: "text", required: true, max: TEXT },
];

export const blockDeclarations: readonly BlockDeclaration[] = [
  {
    kind: "hero",
    label: "Page title (hero)",
    fields: [
      { path: "eyebrow", label: "Label above the title", input: "line", required: true, max: 80 },
      { path: "title", label: "Title", input: "line", required: true, max: LINE },
      { path: "lead", label: "Lead paragraph", input: "text", required: true, max: TEXT },
      ...link("primary", "First button"),
      ...link("secondary", "Second button"),
      { path: "art", label: "Artwork", input: "select", max: 20, options: heroArt },
      {
        path: "style",
        label: "Look",
        input: "select",
        max: 20,
        options: [
          { value: "", label: "Coloured, with artwork and buttons" },
          { value: "document", label: "Plain title (legal pages)" },
        ],
      },
    ],
  },
  {
    kind: "features",
    label: "Cards",
    fields: [title, intro],
    list: {
      path: "items",
      label: "Cards",
      item: "Card",
      max: 12,
      fields: [
        ...card,
        { path: "icon", label: "Icon", input: "select", max: 40, options: icons },
        {
          path: "id",
          label: "Anchor",
          input: "line",
          max: 60,
          hint: "Lowercase words joined by dashes; a link to this page ending in #anchor scrolls to the card. Menu entries use them.",
        },
      ],
    },
  },
  { kind: "steps", label: "Steps", fields: [title, intro], list: { path: "steps", label: "Steps", item: "Step", max: 12, fields: card } },
  {
    kind: "figures",
    label: "Figures",
    fields: [title],
    list: {
      path: "items",
      label: "Figures",
      item: "Figure",
      max: 8,
      fields: [
        { path: "value", label: "Figure", input: "line", required: true, max: 40 },
        { path: "label", label: "What it counts", input: "line", required: true, max: LINE },
        { path: "source", label: "Source", input: "line", max: LINE, hint: "Where the figure comes from, shown under it." },
      ],
    },
  },
  {
    kind: "faq",
    label: "Questions and answers",
    fields: [title],
    list: {
      path: "items",
      label: "Questions",
      item: "Question",
      max: 20,
      fields: [
        { path: "question", label: "Question", input: "line", required: true, max: LINE },
        { path: "answer", label: "Answer", input: "text", required: true, max: TEXT },
      ],
    },
  },
  {
    kind: "links",
    label: "Link cards",
    fields: [title, intro],
    list: {
      path: "items",
      label: "Links",
      item: "Link",
      max: 12,
      fields: [
        ...card,
        { path: "href", label: "Link", input: "line", required: true, max: 500, hint: LINK_HINT },
        { path: "icon", label: "Icon", input: "select", max: 40, options: icons },
      ],
    },
  },
  {
    kind: "prose",
    label: "Text",
    fields: [
      title,
      {
        path: "blocks",
        label: "Text",
        input: "paragraphs",
        required: true,
        max: 20_000,
        hint: "A blank line starts a new paragraph; lines starting with “- ” make a list.",
      },
    ],
  },
  { kind: "testimonials", label: "Testimonials", fields: [title, intro], picks: { kind: "testimonials", fromPage: true }, chosen: { items: [] } },
  { kind: "logos", label: "Client logos", fields: [title, intro], picks: { kind: "logos", fromPage: true }, chosen: { items: [] } },
  { kind: "team", label: "Team members", fields: [title, intro], picks: { kind: "people", fromPage: false }, chosen: { items: [] } },
  {
    kind: "badges",
    label: "Certifications and partner badges",
    fields: [title, intro],
    list: {
      path: "items",
      label: "Badges",
      item: "Badge",
      max: 24,
      fields: [
        { path: "image", label: "Badge", input: "image", required: true, max: 0 },
        { path: "name", label: "Name", input: "line", required: true, max: 120, hint: "Read out instead of the badge, e.g. “ISO 27001 certified”." },
        { path: "detail", label: "What it attests", input: "line", max: 200 },
      ],
    },
  },
  {
    kind: "image",
    label: "Image with a caption",
    fields: [
      { path: "image", label: "Image", input: "image", required: true, max: 0 },
      { path: "alt", label: "Description for people who cannot see it", input: "line", required: true, max: 250 },
      { path: "caption", label: "Caption", input: "text", max: 400 },
    ],
  },
  {
    kind: "caseStudies",
    label: "Case studies (the page's own, or the newest three)",
    fields: [title, intro, ...link("more", "Link under the cards")],
    chosen: { cards: [] },
  },
  {
    kind: "cta",
    label: "Call to action",
    fields: [title, { path: "body", label: "Text", input: "text", required: true, max: TEXT }, ...link("action", "Button")],
  },
];

const declarationOf = new Map(blockDeclarations.map((declaration) => [declaration.kind, declaration]));

export function blockDeclaration(kind: string): BlockDeclaration | undefined {
  return declarationOf.get(kind as BlockKind);
}

/** The kinds an editor may add below the page title. */
export const addableBlocks = blockDeclarations.filter((declaration) => declaration.kind !== "hero");

export const blockName = (block: number, field: string) => `b${block}.${field}`;
export const itemName = (block: number, list: string, item: number, field: string) => `b${block}.${list}.${item}.${field}`;

/** A picture field's file input, and its box that removes the current picture. */
export const imageFileName = (name: string) => `${name}.file`;
export const imageRemoveName = (name: string) => `${name}.remove`;

/** A picking block's fields: which items it shows, each offered item's box (its value the item's id) and that item's place. */
export const pickFromName = (block: number) => blockName(block, "pick.from");
export const pickBoxName = (block: number, choice: number) => blockName(block, `pick.${choice}`);
export const pickOrderName = (block: number, choice: number) => blockName(block, `pick.${choice}.order`);
/** The ids a block picks, in order, as the form is drawn with them (never posted: the boxes are). */
export const pickedName = (block: number) => blockName(block, "picked");

/** Every field a page's form may have, by name, with the words that name it in a message and its declaration. */
const pageFields: ReadonlyMap<string, { label: string; field: BlockField }> = (() => {
  const fields = new Map<string, { label: string; field: BlockField }>();
  for (let block = 0; block < MAX_BLOCKS; block++) {
    for (const declaration of blockDeclarations) {
      for (const field of declaration.fields) fields.set(blockName(block, field.path), { label: `Block ${block + 1}: ${field.label}`, field });
      const list = declaration.list;
      if (!list) continue;
      for (let item = 0; item < list.max; item++) {
        for (const field of list.fields)
          fields.set(itemName(block, list.path, item, field.path), { label: `Block ${block + 1}, item ${item + 1}: ${field.label}`, field });
      }
    }
  }
  return fields;
})();

/** The text fields a page's form may post, with the words that name each in a message: the form reader's list. */
export const pageFieldLabels: Readonly<Record<string, string>> = Object.fromEntries(
  [...pageFields].flatMap(([name, { label, field }]) =>
    field.input === "image" ? [[name, label] as const, [imageRemoveName(name), `${label}: remove`] as const] : [[name, label] as const],
  ),
);

/** The fields of the picking blocks: a block's place in the page decides its names, whatever kind it is. */
const pickFieldLabels: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from({ length: MAX_BLOCKS }, (_, block) => [
    [pickFromName(block), `Block ${block + 1}: which to show`] as const,
    ...Array.from({ length: MAX_PROOF_CHOICES }, (_, choice) => [
      [pickBoxName(block, choice), `Block ${block + 1}: choice ${choice + 1}`] as const,
      [pickOrderName(block, choice), `Block ${block + 1}: place of choice ${choice + 1}`] as const,
    ]).flat(),
  ]).flat(),
);

export const pageFieldNames: readonly string[] = [...Object.keys(pageFieldLabels), ...Object.keys(pickFieldLabels)];

/** Every field's words, the picking blocks' included: the form reader's labels. */
export const pageFormLabels: Readonly<Record<string, string>> = { ...pageFieldLabels, ...pickFieldLabels };

/** The file fields of a page's form: one a picture field. */
export const pageImageFileNames: readonly string[] = [...pageFields].filter(([, { field }]) => field.input === "image").map(([name]) => imageFileName(name));

/** The picture field a file input belongs to, by the file input's name; undefined when it is none. */
export function imageFieldOfFile(fileName: string): string | undefined {
  const name = fileName.endsWith(".file") ? fileName.slice(0, -".file".length) : "";
  return pageFields.get(name)?.field.input === "image" ? name : undefined;
}

/** The fields whose values keep line breaks. */
export const pageMultilineNames: readonly string[] = pageFieldNames.filter((name) => /\.(lead|intro|body|answer|quote|blocks|bio|caption)$/.test(name));

function valueAt(source: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), source);
}

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  const last = keys.pop()!;
  let place = target;
  for (const key of keys) place = (place[key] ??= {}) as Record<string, unknown>;
  place[last] = value;
}

type Paragraphs = ({ p: string } | { list: string[] })[];

function paragraphsText(blocks: Paragraphs): string {
  return blocks.map((block) => ("p" in block ? block.p : block.list.map((line) => `- ${line}`).join("\n"))).join("\n\n");
}

function textParagraphs(text: string): Paragraphs {
  return text
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      const lines = chunk.split("\n").map((line) => line.trim());
      return lines.every((line) => line.startsWith("- ")) ? { list: lines.map((line) => line.slice(2).trim()) } : { p: lines.join(" ") };
    });
}

/** A stored picture as its hidden field holds it: "src width height". */
function imageText(image: ImageRef): string {
  return `${image.src} ${image.width} ${image.height}`;
}

/** A picture back from its hidden field, only when it is one of ours: the field comes back from the browser. */
export function imageFromText(text: string): ImageRef | null {
  const [src = "", width = "", height = ""] = text.split(" ");
  const match = /^\/media\/([^/?#]+)\/([^/?#]+)$/.exec(src);
  if (!match || !isMediaId(match[1]!) || widthOfMediaFile(match[2]!) === null) return null;
  if (!/^\d{1,5}$/.test(width) || !/^\d{1,5}$/.test(height)) return null;
  return { src, width: Number(width), height: Number(height) };
}

function fieldValue(field: BlockField, source: unknown): string {
  const value = valueAt(source, field.path);
  if (field.input === "paragraphs") return Array.isArray(value) ? paragraphsText(value as Paragraphs) : "";
  if (field.input === "image") return value && typeof value === "object" ? imageText(value as ImageRef) : "";
  return typeof value === "string" ? value : "";
}

/** The form's values for `sections`: what each field shows. */
export function blockValues(sections: readonly Section[]): Record<string, string> {
  const values: Record<string, string> = { blocks: sections.map((section) => section.kind).join(",") };
  sections.forEach((section, block) => {
    const declaration = blockDeclaration(section.kind);
    if (!declaration) return;
    for (const field of declaration.fields) values[blockName(block, field.path)] = fieldValue(field, section);
    if (declaration.picks) {
      const pick = pickOf(section);
      values[pickFromName(block)] = pick.from;
      values[pickedName(block)] = pick.ids.join(",");
    }
    const list = declaration.list;
    if (!list) return;
    const items = valueAt(section, list.path);
    (Array.isArray(items) ? items : []).forEach((item, index) => {
      for (const field of list.fields) values[itemName(block, list.path, index, field.path)] = fieldValue(field, item);
    });
  });
  return values;
}

/** The kinds of the blocks a post carries, in order, as its hidden `blocks` field lists them. */
export function postedKinds(values: Record<string, string>): string[] {
  return (values.blocks ?? "").split(",").filter(Boolean);
}

const ANCHOR = /^[a-z][a-z0-9-]*$/;
const LINK = /^(\/[^\s]*|#[a-z][\w-]*|https?:\/\/[^\s]+)$/i;

function checkField(field: BlockField, value: string, name: string, errors: Record<string, string>) {
  if (field.required && value.trim() === "") errors[name] = `Fill in ${field.label.toLowerCase()}, or remove it.`;
  else if (value.length > field.max) errors[name] = `${field.label} is ${value.length} characters long; the most is ${field.max}.`;
  else if (field.options && !field.options.some((option) => option.value === value)) errors[name] = `Choose ${field.label.toLowerCase()} from the list.`;
  else if (field.path === "id" && value !== "" && !ANCHOR.test(value))
    errors[name] = "Write the anchor in lowercase letters, digits and dashes, starting with a letter.";
  else if (field.path.endsWith("href") && value !== "" && !LINK.test(value))
    errors[name] = `${field.label} must be ${LINK_HINT.charAt(0).toLowerCase()}${LINK_HINT.slice(1)}`;
}

/** A button needs its text and its link, or neither. */
function checkLinkPairs(fields: readonly BlockField[], read: (path: string) => string, nameOf: (path: string) => string, errors: Record<string, string>) {
  for (const field of fields.filter((candidate) => candidate.path.endsWith(".label"))) {
    const base = field.path.slice(0, -".label".length);
    const label = read(`${base}.label`).trim();
    const href = read(`${base}.href`).trim();
    if (label && !href) errors[nameOf(`${base}.href`)] ??= "Give the button's link too, or leave its text empty.";
    if (href && !label) errors[nameOf(`${base}.label`)] ??= "Give the button's text too, or leave its link empty.";
  }
}

/** Writes `field`'s value into `target`, leaving out what is empty (an optional field, a button without text). */
function putValue(target: Record<string, unknown>, field: BlockField, value: string) {
  const text = field.input === "paragraphs" ? value : value.trim();
  if (field.input === "paragraphs") setAt(target, field.path, textParagraphs(text));
  else if (text !== "" || field.required) setAt(target, field.path, text);
}

/** Where a picture chosen in this post goes, until the save has stored it: its field's name after this prefix. */
const UPLOAD = "upload:";

/** The picture field `name` holds in this post: a new file, the current picture, or none (removed, or never chosen). */
function postedImage(name: string, values: Record<string, string>, uploads: ReadonlySet<string>): ImageRef | "unreadable" | null {
  if (uploads.has(name)) return { src: `${UPLOAD}${name}`, width: 0, height: 0 };
  if (values[imageRemoveName(name)] !== undefined || !values[name]) return null;
  return imageFromText(values[name]) ?? "unreadable";
}

/** Checks and writes one field of a block or an item. */
function readField(
  field: BlockField,
  name: string,
  values: Record<string, string>,
  uploads: ReadonlySet<string>,
  target: Record<string, unknown>,
  errors: Record<string, string>,
) {
  if (field.input !== "image") {
    checkField(field, values[name] ?? "", name, errors);
    putValue(target, field, values[name] ?? "");
    return;
  }
  const image = postedImage(name, values, uploads);
  if (image === "unreadable") errors[name] = "This picture could not be read back from the form. Reload the page and choose it again.";
  else if (image) setAt(target, field.path, image);
  else if (field.required) errors[name] = `Choose a file for ${field.label.toLowerCase()}, or remove it.`;
}

const isImage = (value: unknown): value is ImageRef =>
  value !== null && typeof value === "object" && "src" in value && typeof value.src === "string" && "width" in value && "height" in value;

/** Every picture of `sections`, each as `change` answers it (undefined leaves it out). */
export function replaceImages(sections: readonly Section[], change: (image: ImageRef) => ImageRef | undefined): Section[] {
  return JSON.parse(JSON.stringify(sections, (_key, value: unknown) => (isImage(value) ? change(value) : value))) as Section[];
}

/** Every picture of `sections`. */
export function imagesOf(sections: readonly Section[]): ImageRef[] {
  const images: ImageRef[] = [];
  replaceImages(sections, (image) => (images.push(image), image));
  return images;
}

/** The picture field whose file came with the post, for a picture that holds one; undefined for a stored picture. */
export const uploadOf = (image: ImageRef): string | undefined => (image.src.startsWith(UPLOAD) ? image.src.slice(UPLOAD.length) : undefined);

export type ReadBlocks = { ok: true; sections: [Section, ...Section[]] } | { ok: false; errors: Record<string, string> };

/**
 * The blocks a post describes, or the sentence beside each field that is
 * wrong. An item left wholly empty is dropped. `uploads` names the picture
 * fields whose new file came with the post.
 */
export function readBlocks(values: Record<string, string>, uploads: ReadonlySet<string> = new Set()): ReadBlocks {
  const kinds = postedKinds(values);
  if (kinds.length > MAX_BLOCKS) return { ok: false, errors: { blocks: `A page holds at most ${MAX_BLOCKS} blocks; it has ${kinds.length}.` } };
  if (kinds[0] !== "hero" || kinds.indexOf("hero", 1) !== -1) return { ok: false, errors: { blocks: "A page starts with its title block, and has only one." } };
  const errors: Record<string, string> = {};
  const sections = kinds.map((kind, block) => {
    const declaration = blockDeclaration(kind);
    if (!declaration) {
      errors.blocks = `This page does not have blocks of the kind “${kind}”. Reload the page and try again.`;
      return null;
    }
    const section: Record<string, unknown> = { kind, ...declaration.chosen };
    const read = (path: string) => values[blockName(block, path)] ?? "";
    for (const field of declaration.fields) readField(field, blockName(block, field.path), values, uploads, section, errors);
    checkLinkPairs(declaration.fields, read, (path) => blockName(block, path), errors);
    if (declaration.picks) section.pick = readPick(block, declaration.picks.fromPage, values, errors);
    const list = declaration.list;
    if (list) {
      const items: Record<string, unknown>[] = [];
      for (let index = 0; index < list.max; index++) {
        const nameOf = (field: BlockField) => itemName(block, list.path, index, field.path);
        const empty = (field: BlockField) =>
          field.input === "image" ? postedImage(nameOf(field), values, uploads) === null : (values[nameOf(field)] ?? "").trim() === "";
        if (list.fields.every(empty)) continue;
        const item: Record<string, unknown> = {};
        for (const field of list.fields) readField(field, nameOf(field), values, uploads, item, errors);
        items.push(item);
      }
      setAt(section, list.path, items);
    }
    return section as Section;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, sections: sections as [Section, ...Section[]] };
}

/**
 * What a picking block draws. A block saved before its items were picked
 * holds typed items and no choice: it picks none, so it is not drawn until an
 * editor chooses (decision 064).
 */
export function pickOf(section: object): ProofPick {
  const pick = "pick" in section ? (section.pick as Partial<ProofPick> | undefined) : undefined;
  const from = pick?.from === "all" || pick?.from === "page" || pick?.from === "chosen" ? pick.from : "chosen";
  return { from, ids: Array.isArray(pick?.ids) ? pick.ids.filter((id): id is number => Number.isSafeInteger(id)) : [] };
}

/** The block's choice from its post: which to show, and the ticked items in the order their places give (ties by the list's order). */
function readPick(block: number, fromPage: boolean, values: Record<string, string>, errors: Record<string, string>): ProofPick {
  const from = values[pickFromName(block)] ?? "all";
  const ticked: { id: number; place: number; choice: number }[] = [];
  for (let choice = 0; choice < MAX_PROOF_CHOICES; choice++) {
    const id = values[pickBoxName(block, choice)];
    if (!id || !/^\d{1,15}$/.test(id)) continue;
    const place = (values[pickOrderName(block, choice)] ?? "").trim();
    if (place !== "" && !/^\d{1,4}$/.test(place)) errors[pickOrderName(block, choice)] = "Write the place as a whole number, 1 for the first.";
    ticked.push({ id: Number(id), place: place === "" ? Number.MAX_SAFE_INTEGER : Number(place), choice });
  }
  const ids = [...new Set(ticked.sort((a, b) => a.place - b.place || a.choice - b.choice).map((tick) => tick.id))];
  if (from !== "all" && from !== "chosen" && !(fromPage && from === "page")) errors[pickFromName(block)] = "Choose which to show from the list.";
  else if (from === "chosen" && ids.length === 0) errors[pickFromName(block)] = "Tick at least one to show, or show them all.";
  else if (ids.length > MAX_PROOF_DRAWN) errors[pickFromName(block)] = `A block shows at most ${MAX_PROOF_DRAWN}; ${ids.length} are ticked.`;
  return { from: from as ProofPick["from"], ids };
}

/** A new block of `kind`, empty but for a heading an editor replaces; a picking block shows every published item. */
export function emptyBlock(kind: BlockKind): Section {
  const declaration = blockDeclaration(kind)!;
  const section: Record<string, unknown> = { kind, ...declaration.chosen, ...(declaration.picks ? { pick: { from: "all", ids: [] } } : {}) };
  for (const field of declaration.fields) putValue(section, field, "");
  if (declaration.list) setAt(section, declaration.list.path, []);
  return section as Section;
}

/**
 * A change to the blocks, as the edit form's buttons post it: `block-up:3`,
 * `block-down:3`, `block-remove:3`, or `block-add` with the kind in
 * `newBlock`. The title block stays first. Null when `intent` is not one.
 */
export function blockArrangement(intent: string, newBlock: string | undefined): ((sections: readonly Section[]) => Arranged) | null {
  if (intent === "block-add") {
    return (sections) => {
      const declaration = addableBlocks.find((candidate) => candidate.kind === newBlock);
      if (!declaration) return { ok: false, message: "Choose the kind of block to add." };
      if (sections.length >= MAX_BLOCKS) return { ok: false, message: `A page holds at most ${MAX_BLOCKS} blocks. Remove one before adding another.` };
      return {
        ok: true,
        sections: [...sections, emptyBlock(declaration.kind)],
        message: `A ${declaration.label.toLowerCase()} block is added at the end, as a draft. Fill it in, then save.`,
      };
    };
  }
  const move = /^block-(up|down|remove):(\d+)$/.exec(intent);
  if (!move) return null;
  const [, how, at] = move;
  const index = Number(at);
  return (sections) => {
    if (index < 1 || index >= sections.length) return { ok: false, message: "That block is no longer on the page. Reload the page and try again." };
    const next = [...sections];
    const label = blockDeclaration(sections[index]!.kind)?.label.toLowerCase() ?? "block";
    if (how === "remove") {
      next.splice(index, 1);
      return { ok: true, sections: next, message: `The ${label} block is removed, as a draft. Its words stay in the history.` };
    }
    const target = how === "up" ? index - 1 : index + 1;
    if (target < 1 || target >= sections.length) return { ok: false, message: `The ${label} block cannot move further ${how}.` };
    [next[index], next[target]] = [next[target]!, next[index]!];
    return { ok: true, sections: next, message: `The ${label} block is moved ${how}, as a draft.` };
  };
}

type Arranged = { ok: true; sections: Section[]; message: string } | { ok: false; message: string };

/** A page's blocks as words, a line each, named by their kind: for the history's comparison. */
export function textOfBlocks(sections: readonly Section[]): string {
  return sections
    .map((section) => {
      const declaration = blockDeclaration(section.kind);
      const words = Object.entries(blockValues([section]))
        .filter(([name, value]) => name !== "blocks" && value !== "")
        .map(([, value]) => value.replace(/\s+/g, " "));
      return `[${declaration?.label ?? section.kind}] ${words.join(" · ")}`;
    })
    .join("\n");
}

/** The page's fields a revision keeps. */
export type PageData = { title: string; description: string; sections: Section[] };

export const pageDataOf = (page: Pick<PageContent, "title" | "description" | "sections">): PageData => ({
  title: page.title,
  description: page.description,
  sections: [...page.sections],
});
