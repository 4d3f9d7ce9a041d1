import { asc } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { caseStudies } from "#app/platform/db/schema.server.ts";

/**
 * The case studies an editor may say a testimonial is about, by slug: every
 * study, a draft included, since it may be published later. The site links
 * only to published ones (proof-blocks.server.ts).
 */
export async function caseStudyChoices(db: Database): Promise<{ slug: string; title: string }[]> {
  return db.select({ slug: caseStudies.slug, title: caseStudies.title }).from(caseStudies).orderBy(asc(caseStudies.title));
}
