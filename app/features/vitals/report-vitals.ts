import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricType } from "web-vitals";

/** The beacon endpoint (`vitals` in routes.ts). Kept here, not in vitals-rules.ts, so this chunk fetches nothing more. */
const VITALS_ENDPOINT = "/vitals";

/**
 * A metric as it travels: web-vitals' id for this metric of this page view (so the
 * server counts a later report of it once), no entries, no attribution;
 * milliseconds whole, CLS to four decimals.
 */
type Reported = { name: MetricType["name"]; id: string; value: number; navigationType: MetricType["navigationType"] };

/**
 * Loaded on its own, after hydration, by sampled page views only
 * (use-vitals-reporting.ts). Queues each metric as web-vitals reports it and
 * sends the queue in one beacon whenever the page is hidden or unloaded, as
 * web-vitals recommends. `path` is the page's path without query or hash.
 */
export function reportVitals(path: string) {
  // Keyed by the metric's instance: a later report of the same CLS or INP replaces the earlier one.
  const queue = new Map<string, Reported>();
  const add = (metric: MetricType) => {
    const value = metric.name === "CLS" ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
    queue.set(metric.id, { name: metric.name, id: metric.id, value, navigationType: metric.navigationType });
  };
  onTTFB(add);
  onFCP(add);
  onLCP(add);
  onCLS(add);
  onINP(add);

  const flush = () => {
    if (queue.size === 0) return;
    const body = JSON.stringify({ path, metrics: [...queue.values()] });
    queue.clear();
    // A string is sent as text/plain: a simple request, no preflight, no cookies needed.
    navigator.sendBeacon(VITALS_ENDPOINT, body);
  };
  // Registered after web-vitals' own listeners (on window, capturing), so its final values are queued first.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  // Safari does not always fire visibilitychange when a page is unloaded.
  window.addEventListener("pagehide", flush);
}
