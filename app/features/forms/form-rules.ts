/**
 * Rules every form shares, for the browser and the server alike. Spec §5 and
 * §8 texts are kept to the letter.
 */

/** RFC 5321's limit on a forward path; also the inputs' maxLength. */
export const EMAIL_MAX_LENGTH = 254;
/** RFC 5321's limit on the part before the at sign. */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";

/**
 * The part before the at sign: the characters the browser's own email check
 * allows (RFC 5322 atext and dots). No quotes, angle brackets, commas,
 * semicolons, spaces or controls, so a value is one mailbox and never a
 * display name or a list, which a mail library would read as another address.
 */
const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/;
/** A domain as typed, in any script: letters, marks, digits, hyphens and dots only. */
const TYPED_DOMAIN = /^[\p{L}\p{M}\p{Nd}.-]+$/u;
/**
 * A domain as mail is sent to it: two or more labels of letters, digits and
 * inner hyphens, at most 63 characters each, the last one not all digits (a
 * top-level domain, never an IP address).
 */
const ASCII_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?=[a-z0-9-]*[a-z])[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Spec §9 asks for text, at sign, text, dot, text; this is that and stricter:
 * one plain mailbox, or null. The address comes back trimmed, its domain
 * lower-cased and an internationalised domain in its ASCII (punycode) form, the
 * form mail is sent to, so one mailbox is one value wherever it is stored or
 * counted. The URL parser does the IDNA mapping; it is built into browsers and
 * Node alike, so the forms and the server agree without shipping a library.
 */
export function normaliseEmailAddress(value: string): string | null {
  const address = value.trim();
  const at = address.indexOf("@");
  if (at < 1 || at !== address.lastIndexOf("@")) return null;
  const localPart = address.slice(0, at);
  const typedDomain = address.slice(at + 1);
  if (localPart.length > EMAIL_LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(localPart) || !TYPED_DOMAIN.test(typedDomain)) return null;
  const domain = asciiDomain(typedDomain);
  if (domain === null || !ASCII_DOMAIN.test(domain)) return null;
  const normalised = `${localPart}@${domain}`;
  return normalised.length <= EMAIL_MAX_LENGTH ? normalised : null;
}

/** The IDNA (UTS 46) form of a domain: lower case, punycode labels; null when it has none. */
function asciiDomain(domain: string): string | null {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

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
