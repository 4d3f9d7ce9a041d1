/** NIST SP 800-63B-4 asks at least 15 characters of a password that is the only factor. */
export const PASSWORD_MIN_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = { message: string; field: "password" | "confirm" };

/** The rules a new password must meet, in the words the form shows. */
export function checkNewPassword(password: string, confirm: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return { field: "password", message: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.` };
  if (password.length > PASSWORD_MAX_LENGTH) return { field: "password", message: `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.` };
  if (password !== confirm) return { field: "confirm", message: "The two passwords are not the same." };
  return null;
}
