import { createHash } from "node:crypto";
import { APIError } from "better-auth";
import { eq, sql } from "drizzle-orm";
import { audit } from "#app/features/staff/audit.server.ts";
import { authOf } from "#app/features/staff/auth.server.ts";
import { staffUsers } from "#app/platform/db/schema.server.ts";
import { hitRateLimit, peekRateLimit, type RateLimitRule } from "#app/platform/rate-limit.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export const SIGN_IN_FAILED_MESSAGE = "The email or password is not correct.";
/** Failed sign-ins one account may have before it waits (whether or not the address has an account). */
export const ACCOUNT_FAILURES: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

export type SignInResult = { ok: true; userId: string; headers: Headers } | { ok: false; status: 401 | 429; message: string };

/**
 * Checks the password through better-auth. Every failure reads the same,
 * whether the address is unknown, the account deactivated or the password
 * wrong; an address with too many recent failures waits, known or not.
 */
export async function signIn(services: Services, request: Request, credentials: { email: string; password: string }, ipAddress: string): Promise<SignInResult> {
  const email = credentials.email.trim().toLowerCase();
  const failureKey = `sign-in-failure:${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;
  const allowed = await peekRateLimit(services.db, failureKey, ACCOUNT_FAILURES);
  if (!allowed.allowed) {
    const minutes = Math.max(1, Math.ceil(allowed.retryAfterSeconds / 60));
    return { ok: false, status: 429, message: `Too many failed sign-ins for this account. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
  }

  const [account] = await services.db
    .select({ id: staffUsers.id, email: staffUsers.email, deactivatedAt: staffUsers.deactivatedAt })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email));
  const failed = async (reason: string): Promise<SignInResult> => {
    await hitRateLimit(services.db, failureKey, ACCOUNT_FAILURES);
    await audit(services.db, {
      actor: { id: account?.id ?? null, email: account?.email ?? null },
      action: "sign-in-failed",
      detail: { reason },
      ipAddress,
    });
    return { ok: false, status: 401, message: SIGN_IN_FAILED_MESSAGE };
  };
  if (!account) return failed("unknown address");
  if (account.deactivatedAt) return failed("account deactivated");

  const auth = await authOf(services);
  try {
    const { headers } = await auth.api.signInEmail({ body: { email, password: credentials.password }, headers: request.headers, returnHeaders: true });
    await audit(services.db, { actor: { id: account.id, email: account.email }, action: "sign-in", ipAddress });
    return { ok: true, userId: account.id, headers };
  } catch (error) {
    if (error instanceof APIError && (error.status === "UNAUTHORIZED" || error.status === "BAD_REQUEST")) return failed("wrong password");
    throw error;
  }
}
