import { expect, test, vi } from "vitest";
import { pruneVitals, recordVitals, vitalsPercentiles, type VitalSample } from "#app/features/vitals/vitals-store.server.ts";
import { metricRules, vitalMetrics, type VitalMetric } from "#app/features/vitals/vitals-rules.ts";
import { webVitals } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const now = new Date("2026-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
let views = 0;
/** One sample per page view, each with its own id as web-vitals gives it. */
const sample = (metric: VitalMetric, value: number): VitalSample => ({ metric, pageViewId: `v6-1782820800000-${1_000_000_000_000 + ++views}`, value });

for (const driver of drivers) {
  test(`the 75th percentile per page and metric over 7 and 28 days, interpolated, with sample counts; older rows are left out and pruned (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const never = { random: 0.5 };
      await recordVitals(
        db,
        "/crm",
        [1000, 2000, 3000, 4000].map((value) => sample("LCP", value)),
        { now: daysAgo(1), ...never },
      );
      await recordVitals(db, "/crm", [sample("LCP", 6000), sample("LCP", 8000), sample("CLS", 0.05)], { now: daysAgo(10), ...never });
      // Older than 28 days: in no figure.
      await recordVitals(db, "/crm", [sample("LCP", 100_000)], { now: daysAgo(30), ...never });
      await recordVitals(db, "/", [sample("INP", 120)], { now: daysAgo(6.9), ...never });

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
      await recordVitals(db, "/", [sample("TTFB", 300)], { now: new Date(daysAgo(10).getTime() + 28.5 * 24 * 60 * 60_000), random: 0.001 });
      expect((await db.select({ value: webVitals.value }).from(webVitals)).map((row) => row.value).sort((a, b) => a - b)).toEqual([
        120, 300, 1000, 2000, 3000, 4000,
      ]);
    } finally {
      await database.dispose();
    }
  });

  test(`a page view counts once per metric: a later report of it replaces its value, and a replay adds nothing (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const never = { random: 0.5 };
      const lcp = sample("LCP", 1800);
      const cls = sample("CLS", 0.02);
      await recordVitals(db, "/crm", [lcp, cls], { now: daysAgo(1), ...never });
      // Shown again and hidden again: web-vitals reports the grown CLS under the same id.
      await recordVitals(db, "/crm", [{ ...cls, value: 0.31 }], { now: daysAgo(1), ...never });
      // The first beacon replayed, over and over.
      for (let i = 0; i < 5; i++) await recordVitals(db, "/crm", [{ ...lcp, value: 120_000 }, cls], { now: daysAgo(1), ...never });
      // Another page view's LCP: a row of its own.
      await recordVitals(db, "/crm", [sample("LCP", 2200)], { now: daysAgo(1), ...never });

      const rows = await db
        .select({ metric: webVitals.metric, pageViewId: webVitals.pageViewId, value: webVitals.value })
        .from(webVitals)
        .orderBy(webVitals.id);
      expect(rows).toEqual([
        { metric: "LCP", pageViewId: lcp.pageViewId, value: 120_000 },
        { metric: "CLS", pageViewId: cls.pageViewId, value: 0.02 },
        { metric: "LCP", pageViewId: expect.any(String), value: 2200 },
      ]);
      expect((await vitalsPercentiles(db, now)).map(({ metric, last28Days }) => ({ metric, samples: last28Days.samples }))).toEqual([
        { metric: "LCP", samples: 2 },
        { metric: "CLS", samples: 1 },
      ]);
    } finally {
      await database.dispose();
    }
  });

  test(`a handful of extreme page views moves the 75th percentile no more than as many merely poor ones would (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const never = { random: 0.5, now: daysAgo(1) };
      // 40 honest page views from 1,000 to 2,950 ms.
      await recordVitals(
        db,
        "/crm",
        Array.from({ length: 40 }, (_, i) => sample("LCP", 1000 + 50 * i)),
        never,
      );
      await recordVitals(
        db,
        "/",
        Array.from({ length: 40 }, (_, i) => sample("LCP", 1000 + 50 * i)),
        never,
      );
      // Five more each: the largest value a beacon may carry on one page, a merely poor one on the other.
      await recordVitals(
        db,
        "/crm",
        Array.from({ length: 5 }, () => sample("LCP", metricRules.LCP.max)),
        never,
      );
      await recordVitals(
        db,
        "/",
        Array.from({ length: 5 }, () => sample("LCP", 4001)),
        never,
      );
      const [home, crm] = await vitalsPercentiles(db, now);
      expect(crm!.last28Days).toEqual(home!.last28Days);
      // Still one of the honest values (the 34th), whatever the five carried.
      expect(crm!.last28Days).toEqual({ p75: 2650, samples: 45 });
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
        vitalMetrics.map((metric) => sample(metric, 1)),
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
