import { count, eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { demoInsights } from "#app/content/demo/insights.ts";
import { demoJobs } from "#app/content/demo/jobs.ts";
import { WORDS_PER_MINUTE } from "#app/features/insights/insight.ts";
import { readMinutes } from "#app/features/insights/insight.server.ts";
import { plainText } from "#app/features/rich-text/sanitize.server.ts";
import { seedDemoContent } from "#app/platform/db/demo-content.server.ts";
import { featuredInsights, jobs } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();

for (const driver of drivers) {
  test(`a new database gets the demo content once; deleting it is final; db:seed restores what is missing (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      expect(await seedDemoContent(db)).toEqual({ jobs: demoJobs.length, insights: demoInsights.length });
      const demoRows = await db.select().from(jobs).where(eq(jobs.isDemo, true));
      expect(demoRows).toHaveLength(demoJobs.length);
      expect(demoRows.every((job) => job.status === "open" && job.updatedAt !== null)).toBe(true);

      // A restart does not add them again, even after staff deleted them.
      expect(await seedDemoContent(db)).toEqual({ jobs: 0, insights: 0 });
      await db.delete(jobs);
      expect(await seedDemoContent(db)).toEqual({ jobs: 0, insights: 0 });
      expect((await db.select({ n: count() }).from(jobs))[0]!.n).toBe(0);

      // On demand, only the missing ones come back.
      expect(await seedDemoContent(db, { force: true })).toEqual({ jobs: demoJobs.length, insights: 0 });
      expect((await db.select({ n: count() }).from(featuredInsights))[0]!.n).toBe(demoInsights.length);
      // No made-up read time: each is estimated from its text, so it matches its length.
      const insights = await db.select().from(featuredInsights);
      for (const insight of insights) {
        const words = plainText(insight.description).split(" ").filter(Boolean).length;
        expect(insight.readTime, insight.slug ?? "").toBeNull();
        expect(readMinutes(insight.readTime, insight.description), insight.slug ?? "").toBe(Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)));
      }
    } finally {
      await database.dispose();
    }
  });
}

test("a database that already has jobs or insights gets no demo rows on start", async () => {
  const database = await openTestDatabase("pglite");
  try {
    await database.db.insert(jobs).values({ title: "Real opening" });
    expect(await seedDemoContent(database.db)).toEqual({ jobs: 0, insights: demoInsights.length });
  } finally {
    await database.dispose();
  }
});
