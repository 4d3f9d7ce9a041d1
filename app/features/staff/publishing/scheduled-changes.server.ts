import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
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
 * Publishing at a time (decisions 062 and 065): a draft's first publication,
 * or a public item's working copy, published by itself once the time comes,
 * by whichever process looks first. Publishing, discarding or deleting by hand
 * ends the schedule; a time already past publishes now.
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

/** When the item's schedule publishes it, as a column of a list's query; null when it has none. */
export const scheduledAtColumn = (type: ContentType, itemId: AnyPgColumn) =>
  sql<Date | null>`(select ${contentSchedules.publishAt} from ${contentSchedules} where ${contentSchedules.contentType} = ${type} and ${contentSchedules.itemId} = ${itemId})`.mapWith(
    contentSchedules.publishAt,
  );

async function newestWorkingData(tx: Database, type: ContentType, itemId: number): Promise<ContentData | null> {
  const [newest] = await tx
    .select({ number: contentRevisions.number })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.contentType, type), eq(contentRevisions.itemId, itemId)))
    .orderBy(sql`${contentRevisions.number} desc`)
    .limit(1);
  return newest ? ((await revisionData(tx, type, itemId, [newest.number])).get(newest.number) ?? null) : null;
}

/** Ends an item's schedule: its draft was published or the item deleted by hand. Call inside the transaction that changes it. */
export async function endSchedule(tx: Database, type: ContentType, itemId: number): Promise<void> {
  await tx.delete(contentSchedules).where(and(eq(contentSchedules.contentType, type), eq(contentSchedules.itemId, itemId)));
}

/**
 * Publishes the item at `at`, replacing a schedule it had: a draft's first
 * publication (for a kind that declares `publishDraft`), or a public item's
 * changes. The changes published are the working copy at that time, so a
 * draft saved in between goes with them. A time already past publishes now.
 */
export async function scheduleChanges<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  change: { id: number; at: Date; actor: AuditActor; ipAddress: string },
): Promise<ContentChange> {
  if (change.at.getTime() <= Date.now()) {
    const published = await publishScheduled(db, content, change);
    if (!published.ok) return published;
    return {
      ...published,
      message: published.message.startsWith("The changes")
        ? "That time has passed, so the changes are published now: the public page shows them within seconds."
        : `That time has passed, so the ${content.noun} is published now: ${published.message}`,
    };
  }
  return withLockedItem(db, content, change.id, async (tx, row) => {
    const first = !content.isPublic(row);
    if (first && !content.publishDraft) {
      return { ok: false, status: 409, message: `This ${content.noun} is not public: publish it first, then schedule its changes.` };
    }
    if (!first) {
      const live = content.dataOf(row);
      const working = await newestWorkingData(tx, content.type, change.id);
      if (!working || changedFields(live, { ...live, ...working }).length === 0) {
        return { ok: false, status: 409, message: `Visitors already see this ${content.noun} as it is saved: there are no changes to schedule.` };
      }
    }
    const values = { contentType: content.type, itemId: change.id, publishAt: change.at, scheduledBy: change.actor.id, scheduledAt: new Date() };
    await tx
      .insert(contentSchedules)
      .values(values)
      .onConflictDoUpdate({ target: [contentSchedules.contentType, contentSchedules.itemId], set: values });
    await audit(tx, {
      actor: change.actor,
      action: first ? "publication-scheduled" : "changes-scheduled",
      target: { type: content.type, id: change.id },
      detail: { at: change.at.toISOString() },
      ipAddress: change.ipAddress,
    });
    return {
      ok: true,
      id: change.id,
      message: first
        ? `The ${content.noun} is scheduled: it is published by itself at the time shown, as it is saved then.`
        : "The changes are scheduled: they are published by themselves at the time shown.",
    };
  });
}

/**
 * What a schedule does when its time comes: a draft is published by its
 * kind's own publish, a public item's changes by settleChanges.
 */
export async function publishScheduled<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  change: { id: number; actor: AuditActor; ipAddress: string },
): Promise<ContentChange> {
  const { id, actor, ipAddress } = change;
  return withLockedItem(db, content, id, async (tx, row) => {
    if (content.isPublic(row)) return settleChanges(tx, content, { id, actor, ipAddress, action: "publish" });
    if (!content.publishDraft) return { ok: false, status: 409, message: `This ${content.noun} is not public: its changes cannot be published.` };
    const published = await content.publishDraft(tx, id, actor, ipAddress);
    if (published.ok) await endSchedule(tx, content.type, id);
    return published;
  });
}

export async function cancelScheduledChanges<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  change: { id: number; actor: AuditActor; ipAddress: string },
): Promise<ContentChange> {
  return withLockedItem(db, content, change.id, async (tx, row) => {
    const removed = await tx
      .delete(contentSchedules)
      .where(and(eq(contentSchedules.contentType, content.type), eq(contentSchedules.itemId, change.id)))
      .returning({ at: contentSchedules.publishAt });
    if (removed.length === 0)
      return { ok: false, status: 409, message: `This ${content.noun} has no schedule any more: it was published, discarded or unscheduled meanwhile.` };
    await audit(tx, { actor: change.actor, action: "schedule-cancelled", target: { type: content.type, id: change.id }, ipAddress: change.ipAddress });
    const waits = content.isPublic(row) ? "the changes wait as a draft until you publish them" : `the ${content.noun} stays a draft until you publish it`;
    return { ok: true, id: change.id, message: `The schedule is cancelled: ${waits}.` };
  });
}

/** How one type publishes an item whose schedule came: publishScheduled with its declaration. */
export type ChangesPublisher = (db: Database, change: { id: number; actor: AuditActor; ipAddress: string }) => Promise<ContentChange>;

/**
 * Publishes every item whose time has come (a draft, or a public item's
 * changes), each in the name of whoever scheduled it. A due row is taken with
 * SKIP LOCKED, so two processes looking at once publish each item once.
 * Answers how many were published.
 */
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
      // Nothing left to publish (or refused by a rule of the kind): the schedule ends either way, and the log says why.
      if (!settled.ok) {
        logger.warn({ contentType, itemId, message: settled.message }, "A scheduled publication could not be made");
        await tx.delete(contentSchedules).where(and(eq(contentSchedules.contentType, contentType), eq(contentSchedules.itemId, itemId)));
      }
      return settled.ok;
    });
    if (done) published++;
  }
  return published;
}
