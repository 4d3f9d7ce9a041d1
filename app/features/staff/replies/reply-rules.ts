/*
 * What a reply to a lead and a reply template may hold, checked the same way
 * on the lead's page, on the templates screen and before anything is queued.
 */

/** A subject is one header line: long enough for any real subject, short enough to read. */
export const REPLY_SUBJECT_MAX_LENGTH = 200;
/** The body's limit in bytes of UTF-8 (what the message carries), not characters. */
export const REPLY_BODY_MAX_BYTES = 64 * 1024;
export const REPLY_TEMPLATE_NAME_MAX_LENGTH = 100;
export const SIGNATURE_MAX_LENGTH = 1_000;

/** The words a template may hold, filled in when a member of staff picks it for a lead. */
export type Placeholders = { name: string; sender: string; signature: string };

export const placeholderHelp = "{{name}} becomes the lead's name, {{sender}} your name, {{signature}} the company's signature.";

/** Replaces `{{name}}`, `{{sender}}` and `{{signature}}`; anything else in braces is left as written. */
export function fillPlaceholders(text: string, values: Placeholders): string {
  return fillNamedPlaceholders(text, values);
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Replaces each `{{key}}` whose key `values` holds; anything else in braces is left as written. */
export function fillNamedPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (match, key: string) => (Object.hasOwn(values, key) ? values[key]! : match));
}

/** The first `{{…}}` in the text that is none of `known`, as written, or null when every one is known. */
export function unknownPlaceholder(text: string, known: readonly string[]): string | null {
  for (const [match, key] of text.matchAll(PLACEHOLDER)) if (!known.includes(key!)) return match;
  return null;
}

type Checked<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/**
 * A subject goes into the message's header: a line break there would start a
 * header of the sender's choosing (header injection), so it is refused, not
 * quietly joined.
 */
export function checkSubject(raw: string, field = "subject"): Checked<string> {
  const subject = raw.trim();
  if (/[\r\n]/.test(subject)) return { ok: false, field, message: "The subject must be a single line: remove the line break from it." };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(subject)) return { ok: false, field, message: "The subject holds a control character; type it again without it." };
  if (!subject) return { ok: false, field, message: "Write a subject." };
  if (subject.length > REPLY_SUBJECT_MAX_LENGTH) return { ok: false, field, message: `A subject can be at most ${REPLY_SUBJECT_MAX_LENGTH} characters.` };
  return { ok: true, value: subject };
}

export function checkBody(raw: string, field = "body"): Checked<string> {
  const body = raw.replace(/\r\n?/g, "\n").trim();
  if (!body) return { ok: false, field, message: "Write the message before sending it." };
  const bytes = new TextEncoder().encode(body).length;
  if (bytes > REPLY_BODY_MAX_BYTES) {
    return { ok: false, field, message: `A message can be at most 64 KB; this one is ${Math.ceil(bytes / 1024)} KB. Shorten it and send it again.` };
  }
  return { ok: true, value: body };
}

export type ReplyDraft = { subject: string; body: string };

/** A reply as posted: one-line subject, body within its limit. */
export function checkReply(values: { subject?: string; body?: string }): Checked<ReplyDraft> {
  const subject = checkSubject(values.subject ?? "");
  if (!subject.ok) return subject;
  const body = checkBody(values.body ?? "");
  if (!body.ok) return body;
  return { ok: true, value: { subject: subject.value, body: body.value } };
}
