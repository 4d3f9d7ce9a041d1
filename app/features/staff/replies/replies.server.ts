import { randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { recordFirstResponse } from "#app/features/leads/business-hours.server.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { actorOf, moveStatus, subjectColumns, subjectFilter, tableOf, type InboxSubject } from "#app/features/staff/inbox.server.ts";
import { replyDraftFor } from "#app/features/staff/replies/reply-templates.server.ts";
import { checkReply, REPLY_BODY_MAX_BYTES, REPLY_SUBJECT_MAX_LENGTH, type ReplyDraft } from "#app/features/staff/replies/reply-rules.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultations, inboxNotes, inboxReplies, outbox, parseRecordId, staffUsers } from "#app/platform/db/schema.server.ts";
import type { Outbox } from "#app/platform/services.server.ts";

/*
 * Answering a lead from its page: an email written there and sent through
 * the outbox, threaded under the confirmation the lead received, or a phone
 * call logged with what was said. Either is the lead's first response when
 * nothing came before it: the clock stops and a new lead becomes contacted.
 */

export type ReplyResult = { ok: true; outboxId: number | null } | { ok: false; field: string; message: string };

/** The lead a reply goes to. */
async function leadOf(db: Database, subject: InboxSubject): Promise<{ fullName: string; email: string } | null> {
  const table = tableOf(subject);
  const [row] = await db.select({ fullName: table.fullName, email: table.email }).from(table).where(eq(table.id, subject.id));
  return row ?? null;
}

/**
 * Where the lead's answer to a reply goes: the lead's owner, while the account is active, so the
 * conversation stays with whoever answers it; else the member of staff who wrote the reply.
 */
async function replyAddressOf(db: Database, subject: InboxSubject, sender: StaffUser): Promise<string> {
  if (subject.type !== "consultation") return sender.email;
  const [owner] = await db
    .select({ email: staffUsers.email })
    .from(consultations)
    .innerJoin(staffUsers, eq(staffUsers.id, consultations.ownerId))
    .where(and(eq(consultations.id, subject.id), isNull(staffUsers.deactivatedAt)));
  return owner?.email ?? sender.email;
}

/** The Message-ID of the first message of the record that carries one (the confirmation), to thread under. */
async function threadOf(db: Database, subject: InboxSubject): Promise<string | null> {
  const [row] = await db
    .select({ messageId: outbox.messageId })
    .from(outbox)
    .where(and(subjectFilter(outbox, subject), isNotNull(outbox.messageId)))
    .orderBy(asc(outbox.id))
    .limit(1);
  return row?.messageId ?? null;
}

/**
 * What the lead's reply form starts from: the templates to choose from, the
 * chosen one filled in for this lead and sender, and a fresh idempotency key
 * (the form works without JavaScript, so the key comes with the page).
 */
export async function replyFormOf(db: Database, subject: InboxSubject, templateParam: string | null, sender: StaffUser) {
  const [lead, replyTo] = await Promise.all([leadOf(db, subject), replyAddressOf(db, subject, sender)]);
  const { templates, chosen, draft } = await replyDraftFor(db, parseRecordId(templateParam ?? undefined), { lead: lead?.fullName ?? "", sender: sender.name });
  return {
    to: lead ? { name: lead.fullName, email: lead.email } : null,
    replyTo,
    templates,
    chosen,
    draft,
    idempotencyKey: randomUUID(),
    subjectMaxLength: REPLY_SUBJECT_MAX_LENGTH,
    bodyMaxBytes: REPLY_BODY_MAX_BYTES,
  };
}

export type ReplyForm = Awaited<ReturnType<typeof replyFormOf>>;

/**
 * A consultation's first response: the clock stops (only the first time) and
 * a new lead moves to contacted, recorded as the sender's status change.
 * Applications have no clock; their status stays for the recruiter to set.
 */
async function recordResponse(tx: Database, subject: InboxSubject, user: StaffUser, ipAddress: string): Promise<void> {
  if (subject.type !== "consultation") return;
  await recordFirstResponse(tx, subject.id, new Date());
  await moveStatus(tx, subject, { from: "new", to: "contacted" }, user, ipAddress);
}

/**
 * Queues a reply to the lead: from the site's address (the worker's MAIL_FROM),
 * Reply-To the lead's owner (or the sender), In-Reply-To and References the confirmation's
 * Message-ID. The same idempotency key twice (a double click, a repost)
 * queues one message: the second answers as the first did.
 */
export async function sendReply(
  services: { db: Database; outbox: Pick<Outbox, "enqueue"> },
  subject: InboxSubject,
  posted: { subject?: string; body?: string; idempotencyKey: string },
  user: StaffUser,
  ipAddress: string,
): Promise<ReplyResult> {
  const checked = checkReply(posted);
  if (!checked.ok) return checked;
  if (!posted.idempotencyKey) return { ok: false, field: "body", message: "The form is missing its one-time key. Reload the page and send the reply again." };
  const reply: ReplyDraft = checked.value;
  const { db } = services;
  const lead = await leadOf(db, subject);
  if (!lead) return { ok: false, field: "body", message: "This record no longer exists." };
  const [thread, replyTo] = await Promise.all([threadOf(db, subject), replyAddressOf(db, subject, user)]);
  return db.transaction(async (tx): Promise<ReplyResult> => {
    const [saved] = await tx
      .insert(inboxReplies)
      .values({ ...subjectColumns(subject), authorId: user.id, authorName: user.name, ...reply, idempotencyKey: posted.idempotencyKey })
      .onConflictDoNothing({ target: inboxReplies.idempotencyKey })
      .returning({ id: inboxReplies.id });
    if (!saved) {
      const [earlier] = await tx.select({ outboxId: inboxReplies.outboxId }).from(inboxReplies).where(eq(inboxReplies.idempotencyKey, posted.idempotencyKey));
      return { ok: true, outboxId: earlier?.outboxId ?? null };
    }
    const outboxId = await services.outbox.enqueue(tx, {
      template: "inbox-reply",
      to: lead.email,
      params: { subject: reply.subject, body: reply.body, reply_to: replyTo, in_reply_to: thread ?? "" },
      kind: "reply",
      ...subjectColumns(subject),
    });
    await tx.update(inboxReplies).set({ outboxId }).where(eq(inboxReplies.id, saved.id));
    await audit(tx, { actor: actorOf(user), action: "reply-sent", target: subject, detail: { outboxId }, ipAddress });
    await recordResponse(tx, subject, user, ipAddress);
    return { ok: true, outboxId };
  });
}

/** Logs a phone call with what was said (checked as a note is). */
export async function logCall(db: Database, subject: InboxSubject, note: string, user: StaffUser, ipAddress: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(inboxNotes).values({ ...subjectColumns(subject), authorId: user.id, authorName: user.name, body: note, kind: "call" });
    await audit(tx, { actor: actorOf(user), action: "call-logged", target: subject, ipAddress });
    await recordResponse(tx, subject, user, ipAddress);
  });
}
