import { asc } from "drizzle-orm";
import { caseStudyHref } from "#app/content/case-studies.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { caseStudies } from "#app/platform/db/schema.server.ts";

/**
 * The case studies a testimonial may be about, by slug, with their title and
 * page: every study for the editor's choice (a draft study may be published
 * later), and whether visitors can follow the link now.
 */
export async function caseStudyChoices(db: Database): Promise<{ slug: string; title: string; href: string; published: boolean }[]> {
  const rows = await db
    .select({ slug: caseStudies.slug, title: caseStudies.title, status: caseStudies.status })
    .from(caseStudies)
    .orderBy(asc(caseStudies.title));
  return rows.map((row) => ({ slug: row.slug, title: row.title, href: caseStudyHref(row), published: row.status === "published" }));
}
