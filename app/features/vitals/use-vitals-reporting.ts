import { useEffect } from "react";
import { isStaffPath } from "#app/features/staff/staff-path.ts";
import { useSiteData } from "#app/layout/site-data.ts";

/** How long the reporter waits for an idle moment after the page has loaded, at most. */
const IDLE_TIMEOUT_MS = 5_000;

let started = false;

/**
 * Real-user web vitals (decision 015). After hydration, a sampled page view
 * waits for the page's load event and an idle moment, then fetches the
 * reporter (its own chunk, with web-vitals) and sends its metrics when the
 * page is hidden. A page view that is not sampled, or a rate of 0, fetches
 * nothing. The root loader's `vitalsSampleRate` says how many are sampled.
 */
export function useVitalsReporting() {
  const rate = useSiteData()?.vitalsSampleRate ?? 0;
  useEffect(() => startVitalsReporting(rate), [rate]);
}

/** The same for a page drawn as islands, whose entry calls it once with the root loader's rate. */
export function startVitalsReporting(rate: number) {
  // Once per document: the metrics belong to the page the visitor landed on, as search engines count them.
  if (started) return;
  started = true;
  const path = window.location.pathname;
  if (!(Math.random() < rate) || isStaffPath(path) || typeof navigator.sendBeacon !== "function") return;
  whenIdleAfterLoad(() => {
    import("#app/features/vitals/report-vitals.ts")
      .then(({ reportVitals }) => reportVitals(path))
      // A reporter that failed to load (offline, a new deploy) costs the visitor nothing.
      .catch(() => undefined);
  });
}

function whenIdleAfterLoad(run: () => void) {
  const idle = () =>
    typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(run, 1_000);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
