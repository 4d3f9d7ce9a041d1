import { eq } from "drizzle-orm";
import type { StaffArea } from "#app/features/staff/roles.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultationAttachments, jobApplications } from "#app/platform/db/schema.server.ts";
import { isValidKey } from "#app/platform/storage/file-storage.server.ts";

/** A stored file staff may download, with the part of the staff area it belongs to. */
export type Attachment = {
  area: StaffArea;
  key: string;
  name: string;
  contentType: string;
  size: number;
  target: { type: "consultation" | "application"; id: number };
};

/** The consultation attachment or resume stored under `key`, or null. */
export async function findAttachment(db: Database, key: string): Promise<Attachment | null> {
  // The key comes from the address: one no file can have (a NUL, which PostgreSQL refuses in text, or a `..`) is not looked up.
  if (!isValidKey(key)) return null;
  const [file] = await db
    .select({
      consultationId: consultationAttachments.consultationId,
      name: consultationAttachments.originalName,
      contentType: consultationAttachments.contentType,
      size: consultationAttachments.sizeBytes,
    })
    .from(consultationAttachments)
    .where(eq(consultationAttachments.storageKey, key));
  if (file)
    return {
      area: "consultations",
      key,
      name: file.name,
      contentType: file.contentType,
      size: file.size,
      target: { type: "consultation", id: file.consultationId },
    };
  const [resume] = await db
    .select({ id: jobApplications.id, name: jobApplications.resumeName, contentType: jobApplications.resumeContentType, size: jobApplications.resumeSize })
    .from(jobApplications)
    .where(eq(jobApplications.resumeKey, key));
  if (resume)
    return { area: "applications", key, name: resume.name, contentType: resume.contentType, size: resume.size, target: { type: "application", id: resume.id } };
  return null;
}

/** The address staff download a stored file from (what `consultations.file_url` holds, without the origin). */
export function attachmentPath(key: string): string {
  return `/staff/files/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** The query that asks for a file to be shown in the page instead of downloaded. */
export const PREVIEW_QUERY = "inline";

/**
 * Shown in the page: a PDF only. Browsers draw it with their own viewer, and its type was
 * checked by content when it arrived; anything else (a Word file, an image, text a browser
 * might read as markup) stays a download.
 */
export function canPreview(contentType: string): boolean {
  return contentType === "application/pdf";
}

/** The address of a file's preview, for a frame in a staff page. */
export function attachmentPreviewPath(key: string): string {
  return `${attachmentPath(key)}?${PREVIEW_QUERY}`;
}

/**
 * A preview's own headers (decision 052): drawn in the browser (`inline`), in a frame of this
 * site's pages only, and sandboxed by its policy: no script, forms, popups or navigation of
 * the page around it, and an origin of its own, so nothing in the file can reach the staff
 * area. The policy, not the frame's `sandbox` attribute: Chromium and Safari refuse to draw a
 * PDF in a frame so marked, whatever it allows.
 */
export const PREVIEW_HEADERS = {
  "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'self'",
  "X-Frame-Options": "SAMEORIGIN",
};

/** `attachment` (or `inline`, for a preview) with the original name: ASCII fallback plus RFC 5987 UTF-8 form. */
export function contentDisposition(name: string, disposition: "attachment" | "inline" = "attachment"): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
