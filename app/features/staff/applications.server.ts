import { and, desc, eq, exists, ilike, lt, not, or, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";
import { answersOf } from "#app/features/careers/job-questions.ts";
import { attributionSourceIs } from "#app/features/attribution/attribution.server.ts";
import { appliedFor } from "#app/features/careers/application-stage.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { cancelScheduledRejection, pendingRejectionOf } from "#app/features/staff/stage-emails/stage-emails.server.ts";
import { attachmentPath, attachmentPreviewPath, canPreview } from "#app/features/staff/attachments.server.ts";
import type { InboxKind } from "#app/features/staff/inbox-page.server.ts";
import { countedRows, countUpTo, cursorOf, exactly, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, readListQuery, readRecordFilter, type ListQuery } from "#app/features/staff/list-query.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { applicationStatuses, jobApplications, jobs, type ApplicationStatus } from "#app/platform/db/schema.server.ts";

/*
 * Job applications for recruiters: the list across jobs with its filters,
 * the same rows for the CSV export, and one application with every field.
 */

export type ApplicationQuery = ListQuery<ApplicationStatus> & {
  job: number | null;
  /** Only the applications a knockout answer marked "does not meet requirements". */
  unmet: boolean;
};

/** The list's search, status, page, job and requirements filter from the address; a job that cannot be an id answers 400. */
export function readApplicationQuery(request: Request): ApplicationQuery {
  const query = readListQuery(request, applicationStatuses);
  const requirements = query.params.get("requirements") ?? "";
  if (requirements !== "" && requirements !== "unmet") throw data(`There is no requirements filter called "${requirements.slice(0, 40)}".`, { status: 400 });
  if (requirements) query.filters.set("requirements", requirements);
  return { ...query, job: readRecordFilter(query, "job", "The job in this address must be chosen from the list of jobs."), unmet: requirements === "unmet" };
}

function conditions(query: Pick<ApplicationQuery, "search" | "status" | "job" | "source" | "unmet">): SQL[] {
  const where: SQL[] = [];
  if (query.unmet) where.push(not(jobApplications.meetsRequirements));
  const fromSource = attributionSourceIs(jobApplications.attribution, query.source);
  if (fromSource) where.push(fromSource);
  if (query.status) where.push(eq(jobApplications.status, query.status));
  if (query.job !== null) where.push(eq(jobApplications.jobId, query.job));
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(
      or(
        ilike(jobApplications.fullName, pattern),
        ilike(jobApplications.email, pattern),
        ilike(jobApplications.reference, pattern),
        ilike(jobApplications.position, pattern),
        // The jobs whose title matches, as an array: the job index then serves this arm as it does the others.
        sql`${jobApplications.jobId} = any(array(select ${jobs.id} from ${jobs} where ${ilike(jobs.title, pattern)}))`,
      )!,
    );
  }
  return where;
}

const listColumns = {
  id: jobApplications.id,
  fullName: jobApplications.fullName,
  reference: jobApplications.reference,
  position: jobApplications.position,
  jobTitle: jobs.title,
  createdAt: jobApplications.createdAt,
  status: jobApplications.status,
  readAt: jobApplications.readAt,
  source: sql<string | null>`${jobApplications.attribution} ->> 'source'`,
  meetsRequirements: jobApplications.meetsRequirements,
};

const listOrder: ListOrder = { time: jobApplications.createdAt, id: jobApplications.id };

export type ApplicationListRow = {
  id: number;
  fullName: string;
  reference: string;
  appliedFor: string;
  appliedAt: string;
  status: ApplicationStatus;
  readAt: string | null;
  source: string | null;
  meetsRequirements: boolean;
  cursor: string;
};

/** One page of the list, newest first, with the total, the count of new ones, and the jobs to filter by. */
export async function listApplications(db: Database, query: ApplicationQuery) {
  const where = and(...conditions(query));
  const [list, newCount, jobsToFilter] = await Promise.all([
    readListPage(
      listOrder,
      query.cursor,
      async ({ keyset, orderBy, limit }) => {
        const rows = await db
          .select({ ...listColumns, cursor: cursorOf(listOrder) })
          .from(jobApplications)
          .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
          .where(and(where, keyset))
          .orderBy(...orderBy)
          .limit(limit);
        return rows.map((row): ApplicationListRow => ({
          id: row.id,
          fullName: row.fullName,
          reference: row.reference,
          appliedFor: appliedFor(row),
          appliedAt: row.createdAt.toISOString(),
          status: row.status,
          readAt: row.readAt?.toISOString() ?? null,
          source: row.source,
          meetsRequirements: row.meetsRequirements,
          cursor: row.cursor,
        }));
      },
      // list_counts counts by status; a search or a job is counted up to the cap.
      async () =>
        query.search || query.job !== null || query.source || query.unmet
          ? countUpTo(db, jobApplications, where)
          : exactly(await countedRows(db, "job_applications", query.status ? { statuses: [query.status] } : {})),
    ),
    countedRows(db, "job_applications", { statuses: ["new"] }),
    jobsWithApplications(db),
  ]);
  return { ...list, newCount, jobs: jobsToFilter };
}

/** The jobs that have applications, for the job filter: one index probe per job, not a pass over the applications. */
async function jobsWithApplications(db: Database): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: jobs.id, title: jobs.title })
    .from(jobs)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(jobApplications)
          .where(eq(jobApplications.jobId, jobs.id)),
      ),
    )
    .orderBy(jobs.title, jobs.id);
}

/** A page of the export: the list's filters, newest id first, before `beforeId`. */
export function exportPage(db: Database, query: ApplicationQuery, beforeId: number | null, size: number) {
  const where = conditions(query);
  if (beforeId !== null) where.push(lt(jobApplications.id, beforeId));
  return db
    .select({
      id: jobApplications.id,
      createdAt: jobApplications.createdAt,
      status: jobApplications.status,
      reference: jobApplications.reference,
      position: sql<string>`coalesce(${jobApplications.position}, ${jobs.title}, '')`,
      fullName: jobApplications.fullName,
      email: jobApplications.email,
      phone: jobApplications.phone,
      yearsExperience: jobApplications.yearsExperience,
      portfolioUrl: jobApplications.portfolioUrl,
      resumeName: jobApplications.resumeName,
      meetsRequirements: jobApplications.meetsRequirements,
      answers: jobApplications.answers,
      attribution: jobApplications.attribution,
    })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(...where))
    .orderBy(desc(jobApplications.id))
    .limit(size);
}

/** A portfolio address is a link only when it is a web address; anything else stays text. */
function webLink(url: string | null): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { protocol } = new URL(url);
  return protocol === "https:" || protocol === "http:" ? url : null;
}

/** Every field of one application, or null. */
async function applicationDetail(db: Database, id: number) {
  const [row] = await db
    .select({ application: jobApplications, jobTitle: jobs.title })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, id));
  if (!row) return null;
  const a = row.application;
  return {
    id: a.id,
    reference: a.reference,
    status: a.status,
    appliedFor: appliedFor({ position: a.position, jobTitle: row.jobTitle }),
    jobId: a.jobId,
    jobTitle: row.jobTitle,
    fullName: a.fullName,
    email: a.email,
    phone: a.phone,
    portfolioUrl: a.portfolioUrl,
    portfolioLink: webLink(a.portfolioUrl),
    yearsExperience: a.yearsExperience,
    coverLetter: a.coverLetter,
    appliedAt: a.createdAt.toISOString(),
    consentAt: a.consentAt.toISOString(),
    consentVersion: a.consentVersion,
    readAt: a.readAt?.toISOString() ?? null,
    // Anonymised (retention or erasure): the resume was deleted with the rest.
    resume: a.resumeKey
      ? {
          name: a.resumeName,
          contentType: a.resumeContentType,
          size: a.resumeSize,
          href: attachmentPath(a.resumeKey),
          previewHref: canPreview(a.resumeContentType) ? attachmentPreviewPath(a.resumeKey) : null,
        }
      : null,
    futureRolesConsentAt: a.futureRolesConsentAt?.toISOString() ?? null,
    anonymisedAt: a.anonymisedAt?.toISOString() ?? null,
    attribution: a.attribution,
    answers: answersOf(a.answers),
    meetsRequirements: a.meetsRequirements,
  };
}

/** Applications in the inbox: their page reads every field of one. */
export const applicationInbox = {
  type: "application",
  area: "applications",
  notFound: "There is no application with this number; it may have been erased.",
  statusLabels: applicationStatusLabels,
  read: async (db, id) => {
    const application = await applicationDetail(db, id);
    return application ? { application, pendingRejection: await pendingRejectionOf(db, id) } : null;
  },
  ownChange: {
    intent: "cancel-rejection",
    labels: {},
    done: "The scheduled rejection was cancelled: the application stays where it is and no email goes.",
    async run({ db }, id, _values, user, ipAddress) {
      if (await cancelScheduledRejection(db, id, user, ipAddress)) return { ok: true };
      return {
        ok: false,
        status: 409,
        field: "cancel",
        message: "There is no rejection waiting for this application any more: it has gone, or someone cancelled it.",
      };
    },
  },
} satisfies InboxKind<object>;
