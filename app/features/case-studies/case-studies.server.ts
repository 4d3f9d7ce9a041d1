import { desc, eq } from "drizzle-orm";
import type { CaseStudy } from "#app/content/case-studies.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { caseStudies } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/*
 * The case studies visitors see (decision 063): the published rows of
 * `case_studies`, read once per content version in each process. A publish
 * moves the version (a trigger), so every process follows within a second.
 */

export type CaseStudyRow = typeof caseStudies.$inferSelect;

/** A row as the public pages draw it; `today` dates a draft that was never published (a preview). */
export function toCaseStudy(row: Omit<CaseStudyRow, "status" | "revision" | "changedAt" | "createdAt" | "id">, today: string): CaseStudy {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    client: { sector: row.clientSector, size: row.clientSize, ...(row.clientName ? { name: row.clientName } : {}) },
    solutions: row.solutions as CaseStudy["solutions"],
    problem: row.problem,
    built: row.built,
    stack: row.stack,
    outcomes: row.outcomes,
    published: row.publishedOn ?? today,
    demo: row.demo,
    cover: row.cover,
    screenshots: row.screenshots,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    socialImage: row.socialImage,
    noindex: row.noindex,
  };
}

/** Today as an ISO date, the publishing date a study published now gets. */
export const isoToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** Every published case study, newest first (ties by the newest row). */
export async function readPublishedCaseStudies(db: Database): Promise<CaseStudy[]> {
  const rows = await db.select().from(caseStudies).where(eq(caseStudies.status, "published")).orderBy(desc(caseStudies.publishedOn), desc(caseStudies.id));
  return rows.map((row) => toCaseStudy(row, isoToday()));
}

/** The published case studies, kept until published content changes: the portfolio, the pages' cards and the sitemap share one read. */
export function publishedCaseStudies(services: { db: Database; content: Pick<Services["content"], "read"> }): Promise<CaseStudy[]> {
  return services.content.read("case-studies", () => readPublishedCaseStudies(services.db));
}

/** The study at `slug`, whatever its status, or null. */
export async function caseStudyWithSlug(db: Database, slug: string): Promise<CaseStudyRow | null> {
  const [row] = await db.select().from(caseStudies).where(eq(caseStudies.slug, slug));
  return row ?? null;
}
