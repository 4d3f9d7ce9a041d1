import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { contentDocuments } from "#app/platform/db/schema.server.ts";

/*
 * Content kept as one document per type and key (decision 057), such as the
 * site's facts: read with its revision, and saved only over the revision the
 * editor opened, so a second editor's save never silently replaces the first.
 * A write moves the content version (a trigger), like a publish.
 */

/** A stored document; revision 0 and no data when nobody has saved it yet. */
export type StoredDocument = { data: unknown; revision: number; changedAt: Date | null; changedBy: string | null };

export async function readDocument(db: Database, type: string, key: string): Promise<StoredDocument> {
  const [row] = await db
    .select({ data: contentDocuments.data, revision: contentDocuments.revision, changedAt: contentDocuments.changedAt, changedBy: contentDocuments.changedBy })
    .from(contentDocuments)
    .where(and(eq(contentDocuments.type, type), eq(contentDocuments.key, key)));
  return row ?? { data: null, revision: 0, changedAt: null, changedBy: null };
}

/**
 * Writes `data` as the revision after `shownRevision`, in `tx`; answers the new
 * revision, or null when the stored one is no longer `shownRevision` (someone
 * saved in between, or the document was removed), in which case nothing is written.
 */
export async function saveDocument(
  tx: Database,
  { type, key, data, shownRevision, actorId }: { type: string; key: string; data: unknown; shownRevision: number; actorId: string | null },
): Promise<number | null> {
  if (shownRevision === 0) {
    const inserted = await tx
      .insert(contentDocuments)
      .values({ type, key, data, revision: 1, changedBy: actorId })
      .onConflictDoNothing()
      .returning({ revision: contentDocuments.revision });
    return inserted[0]?.revision ?? null;
  }
  const updated = await tx
    .update(contentDocuments)
    .set({ data, revision: sql`${contentDocuments.revision} + 1`, changedAt: sql`now()`, changedBy: actorId })
    .where(and(eq(contentDocuments.type, type), eq(contentDocuments.key, key), eq(contentDocuments.revision, shownRevision)))
    .returning({ revision: contentDocuments.revision });
  return updated[0]?.revision ?? null;
}
