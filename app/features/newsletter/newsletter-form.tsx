import { Link } from "react-router";
import { AttributionFields } from "#app/features/attribution/attribution-fields.tsx";
import { ListAnswer } from "#app/features/mail-lists/list-answer.tsx";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { CONSENT_VALUE, EMAIL_MAX_LENGTH } from "#app/features/forms/form-rules.ts";
import { useFormSubmission, type ClientProblem } from "#app/features/forms/use-form-submission.ts";
import {
  CONSENT_LABEL_PREFIX,
  CONSENT_LINK_TEXT,
  CONSENT_VERSION,
  NEWSLETTER_FAILURE_MESSAGE,
  validateNewsletter,
  type NewsletterField,
  type NewsletterResult,
} from "#app/features/newsletter/newsletter-schema.ts";

export const NEWSLETTER_ACTION = "/newsletter";

type NewsletterFormProps = {
  /** For a server render after a post without JavaScript: the key to reuse, the email to keep, the answer to show. */
  idempotencyKey?: string;
  defaultEmail?: string;
  result?: NewsletterResult;
};

const fieldOrder = ["consent", "email"] as const satisfies readonly NewsletterField[];

function checkNewsletter(data: FormData): ClientProblem<NewsletterField> | null {
  const issue = validateNewsletter({ consent: data.get("consent"), email: data.get("email") });
  return issue ? { message: issue.message, fields: { [issue.field]: issue.message } } : null;
}

/**
 * The footer's newsletter sign-up. Checks consent first, then the email
 * (spec §5), and shows every message inline next to the form.
 */
export function NewsletterForm({ idempotencyKey, defaultEmail, result }: NewsletterFormProps) {
  // Drawn in the layout's shared region (once per page): fixed ids.
  const id = "newsletter";
  const emailId = `${id}-email`;
  const consentId = `${id}-consent`;
  const messageId = `${id}-message`;
  const { fetcher, busy, answer, errors, submitRef, formProps } = useFormSubmission<NewsletterField>({
    serverAnswer: result,
    fallbackMessage: NEWSLETTER_FAILURE_MESSAGE,
    fieldOrder,
    check: checkNewsletter,
    toasts: false,
  });
  const errorFor = (field: NewsletterField) => Boolean(errors[field]);

  return (
    <fetcher.Form {...formProps} action={NEWSLETTER_ACTION} aria-label="Newsletter sign-up" className="relative space-y-3">
      <div>
        <label htmlFor={emailId} className="mb-1.5 block text-sm font-medium text-slate-200">
          Email address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={defaultEmail}
            placeholder="you@company.com"
            aria-invalid={errorFor("email") || undefined}
            aria-describedby={errorFor("email") ? messageId : undefined}
            className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 text-base text-ink placeholder:text-slate-500 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-400"
          />
          <button
            ref={submitRef}
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-accent-400 px-5 font-semibold text-ink transition-colors hover:bg-amber-300 disabled:cursor-wait disabled:opacity-80"
          >
            {busy ? "Subscribe…" : "Subscribe"}
          </button>
        </div>
      </div>

      <div className="flex items-start gap-2.5">
        <input
          id={consentId}
          type="checkbox"
          name="consent"
          value={CONSENT_VALUE}
          required
          aria-invalid={errorFor("consent") || undefined}
          aria-describedby={errorFor("consent") ? messageId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-accent-400 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-red-400"
        />
        <label htmlFor={consentId} className="text-sm text-slate-300">
          {CONSENT_LABEL_PREFIX}{" "}
          <Link to="/privacy-policy" className="font-medium text-white underline underline-offset-2 hover:text-accent-400">
            {CONSENT_LINK_TEXT}
          </Link>
          .
        </label>
      </div>

      <input type="hidden" name="consentVersion" value={CONSENT_VERSION} />
      <HoneypotField />
      <AttributionFields />
      <IdempotencyKeyField serverValue={idempotencyKey} renewOn={fetcher.data} />

      <ListAnswer messageId={messageId} answer={answer} />
    </fetcher.Form>
  );
}
