import { fileExtension } from "#app/features/forms/form-rules.ts";

/** What file-type reads from the first bytes; the library is loaded by the first upload rather than at start (decision 086). */
export async function fileTypeOf(bytes: Uint8Array) {
  const { fileTypeFromBuffer } = await import("file-type");
  return fileTypeFromBuffer(bytes);
}

/**
 * What a file really is, read from its first bytes (magic numbers), never
 * from its name or the browser's claim. Word, Excel and PowerPoint come as
 * OOXML (zip) or the older compound-file format; text and CSV have no
 * signature, so they must be valid UTF-8 without NUL bytes.
 */
const ALLOWED_BY_SIGNATURE: Record<string, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  cfb: "application/x-cfb",
  png: "image/png",
  jpg: "image/jpeg",
};

const LEGACY_OFFICE_TYPES: Record<string, string> = {
  ".doc": "application/msword",
  ".xls": "application/vnd.ms-excel",
  ".ppt": "application/vnd.ms-powerpoint",
};

/** The content type to store the file under, or null when its content is not an allowed type. */
export async function detectAllowedType(bytes: Uint8Array, name: string): Promise<string | null> {
  const extension = fileExtension(name);
  const detected = await fileTypeOf(bytes);
  if (detected) {
    const mime = ALLOWED_BY_SIGNATURE[detected.ext];
    if (!mime) return null;
    // An old Office file: the container does not say which program made it, the name does.
    if (detected.ext === "cfb") return LEGACY_OFFICE_TYPES[extension] ?? null;
    return mime;
  }
  if (extension === ".txt" || extension === ".csv") return isPlainText(bytes) ? (extension === ".csv" ? "text/csv" : "text/plain") : null;
  return null;
}

/** How many leading bytes tell a refused file apart, so an upload can be stopped early. */
export const SIGNATURE_BYTES = 4100;

/**
 * True when a file's first bytes already show it cannot be allowed, so the
 * rest need not be read. A zip may still turn out to be an Office document
 * (its parts can lie further in), so only the whole file decides those.
 */
export async function refusedByFirstBytes(head: Uint8Array, name: string): Promise<boolean> {
  const detected = await fileTypeOf(head);
  if (detected) return !(detected.ext in ALLOWED_BY_SIGNATURE) && detected.ext !== "zip";
  const extension = fileExtension(name);
  if (extension === ".txt" || extension === ".csv") return head.includes(0);
  return true;
}

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
