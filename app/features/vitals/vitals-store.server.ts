import { gte, lt, sql } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { webVitals } from "#app/platform/db/schema.server.ts";
import { VITALS_RETENTION_DAYS, vitalMetrics, type VitalMetric } from "#app/features/vitals/vitals-rules.ts";

const DAY_MS = 24 * 60 * 60_000;
/** One insert in this many also deletes the rows past the retention: the table stays bounded without a timer of its own. */
const PRUNE_ONE_IN = 100;

export type VitalSample = { metric: VitalMetric; pageViewId: string; value: number };

/**
 * Stores one beacon's metrics for a page. A page view counts once per metric:
 * web-vitals reports CLS and INP again, under the same id, when they grow
 * after the page was first hidden, so a later report replaces the value
 * stored for that page view and metric, and a replayed beacon adds nothing.
 * Now and then (one call in a hundred) the rows older than 28 days go too: an
 * indexed range delete, and the table only grows while beacons arrive.
 */
export async function recordVitals(db: Database, page: string, samples: readonly VitalSample[], { now = new Date(), random = Math.random() } = {}) {
  if (samples.length === 0) return;
  await db
    .insert(webVitals)
    .values(samples.map(({ metric, pageViewId, value }) => ({ page, metric, pageViewId, value, recordedAt: now })))
    .onConflictDoUpdate({ target: [webVitals.pageViewId, webVitals.metric], set: { value: sql`excluded.value` } });
  if (random * PRUNE_ONE_IN < 1) await pruneVitals(db, new Date(now.getTime() - VITALS_RETENTION_DAYS * DAY_MS));
}

/** Deletes rows recorded before `before`. */
export async function pruneVitals(db: Database, before: Date): Promise<void> {
  await db.delete(webVitals).where(lt(webVitals.recordedAt, before));
}

/** The 75th percentile of one page's metric and how many page views it stands on, over a window; null without samples. */
export type Percentile = { p75: number | null; samples: number };
export type PageVital = { page: string; metric: VitalMetric; last7Days: Percentile; last28Days: Percentile };

/**
 * The 75th percentile per page and metric over the last 7 and the last 28
 * days, as search engines judge a page (continuous percentile, interpolated
 * between the two nearest values). One grouped query over the 28 days; the
 * 7-day figures are the same aggregates filtered.
 */
export async function vitalsPercentiles(db: Database, now = new Date()): Promise<PageVital[]> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const monthAgo = new Date(now.getTime() - VITALS_RETENTION_DAYS * DAY_MS);
  const recentOnly = sql`filter (where ${webVitals.recordedAt} >= ${weekAgo.toISOString()}::timestamptz)`;
  const rows = await db
    .select({
      page: webVitals.page,
      metric: webVitals.metric,
      p75Week: sql<number | string | null>`percentile_cont(0.75) within group (order by ${webVitals.value}) ${recentOnly}`,
      samplesWeek: sql<number>`(count(*) ${recentOnly})::int`,
      p75Month: sql<number | string>`percentile_cont(0.75) within group (order by ${webVitals.value})`,
      samplesMonth: sql<number>`count(*)::int`,
    })
    .from(webVitals)
    .where(gte(webVitals.recordedAt, monthAgo))
    .groupBy(webVitals.page, webVitals.metric);
  return rows
    .map((row) => ({
      page: row.page,
      metric: row.metric as VitalMetric,
      last7Days: { p75: row.p75Week === null ? null : Number(row.p75Week), samples: Number(row.samplesWeek) },
      last28Days: { p75: Number(row.p75Month), samples: Number(row.samplesMonth) },
    }))
    .sort((a, b) => comparePages(a.page, b.page) || vitalMetrics.indexOf(a.metric) - vitalMetrics.indexOf(b.metric));
}

/** The home page first, then by path. */
function comparePages(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "/") return -1;
  if (b === "/") return 1;
  return a < b ? -1 : 1;
}
