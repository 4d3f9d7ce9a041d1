import { lt, sql } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { rateLimits } from "#app/platform/db/schema.server.ts";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counter in the database, so every server process shares it.
 * One upsert both creates and increments the window's row, atomically on
 * PGlite and PostgreSQL alike.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  { limit, windowMs, now = new Date() }: { limit: number; windowMs: number; now?: Date },
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return count <= limit ? { allowed: true, retryAfterSeconds: 0 } : { allowed: false, retryAfterSeconds };
}

/** Drops windows that ended before `before`; called periodically so the table stays small. */
export async function pruneRateLimits(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
