import { sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { featuredInsights } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";
import { getInsight, latestInsights, listInsights } from "#app/features/insights/insights.server.ts";

// Each database starts with its migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

for (const driver of drivers) {
  test(`only published insights are read, and a row with only an id is one (${driver})`, async () => {
    const db = await openTestDatabase(driver);
    try {
      // Written the way the old site's backend would: only the spec's columns, here only the id.
      await db.db.execute(sql`insert into "FeaturedInsights" (id) values (1)`);
      await db.db.insert(featuredInsights).values([
        { id: 2, title: "Draft", status: "draft" },
        { id: 3, title: "Scheduled", publishedDate: new Date(Date.now() + 86_400_000) },
        { id: 4, title: "Past", category: "Cloud", publishedDate: new Date("2025-01-05T00:00:00Z") },
        { id: 5, title: "Blank category", category: " " },
      ]);
      expect((await getInsight(db.db, 1))?.id).toBe(1);
      expect(await getInsight(db.db, 2)).toBeNull();
      expect(await getInsight(db.db, 3)).toBeNull();
      expect(await getInsight(db.db, 999)).toBeNull();
      expect((await latestInsights(db.db, 10)).map((row) => row.id).sort()).toEqual([1, 4, 5]);
      // Undated rows count from when they were written (now), so they come before the January one.
      expect((await latestInsights(db.db, 10)).at(-1)?.id).toBe(4);

      const all = await listInsights(db.db, { page: 1, pageSize: 9 });
      expect(all.total).toBe(3);
      expect(all.all).toBe(3);
      expect(all.categories).toEqual([
        { name: "Cloud", count: 1 },
        { name: "General", count: 2 },
      ]);
      const general = await listInsights(db.db, { category: "General", page: 1, pageSize: 9 });
      expect(general.items.map((row) => row.id).sort()).toEqual([1, 5]);
      expect(general.total).toBe(2);
      expect(general.all).toBe(3);
    } finally {
      await db.dispose();
    }
  });

  test(`pages hold pageSize insights, newest first (${driver})`, async () => {
    const db = await openTestDatabase(driver);
    try {
      await db.db.insert(featuredInsights).values(
        Array.from({ length: 11 }, (_, index) => ({
          title: `Insight ${index + 1}`,
          publishedDate: new Date(Date.UTC(2025, 0, index + 1)),
        })),
      );
      const first = await listInsights(db.db, { page: 1, pageSize: 9 });
      const second = await listInsights(db.db, { page: 2, pageSize: 9 });
      expect(first.total).toBe(11);
      expect(first.items).toHaveLength(9);
      expect(first.items[0]?.title).toBe("Insight 11");
      expect(second.items.map((row) => row.title)).toEqual(["Insight 2", "Insight 1"]);
      expect((await listInsights(db.db, { page: 3, pageSize: 9 })).items).toEqual([]);
    } finally {
      await db.dispose();
    }
  });
}
