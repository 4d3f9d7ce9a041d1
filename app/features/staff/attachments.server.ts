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

/** `attachment` with the original name: ASCII fallback plus RFC 5987 UTF-8 form. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
