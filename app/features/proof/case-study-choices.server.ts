import { caseStudies, caseStudyHref } from "#app/content/case-studies.ts";
import type { Database } from "#app/platform/db/client.server.ts";

/**
 * The case studies a testimonial may be about, by slug, with their title and
 * page. The one place that reads them, so that moving the studies into the
 * database changes only this function; they are typed in code for now, so
 * `db` is not read yet.
 */
export async function caseStudyChoices(_db: Database): Promise<{ slug: string; title: string; href: string }[]> {
  return caseStudies.map((study) => ({ slug: study.slug, title: study.title, href: caseStudyHref(study) }));
}
