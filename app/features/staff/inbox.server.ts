import { and, asc, eq, isNull } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { bumpContentVersion } from "#app/platform/content-watch.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import {
  consultationReads,
  consultations,
  eventRegistrations,
  inboxNotes,
  inboxReplies,
  inboxStatusChanges,
  jobApplications,
  outbox,
} from "#app/platform/db/schema.server.ts";

/*
 * What consultations, applications and event registrations share in the
 * inbox: a status that changes only from the one the member of staff saw,
 * notes that are only ever added, a history of both, the read mark, and the
 * delivery state of the emails the record caused.
 */

export type InboxSubject = { type: "consultation" | "application" | "registration"; id: number };

/** Longest internal note, in characters. */
export const NOTE_MAX_LENGTH = 5_000;

const subjectTables = { consultation: consultations, application: jobApplications, registration: eventRegistrations } as const;
/** The column of the inbox's own tables (notes, status changes, replies, the outbox) that names a subject of each type. */
const subjectColumnNames = { consultation: "consultationId", application: "applicationId", registration: "registrationId" } as const;

export const tableOf = (subject: InboxSubject) => subjectTables[subject.type];
export const subjectColumns = (subject: InboxSubject) => ({ [subjectColumnNames[subject.type]]: subject.id });
export const subjectFilter = <T extends Record<(typeof subjectColumnNames)[InboxSubject["type"]], unknown>>(table: T, subject: InboxSubject) =>
  eq(table[subjectColumnNames[subject.type]] as typeof inboxNotes.consultationId, subject.id);

export const actorOf = (user: StaffUser): AuditActor => ({ id: user.id, email: user.email });

export type StatusChange = { ok: true } | { ok: false; current: string | null } | { ok: false; duplicate: true };

/**
 * Moves the record from the status the member of staff saw to a new one.
 * When someone else changed it meanwhile, nothing changes and the answer
 * says what it is now (null: the record is gone). A move a unique rule
 * refuses (a second registration of the same kind for one address) changes
 * nothing either.
 */
export async function changeStatus(
  db: Database,
  subject: InboxSubject,
  change: { from: string; to: string },
  user: StaffUser,
  ipAddress: string,
): Promise<StatusChange> {
  const table = tableOf(subject);
  try {
    return await db.transaction(async (tx) => {
      if (await moveStatus(tx, subject, change, user, ipAddress)) return { ok: true };
      const [row] = await tx.select({ status: table.status }).from(table).where(eq(table.id, subject.id));
      return { ok: false, current: row?.status ?? null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, duplicate: true };
    throw error;
  }
}

/**
 * Inside the caller's transaction: moves the record from one status to another
 * when it still has the first, with its history entry and audit entry; false
 * when it has another status (nothing changes).
 */
export async function moveStatus(
  tx: Database,
  subject: InboxSubject,
  change: { from: string; to: string },
  user: StaffUser,
  ipAddress: string,
): Promise<boolean> {
  const table = tableOf(subject);
  const updated = await tx
    .update(table)
    .set({ status: change.to as never })
    .where(and(eq(table.id, subject.id), eq(table.status, change.from as never)))
    .returning({ id: table.id });
  if (updated.length === 0) return false;
  // A place taken or given up changes whether the event's page offers places or the waiting list.
  if (subject.type === "registration" && (change.from === "registered" || change.to === "registered")) await bumpContentVersion(tx);
  await tx
    .insert(inboxStatusChanges)
    .values({ ...subjectColumns(subject), fromStatus: change.from, toStatus: change.to, actorId: user.id, actorName: user.name });
  await audit(tx, { actor: actorOf(user), action: "status-changed", target: subject, detail: { from: change.from, to: change.to }, ipAddress });
  return true;
}

/** Adds an internal note; notes are never edited, so two writers cannot overwrite each other. */
export async function addNote(db: Database, subject: InboxSubject, body: string, user: StaffUser, ipAddress: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(inboxNotes).values({ ...subjectColumns(subject), authorId: user.id, authorName: user.name, body });
    await audit(tx, { actor: actorOf(user), action: "note-added", target: subject, ipAddress });
  });
}

export type ReplyDelivery = { status: string; attempts: number; lastError: string | null };

export type TimelineEntry =
  | { kind: "note" | "call"; at: string; who: string; body: string }
  | { kind: "status"; at: string; who: string; from: string; to: string }
  | { kind: "reply"; at: string; who: string; subject: string; body: string; delivery: ReplyDelivery | null };

/** Notes, logged calls, replies (with where their email stands) and status changes, oldest first. */
export async function timelineOf(db: Database, subject: InboxSubject): Promise<TimelineEntry[]> {
  const notes = await db
    .select({ at: inboxNotes.createdAt, who: inboxNotes.authorName, body: inboxNotes.body, kind: inboxNotes.kind })
    .from(inboxNotes)
    .where(subjectFilter(inboxNotes, subject))
    .orderBy(asc(inboxNotes.createdAt), asc(inboxNotes.id));
  const changes = await db
    .select({ at: inboxStatusChanges.createdAt, who: inboxStatusChanges.actorName, from: inboxStatusChanges.fromStatus, to: inboxStatusChanges.toStatus })
    .from(inboxStatusChanges)
    .where(subjectFilter(inboxStatusChanges, subject))
    .orderBy(asc(inboxStatusChanges.createdAt), asc(inboxStatusChanges.id));
  const replies = await db
    .select({
      at: inboxReplies.createdAt,
      who: inboxReplies.authorName,
      subject: inboxReplies.subject,
      body: inboxReplies.body,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
    })
    .from(inboxReplies)
    .leftJoin(outbox, eq(outbox.id, inboxReplies.outboxId))
    .where(subjectFilter(inboxReplies, subject))
    .orderBy(asc(inboxReplies.createdAt), asc(inboxReplies.id));
  return [
    ...notes.map((note) => ({ kind: note.kind, at: note.at.toISOString(), who: note.who, body: note.body })),
    ...replies.map(({ at, who, subject, body, status, attempts, lastError }) => ({
      kind: "reply" as const,
      at: at.toISOString(),
      who,
      subject,
      body,
      delivery: status === null ? null : { status, attempts: attempts ?? 0, lastError },
    })),
    // Last among entries of the same moment: a reply or call written in the same transaction caused the change.
    ...changes.map((change) => ({ kind: "status" as const, at: change.at.toISOString(), who: change.who, from: change.from, to: change.to })),
  ].sort((a, b) => a.at.localeCompare(b.at));
}

/** Whether the record exists, so a post to a missing one is "not found" rather than a failed write. */
export async function recordExists(db: Database, subject: InboxSubject): Promise<boolean> {
  const table = tableOf(subject);
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, subject.id));
  return row !== undefined;
}

/**
 * Opening a record makes it read: a consultation for the person who opened
 * it only, an application for all recruiters the first time anyone does.
 * Registrations are not marked unread: a list of who is coming, not a queue.
 */
export async function markRead(db: Database, subject: InboxSubject, userId: string): Promise<void> {
  if (subject.type === "consultation") {
    await db.insert(consultationReads).values({ consultationId: subject.id, userId }).onConflictDoNothing();
    return;
  }
  if (subject.type === "application") {
    await db
      .update(jobApplications)
      .set({ readAt: new Date() })
      .where(and(eq(jobApplications.id, subject.id), isNull(jobApplications.readAt)));
  }
}

export type Delivery = { template: string; to: string; status: string; attempts: number; lastError: string | null; sentAt: string | null };

/** The emails the record caused and where each stands. */
export async function deliveriesOf(db: Database, subject: InboxSubject): Promise<Delivery[]> {
  const rows = await db
    .select({
      template: outbox.template,
      to: outbox.toAddress,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(subjectFilter(outbox, subject))
    .orderBy(asc(outbox.id));
  return rows.map((row) => ({ ...row, sentAt: row.sentAt?.toISOString() ?? null }));
}

/** What an inbox detail page's post asks for. */
export function readNote(values: Record<string, string>): { ok: true; body: string } | { ok: false; message: string } {
  const body = (values.note ?? "").trim();
  if (!body) return { ok: false, message: "Write the note before adding it." };
  if (body.length > NOTE_MAX_LENGTH) return { ok: false, message: `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString("en")} characters.` };
  return { ok: true, body };
}
