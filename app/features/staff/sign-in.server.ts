import { randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { normaliseEmailAddress } from "#app/features/forms/form-rules.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { authOf, type StaffAuth } from "#app/features/staff/auth.server.ts";
import { takePasswordGuess, tryAgainIn } from "#app/features/staff/password-guesses.server.ts";
import { staffUsers } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export const SIGN_IN_FAILED_MESSAGE = "The email or password is not correct.";

export type SignInResult = { ok: true; userId: string; headers: Headers } | { ok: false; status: 401 | 429; message: string };

/**
 * Checks the password through better-auth. Every failure reads the same and
 * takes the same time, whether the address is unknown, the account
 * deactivated or the password wrong; an address with too many recent wrong
 * passwords waits, known or not.
 */
export async function signIn(services: Services, request: Request, credentials: { email: string; password: string }, ipAddress: string): Promise<SignInResult> {
  // Accounts are stored as the shared rule writes them (an international domain in punycode), in lower case.
  const email = (normaliseEmailAddress(credentials.email) ?? credentials.email.trim()).toLowerCase();
  const guess = await takePasswordGuess(services.db, email);
  if (!guess.allowed) return { ok: false, status: 429, message: `Too many failed sign-ins for this account. ${tryAgainIn(guess.retryAfterSeconds)}` };

  const [account] = await services.db
    .select({ id: staffUsers.id, email: staffUsers.email, deactivatedAt: staffUsers.deactivatedAt })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email));
  const failed = async (reason: string): Promise<SignInResult> => {
    await audit(services.db, {
      actor: { id: account?.id ?? null, email: account?.email ?? null },
      action: "sign-in-failed",
      detail: { reason },
      ipAddress,
    });
    return { ok: false, status: 401, message: SIGN_IN_FAILED_MESSAGE };
  };
  const auth = await authOf(services);
  if (!account || account.deactivatedAt) {
    // The hashing a wrong password costs, so the time taken does not tell which addresses have accounts.
    const { password } = await auth.$context;
    await password.verify({ hash: await noAccountHash(password), password: credentials.password });
    return failed(account ? "account deactivated" : "unknown address");
  }

  try {
    const { headers } = await auth.api.signInEmail({ body: { email, password: credentials.password }, headers: request.headers, returnHeaders: true });
    await guess.giveBack();
    await audit(services.db, { actor: { id: account.id, email: account.email }, action: "sign-in", ipAddress });
    return { ok: true, userId: account.id, headers };
  } catch (error) {
    if (error instanceof APIError && (error.status === "UNAUTHORIZED" || error.status === "BAD_REQUEST")) return failed("wrong password");
    throw error;
  }
}

type PasswordHasher = Awaited<StaffAuth["$context"]>["password"];
let noAccountHashOnce: Promise<string> | undefined;

/** A hash of a random password no one knows, made once per process by the site's own hasher and its parameters. */
function noAccountHash(hasher: PasswordHasher): Promise<string> {
  noAccountHashOnce ??= hasher.hash(randomBytes(32).toString("hex"));
  return noAccountHashOnce;
}
