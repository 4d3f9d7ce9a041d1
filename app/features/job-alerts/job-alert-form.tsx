import { Link } from "react-router";
import { AttributionFields } from "#app/features/attribution/attribution-fields.tsx";
import { WORKPLACES } from "#app/features/careers/job-format.ts";
import { ListAnswer } from "#app/features/mail-lists/list-answer.tsx";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { CONSENT_VALUE, EMAIL_MAX_LENGTH } from "#app/features/forms/form-rules.ts";
import { useFormSubmission, type ClientProblem } from "#app/features/forms/use-form-submission.ts";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import {
  departmentField,
  JOB_ALERT_ACTION,
  JOB_ALERT_FAILURE_MESSAGE,
  MAX_ALERT_DEPARTMENTS,
  parseJobAlert,
  WORKPLACE_VALUES,
  workplaceField,
} from "#app/features/job-alerts/job-alert-schema.ts";
import { CONSENT_LABEL_PREFIX, CONSENT_LINK_TEXT, CONSENT_VERSION, type NewsletterField } from "#app/features/newsletter/newsletter-schema.ts";

type JobAlertFormProps = {
  /** Distinguishes the ids when a page draws the form more than once. */
  id: string;
  /** The departments to pick from, as the listing names them. */
  departments: readonly string[];
  /** Picked at first: the listing's current filters. */
  picked?: { department?: string; workplace?: string };
  /** For a server render after a post without JavaScript. */
  result?: FormAnswer;
  defaultEmail?: string;
};

const fieldOrder = ["consent", "email"] as const satisfies readonly NewsletterField[];

function checkJobAlert(data: FormData): ClientProblem<NewsletterField> | null {
  const parsed = parseJobAlert({ consent: data.get("consent")?.toString(), email: data.get("email")?.toString() });
  return parsed.ok ? null : { message: parsed.issue.message, fields: { [parsed.issue.field]: parsed.issue.message } };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Subscribing to new jobs by email, with the picks that narrow it down (none:
 * every new job). A plain post to /careers/alerts without JavaScript; with it,
 * the answer shows in place.
 */
export function JobAlertForm({ id, departments, picked = {}, result, defaultEmail }: JobAlertFormProps) {
  const emailId = `${id}-email`;
  const consentId = `${id}-consent`;
  const messageId = `${id}-message`;
  const { fetcher, busy, answer, errors, submitRef, formProps } = useFormSubmission<NewsletterField>({
    serverAnswer: result,
    fallbackMessage: JOB_ALERT_FAILURE_MESSAGE,
    fieldOrder,
    check: checkJobAlert,
    toasts: false,
  });
  const invalid = (field: NewsletterField) => Boolean(errors[field]);
  const shown = departments.slice(0, MAX_ALERT_DEPARTMENTS);

  return (
    <fetcher.Form {...formProps} action={JOB_ALERT_ACTION} aria-label="Job alert" className="space-y-4">
      {shown.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold">Departments (none ticked: all)</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {shown.map((department, index) => (
              <label key={department} className="inline-flex min-h-11 items-center gap-2 sm:min-h-0">
                <input
                  type="checkbox"
                  name={departmentField(index)}
                  value={department}
                  defaultChecked={picked.department ? sameName(picked.department, department) : false}
                  className="size-5 accent-brand-700"
                />
                {department}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <fieldset>
        <legend className="text-sm font-semibold">Workplace (none ticked: all)</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {WORKPLACE_VALUES.map((workplace) => (
            <label key={workplace} className="inline-flex min-h-11 items-center gap-2 sm:min-h-0">
              <input
                type="checkbox"
                name={workplaceField(workplace)}
                value="on"
                defaultChecked={picked.workplace === workplace}
                className="size-5 accent-brand-700"
              />
              {WORKPLACES[workplace]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={emailId} className="mb-1.5 block text-sm font-semibold">
          Email address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={defaultEmail}
            placeholder="you@example.com"
            aria-invalid={invalid("email") || undefined}
            aria-describedby={invalid("email") ? messageId : undefined}
            className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-500 bg-white px-3 text-base text-ink aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-400"
          />
          <button
            ref={submitRef}
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80"
          >
            {busy ? "Setting up…" : "Email me new jobs"}
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
          aria-invalid={invalid("consent") || undefined}
          aria-describedby={invalid("consent") ? messageId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={consentId} className="text-sm text-slate-700">
          {CONSENT_LABEL_PREFIX}{" "}
          <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-2">
            {CONSENT_LINK_TEXT}
          </Link>
          . At most one email a day; unsubscribe with one click.
        </label>
      </div>
      <input type="hidden" name="consentVersion" value={CONSENT_VERSION} />
      <HoneypotField />
      <AttributionFields />
      <IdempotencyKeyField renewOn={fetcher.data} />
      <ListAnswer messageId={messageId} answer={answer} />
    </fetcher.Form>
  );
}
