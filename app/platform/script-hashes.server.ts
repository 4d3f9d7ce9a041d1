import { createHash } from "node:crypto";

/**
 * Internal response header by which the document render hands the server the
 * hash sources of its inline scripts; the server turns them into the page's
 * Content-Security-Policy and never sends the header itself (decision 013).
 */
export const SCRIPT_HASHES_HEADER = "x-script-hashes";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const SCRIPT_TYPE = /\stype="([^"]*)"/;
/** Types a browser runs; anything else (JSON-LD, JSON data) is inert and needs no permission. */
const RUNNABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

function hashSource(code: string): string {
  return `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;
}

/**
 * The `'sha256-…'` sources that allow exactly the scripts this document runs
 * inline, plus code it will insert as inline scripts later (`inserted`).
 */
export function scriptHashSources(html: string, inserted: readonly string[] = []): string[] {
  const sources = new Set<string>();
  for (const [, attributes = "", code = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes)) continue;
    if (!RUNNABLE_TYPES.has(SCRIPT_TYPE.exec(attributes)?.[1]?.toLowerCase() ?? "")) continue;
    sources.add(hashSource(code));
  }
  for (const code of inserted) sources.add(hashSource(code));
  return [...sources];
}
