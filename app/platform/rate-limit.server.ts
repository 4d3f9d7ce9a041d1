import { and, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { rateLimits } from "#app/platform/db/schema.server.ts";

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };
export type RateLimitRule = { limit: number; windowMs: number };

/**
 * A sliding-window counter kept in the database, so every server process
 * shares it. Each key has one row per fixed window; a hit counts the current
 * window's hits plus the previous window's, weighted by how much of it still
 * lies inside the sliding window. Unlike a fixed window, a client cannot post
 * the limit at the end of one window and again at the start of the next.
 * Refused hits count too, so a client that keeps posting stays refused.
 */
export async function hitRateLimit(db: Database, key: string, { limit, windowMs, now = new Date() }: RateLimitRule & { now?: Date }): Promise<RateLimitResult> {
  const { windowStart, previousStart } = windowsAt(now, windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const [previous] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, previousStart)));
  return slidingVerdict({
    current: row?.count ?? 1,
    previous: previous?.count ?? 0,
    elapsed: now.getTime() - windowStart.getTime(),
    limit,
    windowMs,
  });
}

export type RateLimitReservation = { allowed: true; giveBack(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * A hit counted before an attempt whose outcome decides whether it should
 * count (failed sign-ins). The check and the count are one statement: it
 * counts the hit only while the sliding count stays within the limit, so
 * however many attempts run at once, no more than the limit get through. An
 * attempt that turns out not to count gives its hit back; a refused one
 * counts nothing, so trying while refused does not make the wait longer.
 */
export async function reserveRateLimit(
  db: Database,
  key: string,
  { limit, windowMs, now = new Date() }: RateLimitRule & { now?: Date },
): Promise<RateLimitReservation> {
  const { windowStart, previousStart } = windowsAt(now, windowMs);
  const elapsed = now.getTime() - windowStart.getTime();
  const previousShare = sql`coalesce((select ${rateLimits.count} from ${rateLimits} where ${rateLimits.key} = ${key} and ${rateLimits.windowStart} = ${previousStart.toISOString()}::timestamptz), 0) * ${(windowMs - elapsed) / windowMs}::float8`;
  // The same sum as slidingVerdict's, with this hit in this window's count.
  const withinLimit = (currentWithHit: SQL) => sql`${previousShare} + ${currentWithHit} <= ${limit}`;
  const [row] = await db
    .insert(rateLimits)
    .select(sql`select ${key}, ${windowStart.toISOString()}::timestamptz, 1 where ${withinLimit(sql`1`)}`)
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: withinLimit(sql`${rateLimits.count} + 1`),
    })
    .returning({ count: rateLimits.count });
  if (row) {
    // From the window the hit was counted in, even if the attempt ends in the next one.
    const giveBack = async () => {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
    };
    return { allowed: true, giveBack };
  }
  const rows = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), inArray(rateLimits.windowStart, [windowStart, previousStart])));
  const countAt = (start: Date) => rows.find((stored) => stored.windowStart.getTime() === start.getTime())?.count ?? 0;
  const verdict = slidingVerdict({ current: countAt(windowStart) + 1, previous: countAt(previousStart), elapsed, limit, windowMs });
  // A hit given back since the statement may leave room already: then the next try may pass.
  return { allowed: false, retryAfterSeconds: Math.max(1, verdict.retryAfterSeconds) };
}

/** The fixed window `now` falls in, and the one before it. */
function windowsAt(now: Date, windowMs: number) {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { windowStart, previousStart: new Date(windowStart.getTime() - windowMs) };
}

/** The decision and, when refused, how long until the weighted count is back within the limit. */
function slidingVerdict({
  current,
  previous,
  elapsed,
  limit,
  windowMs,
}: { current: number; previous: number; elapsed: number } & RateLimitRule): RateLimitResult {
  const weight = (windowMs - elapsed) / windowMs;
  if (previous * weight + current <= limit) return { allowed: true, retryAfterSeconds: 0 };
  // When may the next hit (which counts as one more) pass? Later in this window, as the
  // previous window's share shrinks; otherwise in the next one, where this window is the previous.
  const laterThisWindow = current + 1 <= limit && previous > 0 ? windowMs * (1 - (limit - current - 1) / previous) - elapsed : Infinity;
  const nextWindow = windowMs - elapsed + windowMs * (1 - Math.max(0, limit - 1) / current);
  const waitMs = laterThisWindow <= windowMs - elapsed ? laterThisWindow : nextWindow;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.round(waitMs) / 1000)) };
}

/** Drops windows that started before `before`; called periodically so the table stays small. */
export async function pruneRateLimits(db: Database, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
