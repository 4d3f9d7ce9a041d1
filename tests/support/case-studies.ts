import type { CaseStudy } from "#app/content/case-studies.ts";
import { readPublishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { openTestDatabase } from "#tests/support/databases.ts";

/** The case studies a new database publishes (its migrations insert them), newest first: what a test server started on one shows. */
export async function caseStudiesOfANewDatabase(): Promise<CaseStudy[]> {
  const database = await openTestDatabase("pglite");
  try {
    return await readPublishedCaseStudies(database.db);
  } finally {
    await database.dispose();
  }
}
