import type { RouterContextProvider } from "react-router";
import { submitForm, type FormSpec } from "#app/features/forms/submission.server.ts";
import {
  CONSENT_VERSION,
  NEWSLETTER_FAILURE_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  validateNewsletter,
  type NewsletterInput,
} from "#app/features/newsletter/newsletter-schema.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/** An address, the consent and the form's hidden fields fit many times over. */
const MAX_NEWSLETTER_BYTES = 16 * 1024;
const subscribed = () => ({ status: "success" as const, messages: [NEWSLETTER_SUCCESS_MESSAGE] });

const newsletterForm: FormSpec<NewsletterInput & { consentVersion: string }, void, object> = {
  name: "newsletter",
  read: {
    maxBytes: MAX_NEWSLETTER_BYTES,
    encodings: ["urlencoded", "multipart"],
    fields: ["email", "consent", "consentVersion"],
    multiline: [],
    labels: { email: "Email address", consent: "Consent", consentVersion: "Consent version" },
  },
  echo: ["email"],
  unavailableMessage: NEWSLETTER_FAILURE_MESSAGE,

  validate({ values }) {
    const issue = validateNewsletter({ consent: values.consent, email: values.email });
    if (issue) return { ok: false, message: issue.message, fields: { [issue.field]: issue.message } };
    return { ok: true, input: { consent: "yes", email: values.email!.trim(), consentVersion: (values.consentVersion ?? CONSENT_VERSION).slice(0, 40) } };
  },

  botAnswer: subscribed,

  async save({ tx, input, submittedAt }) {
    await tx
      .insert(newsletterSubscriptions)
      .values({ email: input.email, timestamp: submittedAt, consentAt: submittedAt, consentVersion: input.consentVersion })
      .onConflictDoNothing();
  },

  answer: subscribed,
};

/**
 * POST /newsletter. A repeated address answers with the same success and adds
 * no row, so the form never tells who is subscribed.
 */
export function handleNewsletterPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  return submitForm(request, context, services, newsletterForm);
}
