/**
 * Rules every form shares, for the browser and the server alike. Spec §5 and
 * §8 texts are kept to the letter.
 */

/** Spec §9: the pattern is deliberately minimal: text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** RFC 5321's limit on a forward path; also the inputs' maxLength. */
export const EMAIL_MAX_LENGTH = 254;
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";

/** The value a consent checkbox posts when ticked, and what a form says when it is not. */
export const CONSENT_VALUE = "yes";
export const CONSENT_REQUIRED_MESSAGE = "Please accept the Privacy Policy.";

/** What a client over a form's rate limit is told; the same from the form pipeline and the server's early refusal. */
export function tooManySubmissionsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many submissions from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The honeypot's field name: people never see it, form-filling bots do. */
export const HONEYPOT_FIELD = "website";
/** One key per intended submission, so a double click or a retried post is stored once. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/** ".pdf" from "Plan.PDF"; "" when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot).toLowerCase();
}

/** "512 B", "2.4 KB", "10 MB" (binary units, as the limits are). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded} ${units[unit]}`;
}
