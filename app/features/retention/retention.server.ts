import { inArray, sql, type SQL } from "drizzle-orm";
import { readDocument, saveDocument } from "#app/features/content-documents.server.ts";
import { renewalToken, renewalUrl } from "#app/features/retention/renewal-link.server.ts";
import { DEFAULT_RETENTION_PERIODS, RENEWAL_NOTICE_DAYS, type RetentionPeriods } from "#app/features/retention/retention-periods.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { rowsOf, type Database } from "#app/platform/db/client.server.ts";
import {
  consultationAttachments,
  consultations,
  inboxNotes,
  inboxReplies,
  jobApplications,
  outbox,
  scheduledRejections,
} from "#app/platform/db/schema.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { Outbox, PeriodicTask } from "#app/platform/services.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";
import { createStorage } from "#app/platform/storage/storage.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";

/*
 * Retention (decision 077): applications are anonymised a period after their
 * job closes, consultation requests marked lost or spam a period after being
 * so marked. Anonymising keeps the stage, the dates, the job and the source
 * for the figures, and removes everything else, the stored files included.
 * Candidates who asked to be kept in mind for future roles are told first,
 * and may keep their application for another period (decision 081).
 *
 * Each batch is one short transaction that claims its rows with
 * `FOR UPDATE SKIP LOCKED`, so no lock is held for long and two processes
 * never work on the same rows. Files are deleted after the batch commits:
 * a process that dies in between leaves files no row names, which the
 * housekeeping's orphan sweep (forms/upload-sweep.server.ts) deletes.
 */

const TYPE = "retention";
const KEY = "periods";

/** What the staff screens show where a name was. */
export const ANONYMISED_NAME = "Anonymised";

/**
 * Rows per transaction, small enough that a batch's locks last under 100 ms on PostgreSQL (bench/retention.ts):
 * an anonymised row rewrites its entries in the search index; a notice renders its email as the outbox takes it.
 */
export const RETENTION_BATCH = 100;
export const NOTICE_BATCH = 10;

export type RetentionInForce = { periods: RetentionPeriods; revision: number; changedAt: Date | null };

function periodsOf(data: unknown): RetentionPeriods {
  const stored = data && typeof data === "object" ? (data as Partial<RetentionPeriods>) : {};
  const months = (value: unknown, fallback: number) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback);
  return {
    applicationMonths: months(stored.applicationMonths, DEFAULT_RETENTION_PERIODS.applicationMonths),
    consultationMonths: months(stored.consultationMonths, DEFAULT_RETENTION_PERIODS.consultationMonths),
  };
}

/** The periods an admin saved, or the defaults before anyone has. */
export async function readRetention(db: Database): Promise<RetentionInForce> {
  const stored = await readDocument(db, TYPE, KEY);
  return { periods: periodsOf(stored.data), revision: stored.revision, changedAt: stored.changedAt };
}

/** Saves over the revision the admin opened; false when someone saved in between (nothing is written). */
export async function saveRetention(
  db: Database,
  periods: RetentionPeriods,
  shownRevision: number,
  actor: AuditActor & { id: string },
  ipAddress: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revision = await saveDocument(tx, { type: TYPE, key: KEY, data: periods, shownRevision, actorId: actor.id });
    if (revision === null) return false;
    await audit(tx, { actor, action: "retention-changed", detail: { ...periods }, ipAddress });
    return true;
  });
}

/** The source fields of an attribution and nothing else: what the figures group by, without pages or click ids. */
const sourceOnly = (column: SQL) =>
  sql`case when ${column} is null then null else jsonb_strip_nulls(jsonb_build_object('source', ${column} -> 'source', 'medium', ${column} -> 'medium', 'campaign', ${column} -> 'campaign')) end`;

/**
 * Removes the personal data of these applications, in `tx`: the candidate's
 * fields, answers and status link, the notes and emails about them and a
 * rejection still scheduled. Answers the resume keys, for deleteFiles once `tx` commits.
 */
export async function anonymiseApplications(tx: Database, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute(sql`
    update ${jobApplications} set
      full_name = ${ANONYMISED_NAME}, email = '', phone = '', portfolio_url = null, years_experience = null, cover_letter = null,
      answers = '[]'::jsonb, resume_key = '', resume_name = '', resume_content_type = '', resume_size = 0,
      status_token_hash = null, idempotency_key = null, future_roles_consent_at = null, consent_renewed_at = null,
      attribution = ${sourceOnly(sql`"job_applications"."attribution"`)}, anonymised_at = now()
    from (select id as held_id, resume_key as held_key from ${jobApplications} where ${inArray(jobApplications.id, [...ids])} and anonymised_at is null) held
    where "job_applications"."id" = held.held_id
    returning held.held_key as key`);
  const subject = [...ids];
  await tx.delete(inboxNotes).where(inArray(inboxNotes.applicationId, subject));
  await tx.delete(inboxReplies).where(inArray(inboxReplies.applicationId, subject));
  await tx.delete(scheduledRejections).where(inArray(scheduledRejections.applicationId, subject));
  await tx.delete(outbox).where(inArray(outbox.applicationId, subject));
  return rowsOf<{ key: string }>(result)
    .map((row) => row.key)
    .filter((key) => key !== "");
}

/** Removes the personal data and the attached files' rows of these consultation requests, in `tx`; answers the files' keys. */
export async function anonymiseConsultations(tx: Database, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const subject = [...ids];
  await tx.execute(sql`
    update ${consultations} set
      full_name = ${ANONYMISED_NAME}, email = '', phone = '', project_brief = '', file_url = null,
      attribution = ${sourceOnly(sql`"consultations"."attribution"`)}, anonymised_at = now()
    where ${inArray(consultations.id, subject)} and anonymised_at is null`);
  const files = await tx
    .delete(consultationAttachments)
    .where(inArray(consultationAttachments.consultationId, subject))
    .returning({ key: consultationAttachments.storageKey });
  await tx.delete(inboxNotes).where(inArray(inboxNotes.consultationId, subject));
  await tx.delete(inboxReplies).where(inArray(inboxReplies.consultationId, subject));
  await tx.delete(outbox).where(inArray(outbox.consultationId, subject));
  return files.map((file) => file.key);
}

/** Deletes stored files after their rows let go of them; a failure is left to the orphan sweep. */
export async function deleteFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => logger.warn({ err: error }, "A file whose record was anonymised could not be deleted yet"));
  }
}

/*
 * When an application's period starts: when its job closed (its closing date
 * once passed, or its last change when closed by hand), never before the
 * application arrived; when it names no job, when it arrived. A candidate who
 * kept it from the renewal email starts a new period from that day (greatest
 * passes over the null of one who did not). An open job's applications have
 * not started.
 */
const retentionStart = sql`(case
  when a.job_id is null then greatest(a.created_at, a.consent_renewed_at)
  when j.status = 'closed' then greatest(a.created_at, least(j.closes_at, j.changed_at), a.consent_renewed_at)
  when j.closes_at <= now() then greatest(a.created_at, j.closes_at, a.consent_renewed_at)
end)`;

const applicationsEnd = (months: number) => sql`(${retentionStart} + make_interval(months => ${months}))`;
const noticeDays = sql`make_interval(days => ${RENEWAL_NOTICE_DAYS})`;

/** Claims a batch of ids by `where`, locked until the transaction ends; rows another process holds are skipped. */
async function claimApplications(tx: Database, where: SQL, limit: number): Promise<{ id: number; email: string; reference: string; fullName: string }[]> {
  const result = await tx.execute(sql`
    select a.id, a.email, a.reference, a.full_name as "fullName" from ${jobApplications} a left join job j on j.id = a.job_id
    where a.anonymised_at is null and ${where}
    order by a.id limit ${limit}
    for update of a skip locked`);
  return rowsOf<{ id: number | string; email: string; reference: string; fullName: string }>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

type SweepServices = { db: Database; storage: FileStorage; outbox: Pick<Outbox, "enqueue" | "nudge">; env: Pick<Env, "SITE_URL" | "AUTH_SECRET"> };

export type BatchTiming = { kind: "notice" | "application" | "consultation"; rows: number; ms: number };

export type RetentionRun = { notices: number; applications: number; consultations: number };

/**
 * One pass: consent-renewal notices for the candidates who asked to be kept in
 * mind and whose period ends within the notice, then the expired applications
 * and lost or spam requests, a batch at a time. `onBatch` hears each batch's
 * rows and transaction time (the bench prints them).
 */
export async function applyRetention(
  services: SweepServices,
  {
    batchSize = RETENTION_BATCH,
    noticeBatchSize = NOTICE_BATCH,
    onBatch,
  }: { batchSize?: number; noticeBatchSize?: number; onBatch?: (timing: BatchTiming) => void } = {},
): Promise<RetentionRun> {
  const { periods } = await readRetention(services.db);
  const run: RetentionRun = { notices: 0, applications: 0, consultations: 0 };
  const timed = async <T>(kind: BatchTiming["kind"], work: () => Promise<T[]>): Promise<T[]> => {
    const started = performance.now();
    const rows = await work();
    onBatch?.({ kind, rows: rows.length, ms: performance.now() - started });
    return rows;
  };
  const end = applicationsEnd(periods.applicationMonths);
  const secret = await siteSecret(services);

  for (;;) {
    const noticed = await timed("notice", () =>
      services.db.transaction(async (tx) => {
        // To the second, as the renewal link carries it.
        const noticeAt = new Date(Math.floor(Date.now() / 1000) * 1000);
        const due = await claimApplications(
          tx,
          sql`a.future_roles_consent_at is not null and a.renewal_notice_at is null and ${end} <= now() + ${noticeDays}`,
          noticeBatchSize,
        );
        for (const candidate of due) {
          await services.outbox.enqueue(tx, {
            template: "future-roles-renewal",
            to: candidate.email,
            kind: "future-roles-renewal",
            applicationId: candidate.id,
            params: {
              full_name: candidate.fullName,
              reference: candidate.reference,
              notice_days: RENEWAL_NOTICE_DAYS,
              renew_url: renewalUrl(services.env.SITE_URL, renewalToken(secret, { id: candidate.id, noticeAt })),
              alerts_url: `${services.env.SITE_URL}/careers/alerts`,
            },
          });
        }
        if (due.length > 0) {
          await tx.execute(
            sql`update ${jobApplications} set renewal_notice_at = ${noticeAt.toISOString()}::timestamptz where ${inArray(
              jobApplications.id,
              due.map((row) => row.id),
            )}`,
          );
        }
        return due;
      }),
    );
    run.notices += noticed.length;
    if (noticed.length < noticeBatchSize) break;
  }
  if (run.notices > 0) services.outbox.nudge();

  for (;;) {
    const files: string[] = [];
    const claimed = await timed("application", () =>
      services.db.transaction(async (tx) => {
        const due = await claimApplications(
          tx,
          sql`${end} <= now() and (a.future_roles_consent_at is null or a.renewal_notice_at <= now() - ${noticeDays})`,
          batchSize,
        );
        files.push(
          ...(await anonymiseApplications(
            tx,
            due.map((row) => row.id),
          )),
        );
        return due;
      }),
    );
    await deleteFiles(services.storage, files);
    run.applications += claimed.length;
    if (claimed.length < batchSize) break;
  }

  for (;;) {
    const files: string[] = [];
    const claimed = await timed("consultation", () =>
      services.db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          select c.id from ${consultations} c
          where c.status in ('lost', 'spam') and c.anonymised_at is null
            and coalesce((select max(s.created_at) from inbox_status_changes s where s.consultation_id = c.id), c.submitted_at)
              + make_interval(months => ${periods.consultationMonths}) <= now()
          order by c.id limit ${batchSize}
          for update skip locked`);
        const ids = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
        files.push(...(await anonymiseConsultations(tx, ids)));
        return ids;
      }),
    );
    await deleteFiles(services.storage, files);
    run.consultations += claimed.length;
    if (claimed.length < batchSize) break;
  }

  if (run.notices + run.applications + run.consultations > 0) logger.info(run, "Retention applied");
  return run;
}

/**
 * Hourly: a period counts in months, so an hour late is nothing, and a pass over nothing due is a few index probes.
 * Periodic tasks are handed no storage; the one the settings describe is made for the pass.
 */
export const applyRetentionPeriodically: PeriodicTask = {
  name: "apply the retention periods",
  intervalMs: 60 * 60_000,
  run: (services) => applyRetention({ ...services, storage: createStorage(services.env) }),
};
