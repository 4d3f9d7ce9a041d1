import { recordJobPublication } from "#app/features/job-alerts/job-alerts.server.ts";
import { endSchedule, scheduledAtColumn } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { audit, type AuditAction, type AuditActor } from "#app/features/staff/audit.server.ts";
import {
  addressTakenMeanwhile,
  forgetRevisions,
  recordRevision,
  saveContent,
  type ContentChange,
  type VersionedContent,
} from "#app/features/staff/publishing/revisions.server.ts";
import { countUpTo, cursorOf, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { JobInput } from "#app/features/staff/jobs/job-rules.ts";
import { formatSalary } from "#app/features/careers/job-format.ts";
import { questionsOf } from "#app/features/careers/job-questions.ts";
import { effectiveJobStatus, jobTransition, type JobAction, type JobStatus } from "#app/features/staff/jobs/job-status.ts";
import { jobPath, type JobRow } from "#app/features/careers/jobs.server.ts";
import { seoRevisionFields, type SeoData } from "#app/features/seo/seo-fields.ts";
import { noSeo, seoDataOf, slugTakenRefusal } from "#app/features/staff/publishing/seo-fields.server.ts";
import { sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { jobApplications, jobs } from "#app/platform/db/schema.server.ts";

export type JobListRow = {
  id: number;
  title: string;
  department: string | null;
  /** The pay as the job page writes it, or null when none is shown. */
  salary: string | null;
  status: JobStatus;
  closesAt: Date | null;
  applications: number;
  changedAt: Date;
  /** When a schedule publishes it (a draft or its changes); null when none does. */
  scheduledAt: Date | null;
  cursor: string;
};

const listOrder: ListOrder = { time: jobs.changedAt, id: jobs.id };

/** How many applications name the job: a subquery for a select list. */
const applicationsOf = (db: Database) => db.$count(jobApplications, eq(jobApplications.jobId, jobs.id));

/** The SQL for a status as visitors see it (an open job past its closing date is closed). */
export function jobStatusIs(status: JobStatus): SQL {
  const pastClosing = sql`${jobs.closesAt} is not null and ${jobs.closesAt} <= now()`;
  if (status === "open") return sql`${jobs.status} = 'open' and not (${pastClosing})`;
  if (status === "closed") return sql`(${jobs.status} = 'closed' or (${jobs.status} = 'open' and ${pastClosing}))`;
  return eq(jobs.status, status);
}

/** One page of every job, most recently changed first, by title/department search and status; counted up to the cap (a status follows the clock). */
export function listJobs(db: Database, filter: { search: string; status: JobStatus | null }, cursor: ListCursor | null) {
  const where = and(
    filter.search ? or(ilike(jobs.title, likePattern(filter.search)), ilike(jobs.department, likePattern(filter.search))) : undefined,
    filter.status ? jobStatusIs(filter.status) : undefined,
  );
  return readListPage<JobListRow>(
    listOrder,
    cursor,
    async ({ keyset, orderBy, limit }) => {
      const rows = await db
        .select({
          id: jobs.id,
          title: jobs.title,
          department: jobs.department,
          salaryMin: jobs.salaryMin,
          salaryMax: jobs.salaryMax,
          salaryCurrency: jobs.salaryCurrency,
          salaryPeriod: jobs.salaryPeriod,
          status: jobs.status,
          closesAt: jobs.closesAt,
          applications: applicationsOf(db),
          changedAt: jobs.changedAt,
          scheduledAt: scheduledAtColumn("job", jobs.id),
          cursor: cursorOf(listOrder),
        })
        .from(jobs)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit);
      return rows.map(({ salaryMin, salaryMax, salaryCurrency, salaryPeriod, ...row }) => ({
        ...row,
        salary: formatSalary({ salaryMin, salaryMax, salaryCurrency, salaryPeriod }),
        status: effectiveJobStatus(row),
      }));
    },
    () => countUpTo(db, jobs, where),
  );
}

export type JobForEdit = JobRow & { applications: number; effectiveStatus: JobStatus };

export async function jobForEdit(db: Database, id: number): Promise<JobForEdit | null> {
  const [row] = await db
    .select({ job: jobs, applications: applicationsOf(db) })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row ? { ...row.job, applications: row.applications, effectiveStatus: effectiveJobStatus(row.job) } : null;
}

/** A job's content as a revision keeps it: the description sanitised once, on write; the closing moment as ISO text. */
export type JobData = Omit<JobInput, "closesAt" | "seo"> & { closesAt: string | null } & SeoData;

/** The input as saved; search-engine fields it does not carry (or a social image it does not replace) stay as in `kept`. */
export function jobData(input: JobInput, kept: SeoData = noSeo): JobData {
  const { seo, ...job } = input;
  return { ...job, closesAt: input.closesAt?.toISOString() ?? null, description: sanitizeRichText(input.description), ...seoDataOf(seo, kept) };
}

const slugColumns = { id: jobs.id, slug: jobs.slug };

/** The job's columns holding `data`. */
export const jobColumnsOf = (data: JobData) => ({ ...data, closesAt: data.closesAt === null ? null : new Date(data.closesAt) });

const lockJob = async (tx: Database, id: number) => (await tx.select().from(jobs).where(eq(jobs.id, id)).for("update"))[0] ?? null;

/** Jobs on the content core: their fields, and how a version reaches the public pages. */
export const jobContent: VersionedContent<JobRow, JobData> = {
  type: "job",
  noun: "job",
  fields: [
    { key: "title", label: "Job title", kind: "text" },
    { key: "department", label: "Department", kind: "text" },
    { key: "jobType", label: "Job type", kind: "text" },
    { key: "location", label: "Location", kind: "text" },
    { key: "workplace", label: "Workplace", kind: "text" },
    { key: "salaryMin", label: "Salary from", kind: "text" },
    { key: "salaryMax", label: "Salary to", kind: "text" },
    { key: "salaryCurrency", label: "Currency", kind: "text" },
    { key: "salaryPeriod", label: "Salary per", kind: "text" },
    { key: "closesAt", label: "Applications close", kind: "time" },
    { key: "description", label: "Description", kind: "html" },
    { key: "questions", label: "Questions for candidates", kind: "values" },
    ...seoRevisionFields,
  ],
  lock: lockJob,
  dataOf: (row) => ({
    title: row.title,
    department: row.department,
    jobType: row.jobType as JobData["jobType"],
    location: row.location,
    workplace: (row.workplace ?? "on-site") as JobData["workplace"],
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    salaryCurrency: row.salaryCurrency as JobData["salaryCurrency"],
    salaryPeriod: row.salaryPeriod as JobData["salaryPeriod"],
    closesAt: row.closesAt?.toISOString() ?? null,
    description: row.description ?? "",
    questions: questionsOf(row.questions),
    slug: row.slug,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    socialImage: row.socialImage,
    noindex: row.noindex,
  }),
  isPublic: (row) => row.status !== "draft",
  publishDraft: (tx, id, actor, ipAddress) => changeJobStatus(tx, id, "publish", actor, ipAddress),
  publicPath: (id, data) => jobPath({ id, slug: data.slug }),
  check: (tx, id, data) => slugTakenRefusal(tx, slugColumns, data.slug, id, "job"),
  writeLive: async (tx, id, data) => {
    await tx
      .update(jobs)
      .set({ ...jobColumnsOf(data), revision: sql`${jobs.revision} + 1`, updatedAt: sql`now()`, changedAt: sql`now()` })
      .where(eq(jobs.id, id));
  },
  touch: async (tx, id) => {
    await tx
      .update(jobs)
      .set({ revision: sql`${jobs.revision} + 1`, changedAt: sql`now()` })
      .where(eq(jobs.id, id));
  },
  edited: "job-edited",
  savedMessage: (row) => (row.status === "draft" ? "The draft is saved." : "Saved. The public page shows the change within seconds."),
};

export type JobChange = ContentChange;

/** A new draft: nobody outside the staff area sees it until it is published. Its content is revision 1. */
export async function createJob(db: Database, input: JobInput, actor: AuditActor, ipAddress: string): Promise<JobChange> {
  return db
    .transaction(async (tx): Promise<JobChange> => {
      const data = jobData(input);
      const taken = await slugTakenRefusal(tx, slugColumns, data.slug, null, "job");
      if (taken) return taken;
      const [row] = await tx
        .insert(jobs)
        .values({ ...jobColumnsOf(data), status: "draft", updatedAt: sql`now()`, changedAt: sql`now()` })
        .returning({ id: jobs.id });
      if (!row) throw new Error("The job insert returned no row");
      await recordRevision(tx, { type: "job", itemId: row.id, data, origin: "first", actor });
      await audit(tx, { actor, action: "job-created", target: { type: "job", id: row.id }, ipAddress });
      return { ok: true, id: row.id, message: `The draft "${input.title}" is saved. Preview it, then publish it when it is ready.` };
    })
    .catch(addressTakenMeanwhile("job"));
}

/**
 * Saves an edit made on revision `shownRevision` (see saveContent). The
 * "Posted" date (updatedAt) moves only when the public content changes.
 */
export function saveJob(
  db: Database,
  id: number,
  shownRevision: number,
  input: JobInput,
  actor: AuditActor,
  ipAddress: string,
  publish = true,
): Promise<JobChange> {
  return saveContent(db, jobContent, { id, shownRevision, data: (working) => jobData(input, working), publish, actor, ipAddress });
}

const doneMessages: Record<JobAction, (title: string) => string> = {
  publish: (title) => `"${title}" is published: it is on the careers page and open for applications.`,
  close: (title) => `"${title}" is closed: it has left the careers page and takes no more applications.`,
  reopen: (title) => `"${title}" is open again and back on the careers page.`,
  delete: (title) => `"${title}" is deleted.`,
};

const auditActionOf = { publish: "job-published", close: "job-closed", reopen: "job-reopened", delete: "job-deleted" } as const satisfies Record<
  JobAction,
  AuditAction
>;

/**
 * Publish, close, reopen or delete, checked against the job as it is now
 * (not as the page showed it). A status change does not move the "Posted" date.
 */
export async function changeJobStatus(db: Database, id: number, action: JobAction, actor: AuditActor, ipAddress: string): Promise<JobChange> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ job: jobs, applications: applicationsOf(tx) })
      .from(jobs)
      .where(eq(jobs.id, id))
      .for("update", { of: jobs });
    if (!before) return { ok: false, status: 404, message: "There is no such job." };
    const move = jobTransition({ ...before.job, applications: before.applications }, action);
    if (!move.ok) return { ok: false, status: 409, message: move.message };
    // Published or deleted by hand: a schedule to publish it has nothing left to do.
    if (action === "publish" || move.to === "deleted") await endSchedule(tx, "job", id);
    // Only a draft is published, so this is the job's first publication: its alerts go out.
    if (action === "publish") await recordJobPublication(tx, id);
    if (move.to === "deleted") {
      await tx.delete(jobs).where(eq(jobs.id, id));
      await forgetRevisions(tx, "job", id);
    } else
      await tx
        .update(jobs)
        .set({ status: move.to, revision: sql`${jobs.revision} + 1`, changedAt: sql`now()` })
        .where(eq(jobs.id, id));
    await audit(tx, {
      actor,
      action: auditActionOf[action],
      target: { type: "job", id },
      detail: { title: before.job.title },
      ipAddress,
    });
    return { ok: true, id, message: doneMessages[action](before.job.title) };
  });
}
