import { nextJobClosing } from "#app/features/careers/jobs.server.ts";
import { nextEventChange } from "#app/features/events/events.server.ts";
import { nextScheduledInsight } from "#app/features/insights/insights.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";

/**
 * The next moment published content changes by the clock alone, for the
 * content watch (app/platform/content-watch.server.ts): a job reaching its
 * closing date, a scheduled insight reaching its publishing date, or an event
 * starting (registration closes) or ending (its recap shows).
 */
export async function nextScheduledChange(db: Database): Promise<Date | null> {
  const moments = (await Promise.all([nextJobClosing(db), nextScheduledInsight(db), nextEventChange(db)])).filter((at): at is Date => at !== null);
  return moments.length > 0 ? new Date(Math.min(...moments.map((at) => at.getTime()))) : null;
}
