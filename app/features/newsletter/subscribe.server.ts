import { data, type RouterContextProvider } from "react-router";
import {
  assertFormRequest,
  assertKnownFields,
  assertWithinRateLimit,
  FormRejection,
  honeypotFilled,
} from "#app/features/forms/form-guards.server.ts";
import {
  CONSENT_VERSION,
  NEWSLETTER_FAILURE_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  validateNewsletter,
  type NewsletterResult,
} from "#app/features/newsletter/newsletter-schema.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";

const NEWSLETTER_FIELDS = ["email", "consent", "consentVersion", HONEYPOT_FIELD, IDEMPOTENCY_FIELD] as const;
const MAX_NEWSLETTER_BYTES = 16 * 1024;

/** The result, and on failure the address as typed, for the page drawn without JavaScript. */
export type NewsletterPost = NewsletterResult & { email?: string };

/**
 * POST /newsletter. A repeated address answers with the same success and adds
 * no row, so the form never tells who is subscribed.
 */
export async function handleNewsletterPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  let email = "";
  try {
    assertFormRequest(request, { encodings: ["urlencoded", "multipart"], maxBytes: MAX_NEWSLETTER_BYTES });
    const form = await readForm(request);
    assertKnownFields(form, NEWSLETTER_FIELDS);
    email = String(form.get("email") ?? "").slice(0, 300);
    if (honeypotFilled(form)) return answer({ status: "success", message: NEWSLETTER_SUCCESS_MESSAGE }, "", 200);
    await assertWithinRateLimit(services, context, "newsletter");

    const issue = validateNewsletter({ consent: form.get("consent"), email: form.get("email") });
    if (issue) return answer({ status: "error", message: issue.message, field: issue.field }, email, 400);

    const version = String(form.get("consentVersion") ?? CONSENT_VERSION).slice(0, 40);
    const now = new Date();
    try {
      await services.db
        .insert(newsletterSubscriptions)
        .values({ email: email.trim(), timestamp: now, consentAt: now, consentVersion: version })
        .onConflictDoNothing();
    } catch (error) {
      logger.error({ err: error }, "Newsletter insert failed");
      return answer({ status: "error", message: NEWSLETTER_FAILURE_MESSAGE }, email, 503);
    }
    return answer({ status: "success", message: NEWSLETTER_SUCCESS_MESSAGE }, "", 200);
  } catch (error) {
    if (error instanceof FormRejection) return answer({ status: "error", message: error.message }, email, error.status);
    // The database failing before the insert (the rate-limit counter) is the same outage for the visitor.
    logger.error({ err: error }, "Newsletter subscription failed");
    return answer({ status: "error", message: NEWSLETTER_FAILURE_MESSAGE }, email, 503);
  }
}

function answer(result: NewsletterResult, email: string, status: number) {
  return data<NewsletterPost>(result.status === "error" ? { ...result, email } : result, { status });
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new FormRejection(400, "The form could not be read. Please reload the page and try again.");
  }
}
