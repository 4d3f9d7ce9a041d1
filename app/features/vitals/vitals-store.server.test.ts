import { expect, test, vi } from "vitest";
import { pruneVitals, recordVitals, vitalsPercentiles } from "#app/features/vitals/vitals-store.server.ts";
import { vitalMetrics } from "#app/features/vitals/vitals-rules.ts";
import { webVitals } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();
const now = new Date("2026-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);

for (const driver of drivers) {
  test(`the 75th percentile per page and metric over 7 and 28 days, interpolated, with sample counts; older rows are left out and pruned (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const never = { random: 0.5 };
      await recordVitals(
        db,
        "/crm",
        [1000, 2000, 3000, 4000].map((value) => ({ metric: "LCP" as const, value })),
        { now: daysAgo(1), ...never },
      );
      await recordVitals(
        db,
        "/crm",
        [
          { metric: "LCP", value: 6000 },
          { metric: "LCP", value: 8000 },
          { metric: "CLS", value: 0.05 },
        ],
        { now: daysAgo(10), ...never },
      );
      // Older than 28 days: in no figure.
      await recordVitals(db, "/crm", [{ metric: "LCP", value: 100_000 }], { now: daysAgo(30), ...never });
      await recordVitals(db, "/", [{ metric: "INP", value: 120 }], { now: daysAgo(6.9), ...never });

      expect(await vitalsPercentiles(db, now)).toEqual([
        { page: "/", metric: "INP", last7Days: { p75: 120, samples: 1 }, last28Days: { p75: 120, samples: 1 } },
        // 7 days: 1000-4000, the 75th percentile lies a quarter of the way from 3000 to 4000.
        // 28 days: 1000-4000, 6000, 8000: three quarters of the way from 4000 to 6000.
        { page: "/crm", metric: "LCP", last7Days: { p75: 3250, samples: 4 }, last28Days: { p75: 5500, samples: 6 } },
        { page: "/crm", metric: "CLS", last7Days: { p75: null, samples: 0 }, last28Days: { p75: 0.05, samples: 1 } },
      ]);

      await pruneVitals(db, daysAgo(28));
      expect(await db.select({ value: webVitals.value }).from(webVitals)).toHaveLength(8);
      // One insert in a hundred prunes on its way: the 10-day-old rows go when the cut-off is 9 days later.
      await recordVitals(db, "/", [{ metric: "TTFB", value: 300 }], { now: new Date(daysAgo(10).getTime() + 28.5 * 24 * 60 * 60_000), random: 0.001 });
      expect((await db.select({ value: webVitals.value }).from(webVitals)).map((row) => row.value).sort((a, b) => a - b)).toEqual([120, 300, 1000, 2000, 3000, 4000]);
    } finally {
      await database.dispose();
    }
  });

  test(`the table takes each metric the reporter sends and refuses any other name (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      await recordVitals(
        database.db,
        "/",
        vitalMetrics.map((metric) => ({ metric, value: 1 })),
        { random: 0.5 },
      );
      expect(await database.db.select().from(webVitals)).toHaveLength(vitalMetrics.length);
      await expect(database.db.insert(webVitals).values({ page: "/", metric: "FID", value: 1 })).rejects.toThrow();
      await expect(database.db.insert(webVitals).values({ page: `/${"a".repeat(200)}`, metric: "LCP", value: 1 })).rejects.toThrow();
    } finally {
      await database.dispose();
    }
  });
}
