import { eq, sql } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { appState } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";

/*
 * How every server process learns that published content changed (decision 011).
 * A change bumps one counter in the database, in the same transaction as the
 * change itself; each process reads the counter every second and, when it
 * moved, tells its listeners (the page cache empties). Changes that happen by
 * the clock (a job's closing date, an insight scheduled for later) need no
 * write: the features name the next such moment and the watch fires then.
 * One small query a second per process; works the same on PGlite and PostgreSQL.
 */

const VERSION_KEY = "content_version";

/** Call inside the transaction that publishes, edits, closes or retires content. */
export async function bumpContentVersion(tx: Database): Promise<void> {
  await tx
    .insert(appState)
    .values({ key: VERSION_KEY, value: "1" })
    .onConflictDoUpdate({ target: appState.key, set: { value: sql`(${appState.value}::bigint + 1)::text`, updatedAt: sql`now()` } });
}

export async function readContentVersion(db: Database): Promise<string> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, VERSION_KEY));
  return row?.value ?? "0";
}

/** The next moment content changes by itself (a scheduled publication, a closing date), if any. */
export type NextScheduledChange = (db: Database) => Promise<Date | null>;

export type ContentWatchOptions = {
  db: Database;
  nextScheduledChange?: NextScheduledChange;
  intervalMs?: number;
  now?: () => number;
};

export type ContentWatch = {
  /** Calls `listener` after each change; answers a function that stops it. */
  subscribe(listener: () => void): () => void;
  /** After a commit in this process: check now instead of at the next tick. */
  nudge(): void;
  stop(): Promise<void>;
};

export function startContentWatch({ db, nextScheduledChange, intervalMs = 1_000, now = Date.now }: ContentWatchOptions): ContentWatch {
  const listeners = new Set<() => void>();
  let version: string | undefined;
  let scheduledAt: number | null | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const notify = () => {
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        logger.error({ err: error }, "A content-change listener failed");
      }
    }
  };

  async function check() {
    const current = await readContentVersion(db);
    const clockPassed = scheduledAt != null && scheduledAt <= now();
    const changed = version !== undefined && current !== version;
    if (changed || clockPassed || scheduledAt === undefined) {
      scheduledAt = nextScheduledChange ? ((await nextScheduledChange(db))?.getTime() ?? null) : null;
    }
    version = current;
    if (changed || clockPassed) notify();
  }

  function tick() {
    if (stopped || running) return;
    running = check()
      .catch((error: unknown) => logger.warn({ err: error }, "Could not check for content changes; trying again"))
      .finally(() => (running = undefined));
  }

  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    nudge: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
