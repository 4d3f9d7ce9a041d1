import { count, eq, inArray } from "drizzle-orm";
import { demoInsights } from "#app/content/demo/insights.ts";
import { demoJobs } from "#app/content/demo/jobs.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { appState, featuredInsights, jobs } from "#app/platform/db/schema.server.ts";

const SEEDED_KEY = "demo_content_seeded_at";
const DAY_MS = 24 * 60 * 60_000;

export type SeedResult = { jobs: number; insights: number };

/**
 * Demo jobs and insights (is_demo = true) so a new installation shows working
 * listings. On start it runs once per database: only into empty tables, and
 * never again after that, so deleting the demo rows is final. `force` (the
 * `npm run db:seed` command) adds whichever demo rows are missing.
 */
export async function seedDemoContent(db: Database, { force = false, now = new Date() } = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    if (!force) {
      const [seeded] = await tx.select().from(appState).where(eq(appState.key, SEEDED_KEY));
      if (seeded) return { jobs: 0, insights: 0 };
    }
    const [jobRows] = await tx.select({ n: count() }).from(jobs);
    const [insightRows] = await tx.select({ n: count() }).from(featuredInsights);

    let jobsToAdd = demoJobs;
    let insightsToAdd = demoInsights;
    if (force) {
      const existingTitles = new Set(
        (
          await tx
            .select({ title: jobs.title })
            .from(jobs)
            .where(
              inArray(
                jobs.title,
                demoJobs.map((job) => job.title),
              ),
            )
        ).map((row) => row.title),
      );
      const existingSlugs = new Set(
        (
          await tx
            .select({ slug: featuredInsights.slug })
            .from(featuredInsights)
            .where(
              inArray(
                featuredInsights.slug,
                demoInsights.map((insight) => insight.slug),
              ),
            )
        ).map((row) => row.slug),
      );
      jobsToAdd = demoJobs.filter((job) => !existingTitles.has(job.title));
      insightsToAdd = demoInsights.filter((insight) => !existingSlugs.has(insight.slug));
    } else {
      if (jobRows!.n > 0) jobsToAdd = [];
      if (insightRows!.n > 0) insightsToAdd = [];
    }

    if (jobsToAdd.length > 0) {
      await tx.insert(jobs).values(
        jobsToAdd.map((job) => ({
          title: job.title,
          department: job.department,
          jobType: job.jobType,
          location: job.location,
          description: job.description,
          updatedAt: new Date(now.getTime() - job.postedDaysAgo * DAY_MS),
          isDemo: true,
        })),
      );
    }
    if (insightsToAdd.length > 0) {
      await tx.insert(featuredInsights).values(
        insightsToAdd.map((insight) => ({
          slug: insight.slug,
          title: insight.title,
          category: insight.category,
          authorName: insight.authorName,
          authorBio: insight.authorBio,
          publishedDate: new Date(now.getTime() - insight.publishedDaysAgo * DAY_MS),
          readTime: null,
          tags: insight.tags,
          description: insight.description,
          isDemo: true,
        })),
      );
    }
    await tx
      .insert(appState)
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflictDoUpdate({ target: appState.key, set: { value: now.toISOString(), updatedAt: now } });
    return { jobs: jobsToAdd.length, insights: insightsToAdd.length };
  });
}
