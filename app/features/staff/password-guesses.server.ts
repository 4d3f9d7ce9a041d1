import { createHash } from "node:crypto";
import type { Database } from "#app/platform/db/client.server.ts";
import { reserveRateLimit, type RateLimitReservation, type RateLimitRule } from "#app/platform/rate-limit.server.ts";

/**
 * Wrong passwords one account may have before it waits, wherever they were
 * typed: on the sign-in form (whether or not the address has an account) or
 * as the current password on "My account".
 */
export const ACCOUNT_FAILURES: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Takes one of the account's guesses before its password is checked. A guess
 * counts as wrong until the caller gives it back on a right password, so
 * guesses checked at the same time can never add up to more than the limit.
 */
export function takePasswordGuess(db: Database, email: string): Promise<RateLimitReservation> {
  const account = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
  return reserveRateLimit(db, `wrong-password:${account}`, ACCOUNT_FAILURES);
}

/** "Please try again in 12 minutes.", rounded up to whole minutes. */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
