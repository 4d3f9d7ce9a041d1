import { inArray } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultationAttachments, jobApplications } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { UPLOAD_FOLDERS, type FileStorage } from "#app/platform/storage/storage.server.ts";

/*
 * A form stores its files first and its row after; when the row is not
 * written, the form deletes the files. A process killed in between (a crash,
 * `kill -9`, a lost machine) cannot, and its files would stay in the store
 * forever with nothing pointing at them. The sweep finds such files and
 * deletes them. It only touches files older than any request can be, so a
 * submission still on its way to its row is never swept from under it.
 */

/** Far beyond the longest request the server allows (10 minutes, server/http-limits.ts). */
export const ORPHAN_UPLOAD_AGE_MS = 6 * 60 * 60_000;

/** Keys looked up in the database per query. */
const BATCH = 500;

export type UploadSweep = { examined: number; deleted: string[] };

/** Deletes every upload older than `olderThan` that no consultation or job application names. */
export async function sweepOrphanUploads(
  db: Database,
  storage: FileStorage,
  { olderThan = new Date(Date.now() - ORPHAN_UPLOAD_AGE_MS) }: { olderThan?: Date } = {},
): Promise<UploadSweep> {
  const result: UploadSweep = { examined: 0, deleted: [] };
  let batch: string[] = [];
  const settle = async () => {
    const named = await referencedKeys(db, batch);
    for (const key of batch) {
      if (named.has(key)) continue;
      await storage.delete(key);
      result.deleted.push(key);
    }
    batch = [];
  };
  for (const folder of Object.values(UPLOAD_FOLDERS)) {
    for await (const file of storage.list(folder)) {
      result.examined += 1;
      if (file.modifiedAt >= olderThan) continue;
      batch.push(file.key);
      if (batch.length >= BATCH) await settle();
    }
  }
  await settle();
  if (result.deleted.length > 0) logger.info({ examined: result.examined, deleted: result.deleted.length }, "Deleted uploads no submission kept");
  return result;
}

async function referencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [attachments, resumes] = await Promise.all([
    db.select({ key: consultationAttachments.storageKey }).from(consultationAttachments).where(inArray(consultationAttachments.storageKey, keys)),
    db.select({ key: jobApplications.resumeKey }).from(jobApplications).where(inArray(jobApplications.resumeKey, keys)),
  ]);
  return new Set([...attachments, ...resumes].map((row) => row.key));
}
