/*
 * Real-user web vitals (decision 015): which metrics, their units, the
 * thresholds search engines rate them by, and the limits of a beacon. Read by
 * the browser's reporter, the endpoint and the staff page alike, so nothing
 * here may import server code.
 */

/** The metrics a page view reports, in the order the staff page shows them. */
export const vitalMetrics = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalMetric = (typeof vitalMetrics)[number];

export type MetricRules = {
  /** What the staff page calls it. */
  label: string;
  /** "ms" for times; CLS is a score without a unit. */
  unit: "ms" | "";
  /** Google's thresholds: up to `good` is good, up to `poor` needs improvement, above it is poor. */
  good: number;
  poor: number;
  /** A value above this is not a real measurement; a beacon carrying one is refused. */
  max: number;
};

export const metricRules: Record<VitalMetric, MetricRules> = {
  LCP: { label: "Largest Contentful Paint", unit: "ms", good: 2500, poor: 4000, max: 120_000 },
  INP: { label: "Interaction to Next Paint", unit: "ms", good: 200, poor: 500, max: 60_000 },
  CLS: { label: "Cumulative Layout Shift", unit: "", good: 0.1, poor: 0.25, max: 10 },
  FCP: { label: "First Contentful Paint", unit: "ms", good: 1800, poor: 3000, max: 120_000 },
  TTFB: { label: "Time to First Byte", unit: "ms", good: 800, poor: 1800, max: 120_000 },
};

export type VitalRating = "good" | "needs-improvement" | "poor";

export const ratingLabels: Record<VitalRating, string> = { good: "Good", "needs-improvement": "Needs improvement", poor: "Poor" };

/** The rating of a value, as web-vitals and search engines give it (the thresholds themselves are still good / needs improvement). */
export function ratingOf(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = metricRules[metric];
  if (value <= good) return "good";
  return value <= poor ? "needs-improvement" : "poor";
}

/** A value as the staff page shows it: whole milliseconds, or CLS to two decimals. */
export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  return `${Math.round(value).toLocaleString("en-US")} ms`;
}

/** A beacon's body: a page view's five metrics take about 300 bytes. */
export const MAX_BEACON_BYTES = 4 * 1024;
/** Metrics in one beacon: five, twice over for a page restored from the back/forward cache. */
export const MAX_METRICS_PER_BEACON = 10;
/** A page view's id for a metric as sent (web-vitals' own are about 30 characters). */
export const MAX_PAGE_VIEW_ID_LENGTH = 64;
/** A page's path as sent; the site's own paths are far shorter. */
export const MAX_PATH_LENGTH = 200;
/** How long rows are kept: the 28 days search engines judge a page by. */
export const VITALS_RETENTION_DAYS = 28;
