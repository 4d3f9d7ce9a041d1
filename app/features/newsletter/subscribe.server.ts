import { and, lt, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { submitForm, type FormSpec } from "#app/features/forms/submission.server.ts";
import {
  CONSENT_VERSION,
  NEWSLETTER_FAILURE_MESSAGE,
  NEWSLETTER_CONFIRM_NEEDED_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  parseNewsletter,
  type NewsletterInput,
} from "#app/features/newsletter/newsletter-schema.ts";
import { newsletterLink, type NewsletterLinkPurpose } from "#app/features/newsletter/newsletter-links.server.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/** Subscribing again sooner than this after the first time sends no second confirmation. */
export const RESEND_CONFIRMATION_AFTER_MS = 10 * 60_000;

/** An address, the consent and the form's hidden fields fit many times over. */
const MAX_NEWSLETTER_BYTES = 16 * 1024;

/**
 * With double opt-in every success also asks for the confirmation, whether the address is new, unconfirmed or
 * confirmed long ago: a different answer for a known address would tell anyone who is on the list.
 */
const subscribedAnswer = (doubleOptIn: boolean) => () => ({
  status: "success" as const,
  messages: doubleOptIn ? [NEWSLETTER_SUCCESS_MESSAGE, NEWSLETTER_CONFIRM_NEEDED_MESSAGE] : [NEWSLETTER_SUCCESS_MESSAGE],
});

/** `secret` signs the confirmation's links; read before the form's transaction (PGlite has one connection). */
const newsletterForm = (secret: string, doubleOptIn: boolean): FormSpec<NewsletterInput & { consentVersion: string }, void, object> => ({
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
    const parsed = parseNewsletter({ consent: values.consent, email: values.email });
    if (!parsed.ok) return { ok: false, message: parsed.issue.message, fields: { [parsed.issue.field]: parsed.issue.message } };
    return { ok: true, input: { ...parsed.input, consentVersion: (values.consentVersion ?? CONSENT_VERSION).slice(0, 40) } };
  },

  botAnswer: subscribedAnswer(doubleOptIn),

  async save({ tx, input, submittedAt, attribution, services, confirm }) {
    const doubleOptIn = services.env.NEWSLETTER_DOUBLE_OPT_IN;
    const [inserted] = await tx
      .insert(newsletterSubscriptions)
      .values({
        email: input.email,
        timestamp: submittedAt,
        consentAt: submittedAt,
        consentVersion: input.consentVersion,
        confirmedAt: doubleOptIn ? null : submittedAt,
        attribution,
      })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, confirmedAt: newsletterSubscriptions.confirmedAt });
    // A known address that never confirmed gets the link again (its first email may be lost), unless it subscribed
    // moments ago (a double click, a retried post); a confirmed one gets nothing.
    const [subscriber] = inserted
      ? [inserted]
      : await tx
          .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, confirmedAt: newsletterSubscriptions.confirmedAt })
          .from(newsletterSubscriptions)
          .where(
            and(
              sql`lower(${newsletterSubscriptions.email}) = lower(${input.email})`,
              lt(newsletterSubscriptions.timestamp, new Date(submittedAt.getTime() - RESEND_CONFIRMATION_AFTER_MS)),
            ),
          );
    if (!doubleOptIn || !subscriber || subscriber.confirmedAt) return;
    const link = (purpose: NewsletterLinkPurpose) => newsletterLink(services.env.SITE_URL, secret, purpose, subscriber);
    await confirm({
      template: "newsletter-confirmation",
      to: subscriber.email,
      params: { confirm_url: link("confirm"), unsubscribe_url: link("unsubscribe") },
      kind: "newsletter",
    });
  },

  answer: subscribedAnswer(doubleOptIn),
});

/**
 * POST /newsletter. A repeated address answers with the same success and adds
 * no row, so the form never tells who is subscribed. With double opt-in (the
 * default) a new address, or one that never confirmed, is sent the link to
 * confirm (at most CONFIRMATIONS_PER_ADDRESS a day, like every confirmation).
 */
export async function handleNewsletterPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  const doubleOptIn = services.env.NEWSLETTER_DOUBLE_OPT_IN;
  const secret = doubleOptIn ? await siteSecret(services) : "";
  return submitForm(request, context, services, newsletterForm(secret, doubleOptIn));
}
