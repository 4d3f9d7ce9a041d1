import { and, asc, eq, lte, sql } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import {
  changedFields,
  revisionData,
  settleChanges,
  withLockedItem,
  type ContentChange,
  type ContentData,
  type VersionedContent,
} from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { contentRevisions, contentSchedules, staffUsers, type ContentType } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";

/*
 * Changes published at a time (decision 062): a public item's working copy,
 * published by itself once the time comes, by whichever process looks first.
 * Publishing or discarding the changes by hand ends the schedule
 * (settleChanges); a time already past publishes now.
 */

/** How often each process looks for changes due: a scheduled change shows within this (and the content watch's second). */
export const SCHEDULED_CHANGES_INTERVAL_MS = 10_000;

/** The most due schedules one look publishes; the rest wait for the next look. */
const DUE_AT_ONCE = 20;

export type ScheduledChanges = { publishAt: Date; byName: string | null };

/** The item's schedule, for its edit page; null when it has none. */
export async function scheduledChangesOf(db: Database, type: ContentType, itemId: number): Promise<ScheduledChanges | null> {
  const [row] = await db
    .select({ publishAt: contentSchedules.publishAt, byName: sql<string | null>`coalesce(nullif(${staffUsers.name}, ''), ${staffUsers.email})` })
    .from(contentSchedules)
    .leftJoin(staffUsers, eq(staffUsers.id, contentSchedules.scheduledBy))
    .where(and(eq(contentSchedules.contentType, type), eq(contentSchedules.itemId, itemId)));
  return row ?? null;
}

async function newestWorkingData(tx: Database, type: ContentType, itemId: number): Promise<ContentData | null> {
  const [newest] = await tx
    .select({ number: contentRevisions.number })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.contentType, type), eq(contentRevisions.itemId, itemId)))
    .orderBy(sql`${contentRevisions.number} desc`)
    .limit(1);
  return newest ? ((await revisionData(tx, type, itemId, [newest.number])).get(newest.number) ?? null) : null;
}

/**
 * Publishes the item's changes at `at`, replacing a schedule it had. The
 * changes published are the working copy at that time, so a draft saved in
 * between goes with them. A time already past publishes now.
 */
export async function scheduleChanges<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  change: { id: number; at: Date; actor: AuditActor; ipAddress: string },
): Promise<ContentChange> {
  if (change.at.getTime() <= Date.now()) {
    const published = await settleChanges(db, content, { id: change.id, action: "publish", actor: change.actor, ipAddress: change.ipAddress });
    return published.ok
      ? { ...published, message: `That time has passed, so the changes are published now: the public page shows them within seconds.` }
      : published;
  }
  return withLockedItem(db, content, change.id, async (tx, row) => {
    const live = content.dataOf(row);
    const working = await newestWorkingData(tx, content.type, change.id);
    if (!content.isPublic(row) || !working || changedFields(live, { ...live, ...working }).length === 0) {
      return { ok: false, status: 409, message: `Visitors already see this ${content.noun} as it is saved: there are no changes to schedule.` };
    }
    const values = { contentType: content.type, itemId: change.id, publishAt: change.at, scheduledBy: change.actor.id, scheduledAt: new Date() };
    await tx
      .insert(contentSchedules)
      .values(values)
      .onConflictDoUpdate({ target: [contentSchedules.contentType, contentSchedules.itemId], set: values });
    await audit(tx, {
      actor: change.actor,
      action: "changes-scheduled",
      target: { type: content.type, id: change.id },
      detail: { at: change.at.toISOString() },
      ipAddress: change.ipAddress,
    });
    return { ok: true, id: change.id, message: "The changes are scheduled: they are published by themselves at the time shown." };
  });
}

export async function cancelScheduledChanges<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  change: { id: number; actor: AuditActor; ipAddress: string },
): Promise<ContentChange> {
  return withLockedItem(db, content, change.id, async (tx) => {
    const removed = await tx
      .delete(contentSchedules)
      .where(and(eq(contentSchedules.contentType, content.type), eq(contentSchedules.itemId, change.id)))
      .returning({ at: contentSchedules.publishAt });
    if (removed.length === 0)
      return { ok: false, status: 409, message: "These changes have no schedule any more: they were published, discarded or unscheduled meanwhile." };
    await audit(tx, { actor: change.actor, action: "schedule-cancelled", target: { type: content.type, id: change.id }, ipAddress: change.ipAddress });
    return { ok: true, id: change.id, message: "The schedule is cancelled: the changes wait as a draft until you publish them." };
  });
}

/**
 * Publishes every item's changes whose time has come, each in the name of
 * whoever scheduled it. A due row is taken with SKIP LOCKED, so two processes
 * looking at once publish each item once. Answers how many were published.
 */
/** How one type publishes an item's changes: settleChanges with its declaration. */
export type ChangesPublisher = (db: Database, change: { id: number; actor: AuditActor; ipAddress: string }) => Promise<ContentChange>;

export async function publishDueChanges(db: Database, publishers: Readonly<Record<ContentType, ChangesPublisher>>, now = new Date()) {
  const due = await db
    .select({ contentType: contentSchedules.contentType, itemId: contentSchedules.itemId })
    .from(contentSchedules)
    .where(lte(contentSchedules.publishAt, now))
    .orderBy(asc(contentSchedules.publishAt))
    .limit(DUE_AT_ONCE);
  let published = 0;
  for (const { contentType, itemId } of due) {
    const done = await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ scheduledBy: contentSchedules.scheduledBy, email: staffUsers.email })
        .from(contentSchedules)
        .leftJoin(staffUsers, eq(staffUsers.id, contentSchedules.scheduledBy))
        .where(and(eq(contentSchedules.contentType, contentType), eq(contentSchedules.itemId, itemId), lte(contentSchedules.publishAt, now)))
        .for("update", { of: contentSchedules, skipLocked: true });
      if (!taken) return false;
      const settled = await publishers[contentType](tx, {
        id: itemId,
        actor: { id: taken.scheduledBy, email: taken.email ?? "schedule" },
        ipAddress: "schedule",
      });
      // Nothing left to publish (or refused by a rule of the type): the schedule ends either way, and the log says why.
      if (!settled.ok) {
        logger.warn({ contentType, itemId, message: settled.message }, "Scheduled changes could not be published");
        await tx.delete(contentSchedules).where(and(eq(contentSchedules.contentType, contentType), eq(contentSchedules.itemId, itemId)));
      }
      return settled.ok;
    });
    if (done) published++;
  }
  return published;
}
