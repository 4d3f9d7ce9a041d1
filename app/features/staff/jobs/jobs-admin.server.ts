import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { audit, type AuditAction, type AuditActor } from "#app/features/staff/audit.server.ts";
import { changedFields, staleRevision } from "#app/features/staff/publishing/content-edit.server.ts";
import { countUpTo, cursorOf, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { JobInput } from "#app/features/staff/jobs/job-rules.ts";
import { effectiveJobStatus, jobTransition, type JobAction, type JobStatus } from "#app/features/staff/jobs/job-status.ts";
import type { JobRow } from "#app/features/careers/jobs.server.ts";
import { sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { jobApplications, jobs } from "#app/platform/db/schema.server.ts";

export type JobListRow = {
  id: number;
  title: string;
  department: string | null;
  status: JobStatus;
  closesAt: Date | null;
  applications: number;
  changedAt: Date;
  cursor: string;
};

const listOrder: ListOrder = { time: jobs.changedAt, id: jobs.id };

/** How many applications name the job: a subquery for a select list. */
const applicationsOf = (db: Database) => db.$count(jobApplications, eq(jobApplications.jobId, jobs.id));

/** The SQL for a status as visitors see it (an open job past its closing date is closed). */
function statusIs(status: JobStatus): SQL {
  const pastClosing = sql`${jobs.closesAt} is not null and ${jobs.closesAt} <= now()`;
  if (status === "open") return sql`${jobs.status} = 'open' and not (${pastClosing})`;
  if (status === "closed") return sql`(${jobs.status} = 'closed' or (${jobs.status} = 'open' and ${pastClosing}))`;
  return eq(jobs.status, status);
}

/** One page of every job, most recently changed first, by title/department search and status; counted up to the cap (a status follows the clock). */
export function listJobs(db: Database, filter: { search: string; status: JobStatus | null }, cursor: ListCursor | null) {
  const where = and(
    filter.search ? or(ilike(jobs.title, likePattern(filter.search)), ilike(jobs.department, likePattern(filter.search))) : undefined,
    filter.status ? statusIs(filter.status) : undefined,
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
          status: jobs.status,
          closesAt: jobs.closesAt,
          applications: applicationsOf(db),
          changedAt: jobs.changedAt,
          cursor: cursorOf(listOrder),
        })
        .from(jobs)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit);
      return rows.map((row) => ({ ...row, status: effectiveJobStatus(row) }));
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

/** The stored form of the input: the description sanitised once, on write. */
function contentOf(input: JobInput) {
  return {
    title: input.title,
    department: input.department,
    jobType: input.jobType,
    location: input.location,
    workplace: input.workplace,
    salaryMin: input.salaryMin,
    salaryMax: input.salaryMax,
    salaryCurrency: input.salaryCurrency,
    salaryPeriod: input.salaryPeriod,
    closesAt: input.closesAt,
    description: sanitizeRichText(input.description),
  };
}

export type JobChange = { ok: true; id: number; message: string } | { ok: false; status: number; message: string };

const NO_JOB = "There is no such job.";

/** A new draft: nobody outside the staff area sees it until it is published. */
export async function createJob(db: Database, input: JobInput, actor: AuditActor, ipAddress: string): Promise<JobChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobs)
      .values({ ...contentOf(input), status: "draft", updatedAt: sql`now()`, changedAt: sql`now()` })
      .returning({ id: jobs.id });
    if (!row) throw new Error("The job insert returned no row");
    await audit(tx, { actor, action: "job-created", target: { type: "job", id: row.id }, ipAddress });
    return { ok: true, id: row.id, message: `The draft "${input.title}" is saved. Preview it, then publish it when it is ready.` };
  });
}

/**
 * Saves an edit made on revision `shownRevision`. If someone saved in between,
 * nothing is written and the answer says so. The "Posted" date (updatedAt)
 * moves only when the content changed; a published job's change reaches the
 * public pages at once.
 */
export async function saveJob(db: Database, id: number, shownRevision: number, input: JobInput, actor: AuditActor, ipAddress: string): Promise<JobChange> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(jobs).where(eq(jobs.id, id)).for("update");
    if (!before) return { ok: false, status: 404, message: NO_JOB };
    if (before.revision !== shownRevision) {
      return staleRevision("job");
    }
    const content = contentOf(input);
    const fields = changedFields(before, content);
    if (fields.length === 0) return { ok: true, id, message: "Nothing changed, so nothing was saved." };
    await tx
      .update(jobs)
      .set({ ...content, revision: sql`${jobs.revision} + 1`, updatedAt: sql`now()`, changedAt: sql`now()` })
      .where(eq(jobs.id, id));
    await audit(tx, { actor, action: "job-edited", target: { type: "job", id }, detail: { fields: fields.join(", ") }, ipAddress });
    return { ok: true, id, message: before.status === "draft" ? "The draft is saved." : "Saved. The public page shows the change within seconds." };
  });
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
    if (!before) return { ok: false, status: 404, message: NO_JOB };
    const move = jobTransition({ ...before.job, applications: before.applications }, action);
    if (!move.ok) return { ok: false, status: 409, message: move.message };
    if (move.to === "deleted") await tx.delete(jobs).where(eq(jobs.id, id));
    else
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
