import { nextJobClosing } from "#app/features/careers/jobs.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";

/**
 * The next moment published content changes by the clock alone, for the
 * content watch (app/platform/content-watch.server.ts): a job reaching its
 * closing date.
 */
export async function nextScheduledChange(db: Database): Promise<Date | null> {
  return nextJobClosing(db);
}
