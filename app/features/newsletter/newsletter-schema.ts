// zod/mini keeps the shared schema small in the browser bundle.
import * as z from "zod/mini";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { toEmailAddress } from "#app/features/email-address-field.ts";
import { CONSENT_REQUIRED_MESSAGE, CONSENT_VALUE, INVALID_EMAIL_MESSAGE } from "#app/features/forms/form-rules.ts";

/** Spec §5 and §8: the newsletter's texts, kept to the letter. */
export const NEWSLETTER_SUCCESS_MESSAGE = "Subscription successful! Thank you for signing up.";
export const NEWSLETTER_FAILURE_MESSAGE = "Error subscribing. Please try again later.";
/** Shown under the spec's success sentence while the address awaits its confirmation (double opt-in). */
export const NEWSLETTER_CONFIRM_NEEDED_MESSAGE = "Please check your inbox for the confirmation link: the newsletter starts once you open it.";

/**
 * The consent wording shown next to the checkbox, and its version. The server
 * records the version with the subscription; change the version whenever the
 * wording changes.
 */
export const CONSENT_LABEL_PREFIX = "I agree to the";
export const CONSENT_LINK_TEXT = "Privacy Policy";
export const CONSENT_VERSION = "2025-01";

export type NewsletterField = "consent" | "email";

/**
 * One schema for the browser and the server. Keys are checked in order, so
 * the first issue is always consent before email (spec §5).
 */
export const newsletterSchema = z.object({
  consent: z.literal(CONSENT_VALUE, { error: CONSENT_REQUIRED_MESSAGE }),
  email: z.pipe(z.string({ error: INVALID_EMAIL_MESSAGE }), toEmailAddress(INVALID_EMAIL_MESSAGE)),
});

export type NewsletterInput = z.output<typeof newsletterSchema>;
export type NewsletterIssue = { field: NewsletterField; message: string };

/**
 * The submission as stored (the address normalised), or its first problem in
 * the spec's order. Accepts FormData values (`File | string | null`) or plain values.
 */
export function parseNewsletter(values: { consent: unknown; email: unknown }): { ok: true; input: NewsletterInput } | { ok: false; issue: NewsletterIssue } {
  const result = newsletterSchema.safeParse({
    consent: values.consent ?? undefined,
    email: values.email ?? undefined,
  });
  if (result.success) return { ok: true, input: result.data };
  const issue = result.error.issues[0];
  const field: NewsletterField = issue?.path[0] === "email" ? "email" : "consent";
  return { ok: false, issue: { field, message: issue?.message ?? INVALID_EMAIL_MESSAGE } };
}

/** The first problem with a submission, or null when it is valid. */
export function validateNewsletter(values: { consent: unknown; email: unknown }): NewsletterIssue | null {
  const parsed = parseNewsletter(values);
  return parsed.ok ? null : parsed.issue;
}

/** What POST /newsletter answers (see FormAnswer). */
export type NewsletterResult = FormAnswer;
