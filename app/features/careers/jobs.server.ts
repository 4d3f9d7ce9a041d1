import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { jobs, parseRecordId } from "#app/platform/db/schema.server.ts";
import { plainText } from "#app/features/rich-text/sanitize.server.ts";
import { formatJobType } from "#app/features/careers/job-format.ts";
import { questionsOf, type JobQuestion } from "#app/features/careers/job-questions.ts";

export type JobRow = typeof jobs.$inferSelect;

/**
 * Open means listed and applicable: status 'open' (the column's default, so a
 * row written with only the spec's columns is open) and no closing date in the past.
 */
export function isJobOpen(job: Pick<JobRow, "status" | "closesAt">, now: Date = new Date()): boolean {
  return job.status === "open" && (job.closesAt === null || job.closesAt.getTime() > now.getTime());
}

const openCondition = () => and(eq(jobs.status, "open"), or(isNull(jobs.closesAt), gt(jobs.closesAt, sql`now()`)));

/** A job's public address: its slug, or its number (spec §7) while it has none. */
export const jobPath = (job: { id: number; slug?: string | null }) => `/careers/${job.slug || job.id}`;

/**
 * Spec §7: one job by its number or (from an address) its slug, whatever its
 * status (a closed job still has a page that says so).
 */
export async function getJob(db: Database, address: number | string): Promise<JobRow | null> {
  const id = typeof address === "number" ? address : parseRecordId(address);
  const [row] = await db
    .select()
    .from(jobs)
    .where(id === null ? eq(jobs.slug, String(address).toLowerCase()) : eq(jobs.id, id))
    .limit(1);
  return row ?? null;
}

/** When the next open job reaches its closing date (and leaves the public pages), if any. */
export async function nextJobClosing(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${jobs.closesAt})`.mapWith(jobs.closesAt) })
    .from(jobs)
    .where(and(eq(jobs.status, "open"), gt(jobs.closesAt, sql`now()`)));
  return row?.at ?? null;
}

/** Open jobs in the department (its name compared without case), for a closed job's page to point to. */
export async function openJobsInDepartment(
  db: Database,
  department: string | null,
  exceptId: number,
  limit = 5,
): Promise<{ id: number; href: string; title: string }[]> {
  if (!department?.trim()) return [];
  const rows = await db
    .select({ id: jobs.id, slug: jobs.slug, title: jobs.title })
    .from(jobs)
    .where(and(openCondition(), sql`lower(trim(${jobs.department})) = lower(trim(${department}))`, sql`${jobs.id} <> ${exceptId}`))
    .orderBy(desc(sql`coalesce(${jobs.updatedAt}, ${jobs.createdAt})`), desc(jobs.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, href: jobPath(row), title: row.title }));
}

/** Every open job, newest first. */
export async function openJobs(db: Database): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(openCondition())
    .orderBy(desc(sql`coalesce(${jobs.updatedAt}, ${jobs.createdAt})`), desc(jobs.id));
}

/** The open job whose title is `position` (case and surrounding space ignored), if any, with the questions it asks candidates. */
export async function findOpenJobByTitle(db: Database, position: string): Promise<{ id: number; title: string; questions: JobQuestion[] } | null> {
  const [row] = await db
    .select({ id: jobs.id, title: jobs.title, questions: jobs.questions })
    .from(jobs)
    .where(and(openCondition(), sql`lower(trim(${jobs.title})) = lower(trim(${position}))`))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row ? { ...row, questions: questionsOf(row.questions) } : null;
}

export type JobFilters = { q?: string; department?: string; jobType?: string; location?: string };
export type FacetName = "department" | "jobType" | "location";
const facetNames: readonly FacetName[] = ["department", "jobType", "location"];
/** One choice of a filter: `value` goes in the query string, `count` is how many jobs it would show. */
export type FacetOption = { value: string; label: string; count: number };

export type JobListing = {
  jobs: JobRow[];
  /** Open jobs before any filter. */
  total: number;
  /** Per filter, its options with counts under the other active filters and the search. */
  facets: Record<FacetName, FacetOption[]>;
};

/** Filter values compare without case or surrounding space, so "Full-time" and "full-time " are one option. */
export const facetKey = (value: string | null | undefined): string => (value ?? "").trim().replace(/\s+/g, " ").toLowerCase();

function facetLabel(name: FacetName, value: string): string {
  return name === "jobType" ? formatJobType(value) : value.trim().replace(/\s+/g, " ");
}

function facetValueOf(job: JobRow, name: FacetName): string | null {
  return job[name] && job[name].trim() !== "" ? job[name] : null;
}

/**
 * The careers listing. Open roles are tens of rows, not thousands, so they are
 * read in one query and searched and counted here: every facet count then
 * agrees exactly with what choosing it would show.
 */
export async function listOpenJobs(db: Database, filters: JobFilters): Promise<JobListing> {
  const all = await openJobs(db);
  const terms = facetKey(filters.q).split(" ").filter(Boolean);
  const searchable = new Map(all.map((job) => [job.id, facetKey(`${job.title} ${job.department ?? ""} ${plainText(job.description)}`)]));
  const matchesSearch = (job: JobRow) => terms.every((term) => searchable.get(job.id)!.includes(term));
  const matchesFacet = (job: JobRow, name: FacetName) => {
    const wanted = facetKey(filters[name]);
    return wanted === "" || facetKey(job[name]) === wanted;
  };
  const matchesAllBut = (job: JobRow, except?: FacetName) => matchesSearch(job) && facetNames.every((name) => name === except || matchesFacet(job, name));

  const facets = Object.fromEntries(
    facetNames.map((name) => {
      const options = new Map<string, FacetOption>();
      for (const job of all) {
        const value = facetValueOf(job, name);
        if (value === null) continue;
        const key = facetKey(value);
        const option = options.get(key) ?? { value: key, label: facetLabel(name, value), count: 0 };
        if (matchesAllBut(job, name)) option.count += 1;
        options.set(key, option);
      }
      return [name, [...options.values()].sort((a, b) => a.label.localeCompare(b.label))];
    }),
  ) as Record<FacetName, FacetOption[]>;

  return { jobs: all.filter((job) => matchesAllBut(job)), total: all.length, facets };
}
