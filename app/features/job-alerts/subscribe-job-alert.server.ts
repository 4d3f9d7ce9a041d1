import { and, isNull, lt, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { submitForm, type FormSpec } from "#app/features/forms/submission.server.ts";
import { choiceText } from "#app/features/job-alerts/job-alerts.server.ts";
import { jobAlertLink } from "#app/features/job-alerts/job-alert-links.server.ts";
import {
  DEPARTMENT_FIELDS,
  JOB_ALERT_CONFIRM_NEEDED_MESSAGE,
  JOB_ALERT_FAILURE_MESSAGE,
  JOB_ALERT_SUCCESS_MESSAGE,
  parseJobAlert,
  WORKPLACE_VALUES,
  workplaceField,
  type JobAlertInput,
} from "#app/features/job-alerts/job-alert-schema.ts";
import { CONSENT_VERSION } from "#app/features/newsletter/newsletter-schema.ts";
import { RESEND_CONFIRMATION_AFTER_MS } from "#app/features/newsletter/subscribe.server.ts";
import { jobAlertSubscriptions } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";

/** An address, the picks and the hidden fields fit many times over. */
const MAX_JOB_ALERT_BYTES = 16 * 1024;

/** The same answer whether the address is new or known, so the form never tells who has an alert. */
const answer = () => ({ status: "success" as const, messages: [JOB_ALERT_SUCCESS_MESSAGE, JOB_ALERT_CONFIRM_NEEDED_MESSAGE] });

const workplaceFields = WORKPLACE_VALUES.map(workplaceField);

/**
 * The newsletter's way (subscribe.server.ts): one row an address; a new or
 * unconfirmed one is sent the confirmation (an unconfirmed one with the new
 * picks), capped per address like every confirmation; a confirmed alert stays
 * as confirmed (to change it: unsubscribe, then subscribe again).
 */
const jobAlertForm = (secret: string): FormSpec<JobAlertInput & { consentVersion: string }, void, object> => ({
  name: "job-alert",
  read: {
    maxBytes: MAX_JOB_ALERT_BYTES,
    encodings: ["urlencoded", "multipart"],
    fields: ["email", "consent", "consentVersion", ...DEPARTMENT_FIELDS, ...workplaceFields],
    multiline: [],
    labels: {
      email: "Email address",
      consent: "Consent",
      consentVersion: "Consent version",
      ...Object.fromEntries(DEPARTMENT_FIELDS.map((field) => [field, "Department"])),
      ...Object.fromEntries(workplaceFields.map((field) => [field, "Workplace"])),
    },
  },
  echo: ["email"],
  unavailableMessage: JOB_ALERT_FAILURE_MESSAGE,

  validate({ values }) {
    const parsed = parseJobAlert(values);
    if (!parsed.ok) return { ok: false, message: parsed.issue.message, fields: { [parsed.issue.field]: parsed.issue.message } };
    return { ok: true, input: { ...parsed.input, consentVersion: (values.consentVersion ?? CONSENT_VERSION).slice(0, 40) } };
  },

  botAnswer: answer,

  async save({ tx, input, submittedAt, attribution, services, confirm }) {
    const picks = { departments: input.departments, workplaces: input.workplaces };
    const [inserted] = await tx
      .insert(jobAlertSubscriptions)
      .values({ email: input.email, ...picks, timestamp: submittedAt, consentAt: submittedAt, consentVersion: input.consentVersion, attribution })
      .onConflictDoNothing()
      .returning({ id: jobAlertSubscriptions.id, email: jobAlertSubscriptions.email });
    // Only an unconfirmed alert takes new picks, and not one made moments ago (a double click, a retried post).
    const [subscriber] = inserted
      ? [inserted]
      : await tx
          .update(jobAlertSubscriptions)
          .set({ ...picks, timestamp: submittedAt, consentAt: submittedAt, consentVersion: input.consentVersion })
          .where(
            and(
              sql`lower(${jobAlertSubscriptions.email}) = lower(${input.email})`,
              isNull(jobAlertSubscriptions.confirmedAt),
              lt(jobAlertSubscriptions.timestamp, new Date(submittedAt.getTime() - RESEND_CONFIRMATION_AFTER_MS)),
            ),
          )
          .returning({ id: jobAlertSubscriptions.id, email: jobAlertSubscriptions.email });
    if (!subscriber) return;
    await confirm({
      template: "job-alert-confirmation",
      to: subscriber.email,
      params: {
        choice: choiceText(picks),
        confirm_url: jobAlertLink(services.env.SITE_URL, secret, "confirm", subscriber),
        unsubscribe_url: jobAlertLink(services.env.SITE_URL, secret, "unsubscribe", subscriber),
      },
      kind: "job-alert",
    });
  },

  answer,
});

/** POST /careers/alerts: guarded like every form (rate limit, honeypot, limits), answering the same for a known address. */
export async function handleJobAlertPost(request: Request, context: Readonly<RouterContextProvider>, services: Services) {
  return submitForm(request, context, services, jobAlertForm(await siteSecret(services)));
}
