import { APIError } from "better-auth/api";
import { audit } from "#app/features/staff/audit.server.ts";
import { authOf } from "#app/features/staff/auth.server.ts";
import { takePasswordGuess, tryAgainIn } from "#app/features/staff/password-guesses.server.ts";
import { checkNewPassword, PASSWORD_MAX_LENGTH } from "#app/features/staff/password-rules.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type PasswordChange = { ok: true; headers: Headers } | { ok: false; status: number; field: string; message: string };

const WRONG_CURRENT = "Your current password is not correct, so nothing was changed.";

/**
 * A new password for the signed-in member of staff. Every other session of
 * the account ends; this one carries on under a new cookie (in `headers`).
 */
export async function changeOwnPassword(
  services: Services,
  request: Request,
  user: StaffUser,
  input: { current: string; password: string; confirm: string },
  ipAddress: string,
): Promise<PasswordChange> {
  if (!input.current) return { ok: false, status: 400, field: "current", message: "Enter your current password." };
  if (input.current.length > PASSWORD_MAX_LENGTH) return { ok: false, status: 400, field: "current", message: WRONG_CURRENT };
  const problem = checkNewPassword(input.password, input.confirm);
  if (problem) return { ok: false, status: 400, ...problem };
  // Guessing the current password here is guessing the account's password: the sign-in lock counts it.
  const guess = await takePasswordGuess(services.db, user.email);
  if (!guess.allowed)
    return { ok: false, status: 429, field: "current", message: `Too many wrong passwords for this account. ${tryAgainIn(guess.retryAfterSeconds)}` };
  const auth = await authOf(services);
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword: input.current, newPassword: input.password, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await guess.giveBack();
    await audit(services.db, { actor: { id: user.id, email: user.email }, action: "password-changed", ipAddress });
    return { ok: true, headers };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") return { ok: false, status: 400, field: "current", message: WRONG_CURRENT };
    throw error;
  }
}
