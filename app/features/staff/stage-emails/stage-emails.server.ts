import { randomUUID } from "node:crypto";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { appliedFor } from "#app/features/careers/application-stage.ts";
import {
  checkStageTemplate,
  defaultStageEmails,
  emailStages,
  fillStageEmail,
  isEmailStage,
  rejectionDueAt,
  type EmailStage,
  type StageEmailSetting,
} from "#app/features/careers/stage-email-rules.ts";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { actorOf, moveStatus, type InboxSubject } from "#app/features/staff/inbox.server.ts";
import { checkReply, REPLY_BODY_MAX_BYTES, type ReplyDraft } from "#app/features/staff/replies/reply-rules.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import {
  applicationStageEmails,
  applicationStatuses,
  inboxReplies,
  jobApplications,
  jobs,
  outbox,
  scheduledRejections,
  type ApplicationStatus,
} from "#app/platform/db/schema.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { Outbox, PeriodicTask } from "#app/platform/services.server.ts";

/*
 * Emails on stage changes: which stages offer one (recruiters choose), their
 * templates (admins write), the move that sends the edited email, and the
 * rejections scheduled for later that a periodic task carries out once,
 * whatever the number of processes.
 */

/** Every stage that can email, with its saved choice and words or the defaults. */
export async function readStageEmails(db: Database): Promise<StageEmailSetting[]> {
  const rows = await db.select().from(applicationStageEmails);
  return emailStages.map((stage) => {
    const row = rows.find((r) => r.stage === stage);
    return row
      ? { stage, sendsEmail: row.sendsEmail, subject: row.subject, body: row.body, saved: true }
      : { stage, ...defaultStageEmails[stage], saved: false };
  });
}

export type SettingChange = { ok: true; message: string } | { ok: false; status: number; field?: string; message: string };

async function upsertStage(tx: Database, current: StageEmailSetting, change: Partial<Pick<StageEmailSetting, "sendsEmail" | "subject" | "body">>) {
  const values = { sendsEmail: current.sendsEmail, subject: current.subject, body: current.body, ...change };
  await tx
    .insert(applicationStageEmails)
    .values({ stage: current.stage, ...values })
    .onConflictDoUpdate({ target: applicationStageEmails.stage, set: { ...change, updatedAt: new Date() } });
}

async function settingOf(db: Database, stage: EmailStage): Promise<StageEmailSetting> {
  return (await readStageEmails(db)).find((s) => s.stage === stage)!;
}

/** A recruiter's choice: whether moving an application to `stage` offers the candidate its email. */
export async function saveStageSending(db: Database, stage: string, sendsEmail: boolean, user: StaffUser, ipAddress: string): Promise<SettingChange> {
  if (!isEmailStage(stage)) return { ok: false, status: 400, message: "Choose one of the listed stages." };
  await db.transaction(async (tx) => {
    await upsertStage(tx, await settingOf(tx, stage), { sendsEmail });
    await audit(tx, { actor: actorOf(user), action: "stage-email-sending-changed", detail: { stage, sendsEmail }, ipAddress });
  });
  const name = applicationStatusLabels[stage];
  return { ok: true, message: sendsEmail ? `Moving an application to ${name} now offers its email.` : `Moving an application to ${name} now sends no email.` };
}

/** An admin's words for a stage; refused with a sentence when a placeholder is unknown. */
export async function saveStageTemplate(
  db: Database,
  stage: string,
  posted: { subject?: string; body?: string },
  user: StaffUser,
  ipAddress: string,
): Promise<SettingChange> {
  if (!isEmailStage(stage)) return { ok: false, status: 400, message: "Choose one of the listed stages." };
  const checked = checkStageTemplate(posted);
  if (!checked.ok) return { ok: false, status: 400, field: checked.field, message: checked.message };
  await db.transaction(async (tx) => {
    await upsertStage(tx, await settingOf(tx, stage), checked.value);
    await audit(tx, { actor: actorOf(user), action: "stage-email-template-edited", detail: { stage }, ipAddress });
  });
  return { ok: true, message: `The ${applicationStatusLabels[stage]} email was saved.` };
}

/** The application as a move needs it. */
async function candidateOf(db: Database, id: number) {
  const [row] = await db
    .select({
      id: jobApplications.id,
      reference: jobApplications.reference,
      fullName: jobApplications.fullName,
      email: jobApplications.email,
      status: jobApplications.status,
      position: jobApplications.position,
      jobTitle: jobs.title,
    })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, id));
  return row ? { ...row, appliedFor: appliedFor(row) } : null;
}

export type PendingRejection = { dueAt: string; withEmail: boolean; by: string };

/** The rejection waiting for this application, if any. */
export async function pendingRejectionOf(db: Database, applicationId: number): Promise<PendingRejection | null> {
  const [row] = await db
    .select({ dueAt: scheduledRejections.dueAt, subject: scheduledRejections.subject, by: scheduledRejections.authorName })
    .from(scheduledRejections)
    .where(and(eq(scheduledRejections.applicationId, applicationId), eq(scheduledRejections.state, "scheduled")));
  return row ? { dueAt: row.dueAt.toISOString(), withEmail: row.subject !== null, by: row.by } : null;
}

/**
 * What the move page shows: the application, the stage's email filled in for
 * this candidate (or none when the stage sends none), and, for a rejection,
 * when a scheduled one would go.
 */
export async function moveDraftFor(db: Database, applicationId: number, to: string) {
  const application = await candidateOf(db, applicationId);
  if (!application) return null;
  const stage = (applicationStatuses as readonly string[]).includes(to) ? (to as ApplicationStatus) : null;
  if (stage === null) return { application, to: null };
  const setting = isEmailStage(stage) ? await settingOf(db, stage) : null;
  const draft = setting ? fillStageEmail(setting, { name: application.fullName, job: application.appliedFor, reference: application.reference }) : null;
  const scheduledAt = stage === "rejected" ? rejectionDueAt(new Date(), await readBusinessHours(db)).toISOString() : null;
  return {
    application,
    to: stage,
    offersEmail: setting?.sendsEmail ?? false,
    draft,
    scheduledAt,
    pending: await pendingRejectionOf(db, applicationId),
    idempotencyKey: randomUUID(),
  };
}

/**
 * The Message-ID the applicant's confirmation went out with: its own when the
 * outbox row carries one, else the one the transport derived from the row
 * (`<outbox-ID@domain>` of its sender, the hiring inbox). Empty when the
 * applicant got no confirmation (the daily cap).
 */
export async function confirmationThreadOf(db: Database, applicationId: number, hiringInbox: string): Promise<string> {
  const [row] = await db
    .select({ id: outbox.id, messageId: outbox.messageId })
    .from(outbox)
    .where(and(eq(outbox.applicationId, applicationId), eq(outbox.template, "job-application-confirmation")))
    .orderBy(asc(outbox.id))
    .limit(1);
  if (!row) return "";
  if (row.messageId) return row.messageId;
  const domain = /@([^>\s]+)>?\s*$/.exec(hiringInbox)?.[1] ?? "localhost";
  return `<outbox-${row.id}@${domain}>`;
}

type StageServices = { db: Database; outbox: Pick<Outbox, "enqueue">; env: Pick<Env, "HIRING_INBOX" | "SITE_URL"> };

/** Inside the caller's transaction: queues the email in the confirmation's thread and records it in the application's history. */
async function queueStageEmail(
  tx: Database,
  services: StageServices,
  application: { id: number; email: string },
  email: ReplyDraft,
  author: { id: string | null; name: string; email: string },
  idempotencyKey: string,
  ipAddress: string,
): Promise<number> {
  const inReplyTo = await confirmationThreadOf(tx, application.id, services.env.HIRING_INBOX);
  const outboxId = await services.outbox.enqueue(tx, {
    template: "application-stage-email",
    to: application.email,
    params: { subject: email.subject, body: email.body, in_reply_to: inReplyTo },
    kind: "stage-email",
    applicationId: application.id,
  });
  await tx.insert(inboxReplies).values({
    applicationId: application.id,
    authorId: author.id,
    authorName: author.name,
    subject: email.subject,
    body: email.body,
    outboxId,
    idempotencyKey,
  });
  await audit(tx, { actor: author, action: "stage-email-sent", target: { type: "application", id: application.id }, detail: { outboxId }, ipAddress });
  return outboxId;
}

export type MovePost = {
  from?: string;
  to?: string;
  /** "send" the email as edited, or "skip" it. */
  email?: string;
  /** "now", or "scheduled" (a rejection only). */
  when?: string;
  subject?: string;
  body?: string;
  idempotencyKey: string;
};

/** What the recruiter typed into a refused move, cut to a size worth sending back into the form. */
export function typedMoveEmail(values: Record<string, string | undefined>) {
  return {
    subject: (values.subject ?? "").slice(0, 1_000),
    body: (values.body ?? "").slice(0, REPLY_BODY_MAX_BYTES + 1_000),
    email: values.email ?? "",
  };
}

export type MoveResult =
  | { ok: true; outboxId: number | null; scheduledAt: string | null }
  | { ok: false; status: number; field: string; message: string; current?: ApplicationStatus };

const isStatus = (value: string | undefined): value is ApplicationStatus => (applicationStatuses as readonly string[]).includes(value ?? "");

/**
 * Moves an application from the stage the recruiter saw, with the email as
 * they left it or none; or, for a rejection, schedules the move and its email
 * for later. A repost of the same form (its one-time key) moves nothing twice.
 */
export async function moveApplication(services: StageServices, id: number, posted: MovePost, user: StaffUser, ipAddress: string): Promise<MoveResult> {
  const { from, to } = posted;
  if (!isStatus(from) || !isStatus(to)) return { ok: false, status: 400, field: "to", message: "Choose one of the listed stages." };
  if (from === to) return { ok: false, status: 400, field: "to", message: `It is already “${applicationStatusLabels[to]}”.` };
  let email: ReplyDraft | null = null;
  if (posted.email === "send") {
    const checked = checkReply(posted);
    if (!checked.ok) return { ok: false, status: 400, field: checked.field, message: checked.message };
    email = checked.value;
  }
  if (!posted.idempotencyKey) return { ok: false, status: 400, field: "to", message: "The form is missing its one-time key. Reload the page and try again." };
  const application = await candidateOf(services.db, id);
  if (!application) return { ok: false, status: 404, field: "to", message: "This application no longer exists." };
  const subject: InboxSubject = { type: "application", id };
  const author = { id: user.id, name: user.name, email: user.email };

  if (posted.when === "scheduled") {
    if (to !== "rejected") return { ok: false, status: 400, field: "when", message: "Only a rejection can be scheduled; choose “now”." };
    const dueAt = rejectionDueAt(new Date(), await readBusinessHours(services.db));
    try {
      return await services.db.transaction(async (tx): Promise<MoveResult> => {
        const [current] = await tx.select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, id)).for("update");
        if (current?.status !== from) return conflict(current?.status);
        await tx.insert(scheduledRejections).values({
          applicationId: id,
          fromStatus: from,
          subject: email?.subject ?? null,
          body: email?.body ?? null,
          dueAt,
          authorId: user.id,
          authorName: user.name,
          authorEmail: user.email,
        });
        await audit(tx, { actor: actorOf(user), action: "rejection-scheduled", target: subject, detail: { dueAt: dueAt.toISOString() }, ipAddress });
        return { ok: true, outboxId: null, scheduledAt: dueAt.toISOString() };
      });
    } catch (error) {
      if (isUniqueViolation(error))
        return {
          ok: false,
          status: 409,
          field: "when",
          message: "A rejection is already scheduled for this application; cancel it first to schedule another.",
        };
      throw error;
    }
  }

  return services.db.transaction(async (tx): Promise<MoveResult> => {
    if (email) {
      const [earlier] = await tx.select({ outboxId: inboxReplies.outboxId }).from(inboxReplies).where(eq(inboxReplies.idempotencyKey, posted.idempotencyKey));
      if (earlier) return { ok: true, outboxId: earlier.outboxId, scheduledAt: null };
    }
    if (!(await moveStatus(tx, subject, { from, to }, user, ipAddress))) {
      const [current] = await tx.select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, id));
      return conflict(current?.status);
    }
    // A recruiter's own move replaces any rejection still waiting to happen.
    await tx
      .update(scheduledRejections)
      .set({ state: "superseded", settledAt: new Date() })
      .where(and(eq(scheduledRejections.applicationId, id), eq(scheduledRejections.state, "scheduled")));
    const outboxId = email ? await queueStageEmail(tx, services, application, email, author, posted.idempotencyKey, ipAddress) : null;
    return { ok: true, outboxId, scheduledAt: null };
  });
}

function conflict(current: ApplicationStatus | undefined): MoveResult {
  if (!current) return { ok: false, status: 404, field: "to", message: "This application no longer exists." };
  return {
    ok: false,
    status: 409,
    field: "to",
    current,
    message: `Someone changed the stage to “${applicationStatusLabels[current]}” while you were looking. Nothing was changed or sent.`,
  };
}

/** Cancels the rejection waiting for this application; false when there is none (it went, or someone cancelled it). */
export async function cancelScheduledRejection(db: Database, applicationId: number, user: StaffUser, ipAddress: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .update(scheduledRejections)
      .set({ state: "cancelled", settledAt: new Date() })
      .where(and(eq(scheduledRejections.applicationId, applicationId), eq(scheduledRejections.state, "scheduled")))
      .returning({ id: scheduledRejections.id });
    if (cancelled.length === 0) return false;
    await audit(tx, { actor: actorOf(user), action: "rejection-cancelled", target: { type: "application", id: applicationId }, ipAddress });
    return true;
  });
}

/** Rejections carried out per run; the rest wait for the next one. */
const DUE_BATCH = 50;

/**
 * Carries out the rejections that are due, each in its own short transaction:
 * the row is claimed with FOR UPDATE SKIP LOCKED, so two processes never take
 * the same one, and a cancel waits for the claim and then finds it done. An
 * application moved on since it was scheduled is left where it is.
 */
export async function carryOutDueRejections(services: StageServices, now = new Date()): Promise<{ done: number; superseded: number }> {
  const counts = { done: 0, superseded: 0 };
  for (let round = 0; round < DUE_BATCH; round++) {
    const outcome = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(scheduledRejections)
        .where(and(eq(scheduledRejections.state, "scheduled"), lte(scheduledRejections.dueAt, now)))
        .orderBy(asc(scheduledRejections.dueAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      const author = { id: row.authorId, name: row.authorName, email: row.authorEmail };
      // The recruiter who scheduled it moves it; their account may have gone since (the id is then null, as audit entries allow).
      const mover = { ...author, roles: [], timeZone: null } as unknown as StaffUser;
      const moved = await moveStatus(tx, { type: "application", id: row.applicationId }, { from: row.fromStatus, to: "rejected" }, mover, "scheduled");
      const application = moved ? await candidateOf(tx, row.applicationId) : null;
      if (application && row.subject !== null && row.body !== null) {
        await queueStageEmail(tx, services, application, { subject: row.subject, body: row.body }, author, `scheduled-rejection-${row.id}`, "scheduled");
      }
      await tx
        .update(scheduledRejections)
        .set({ state: moved ? "done" : "superseded", settledAt: sql`now()` })
        .where(eq(scheduledRejections.id, row.id));
      return moved ? "done" : "superseded";
    });
    if (outcome === null) break;
    counts[outcome]++;
  }
  return counts;
}

/** The server's look for rejections that are due: a minute late at most. */
export const carryOutScheduledRejections: PeriodicTask = {
  name: "carry out scheduled rejections",
  intervalMs: 60_000,
  run: async (services) => {
    const { done } = await carryOutDueRejections(services);
    if (done > 0) services.outbox.nudge();
  },
};
