import { createHash } from "node:crypto";

/**
 * Internal response header by which the document render hands the server the
 * hash sources of its inline scripts; the server turns them into the page's
 * Content-Security-Policy and never sends the header itself (decision 013).
 */
export const SCRIPT_HASHES_HEADER = "x-script-hashes";

const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";
const SCRIPT_TYPE = /\stype="([^"]*)"/;
/** Types a browser runs; anything else (JSON-LD, JSON data) is inert and needs no permission. */
const RUNNABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/** A CSP hash source: over the script's text as UTF-8, which is how the document holds it. */
function hashSource(code: Buffer | string): string {
  return `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
}

/**
 * The `'sha256-…'` sources that allow exactly the scripts this document runs
 * inline, plus code it will insert as inline scripts later (`inserted`).
 */
export function scriptHashSources(html: Buffer, inserted: readonly string[] = []): string[] {
  const sources = new Set<string>();
  for (let at = html.indexOf(SCRIPT_START); at !== -1; at = html.indexOf(SCRIPT_START, at + 1)) {
    const next = html[at + SCRIPT_START.length];
    if (next !== 0x20 && next !== 0x3e) continue; // "<script " or "<script>", not "<scripts"
    const tagEnd = html.indexOf(">", at);
    const end = tagEnd === -1 ? -1 : html.indexOf(SCRIPT_END, tagEnd);
    if (end === -1) break;
    const attributes = html.toString("utf8", at + SCRIPT_START.length, tagEnd);
    if (!/\ssrc=/.test(attributes) && RUNNABLE_TYPES.has(SCRIPT_TYPE.exec(attributes)?.[1]?.toLowerCase() ?? "")) {
      sources.add(hashSource(html.subarray(tagEnd + 1, end)));
    }
    at = end;
  }
  for (const code of inserted) sources.add(hashSource(code));
  return [...sources];
}
