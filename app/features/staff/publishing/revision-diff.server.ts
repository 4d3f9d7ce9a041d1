import { diffWords } from "diff";
import sanitizeHtml from "sanitize-html";
import { formatStaffTime } from "#app/features/staff/staff-time.tsx";
import { textOfBlocks } from "#app/features/site-pages/page-blocks.ts";
import { canonicalJson, type ContentData, type FieldKind } from "#app/features/staff/publishing/revisions.server.ts";

/** A run of words in the comparison: kept, added in the later revision, or removed from the earlier one. */
export type DiffPart = { value: string; change: "added" | "removed" | null };

/** One field that differs between two revisions, as words; `note` when only its formatting or links changed. */
export type FieldDifference = { label: string; parts: DiffPart[]; note: string | null };

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|figure|figcaption)>|<br\s*\/?>/gi;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&nbsp;": "\u00a0" };

/** The words of rich HTML as a reader sees them: a line per block, a picture as its alt text. */
export function textOfHtml(html: string): string {
  const withBreaks = html.replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/gi, "[Picture: $1]").replace(BLOCK_END, "$&\n");
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** Objects and lists as lines a reader can follow: an object's values named by their keys, a list's items one a line. */
function textOfValues(value: unknown): string {
  if (Array.isArray(value)) return value.map(textOfValues).join("\n");
  if (value && typeof value === "object")
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${textOfValues(item)}`)
      .join("\n");
  return value === null || value === undefined ? "" : String(value);
}

function textOf(kind: FieldKind, value: unknown, timeZone: string): string {
  if (kind === "flag") return value === true ? "Yes" : "No";
  if (value === null || value === undefined || value === "") return "";
  if (kind === "list" && Array.isArray(value)) return value.join(", ");
  if (kind === "time" && typeof value === "string") return formatStaffTime(value, timeZone);
  if (kind === "html" && typeof value === "string") return textOfHtml(value);
  if (kind === "blocks" && Array.isArray(value)) return textOfBlocks(value);
  if (kind === "image" && typeof value === "object" && "src" in value) return String(value.src);
  if (kind === "values") return textOfValues(value);
  return String(value);
}

/**
 * What changed from revision `before` to `after`, field by field in the
 * type's order, word by word; a field that is the same is left out. Times
 * read in the reader's zone.
 */
export function compareRevisions(
  fields: readonly { key: string; label: string; kind: FieldKind }[],
  before: ContentData,
  after: ContentData,
  timeZone: string,
): FieldDifference[] {
  const differences: FieldDifference[] = [];
  for (const field of fields) {
    if (canonicalJson(before[field.key] ?? null) === canonicalJson(after[field.key] ?? null)) continue;
    const old = textOf(field.kind, before[field.key], timeZone);
    const now = textOf(field.kind, after[field.key], timeZone);
    // A field a revision from before it existed lacks reads as empty (or "No"): the same words are no change.
    if (old === now && field.kind !== "html") continue;
    const parts = diffWords(old, now).map((part) => ({
      value: part.value,
      change: part.added ? ("added" as const) : part.removed ? ("removed" as const) : null,
    }));
    differences.push({ label: field.label, parts, note: old === now ? "Only the formatting or the links changed." : null });
  }
  return differences;
}
