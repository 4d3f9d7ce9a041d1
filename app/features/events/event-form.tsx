import {
  EVENT_CONSENT_VERSION,
  EVENT_FAILURE_MESSAGE,
  EVENT_FIELD_LABELS,
  EVENT_FIELD_ORDER,
  NAME_MAX_LENGTH,
  ORGANISATION_MAX_LENGTH,
  validateEventForm,
  type EventFormField,
  type EventFormResult,
  type EventIntent,
} from "#app/features/events/event-rules.ts";
import { ConsentField, Field, FormStatus, SubmitButton } from "#app/features/forms/field.tsx";
import { AttributionFields } from "#app/features/attribution/attribution-fields.tsx";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { EMAIL_MAX_LENGTH } from "#app/features/forms/form-rules.ts";
import { useFormSubmission, type ClientProblem } from "#app/features/forms/use-form-submission.ts";

type EventFormProps = {
  action: string;
  intent: EventIntent;
  /** The id of the heading that names the form. */
  labelledBy: string;
  submitLabel: string;
  /** For a server render after a post without JavaScript: the answer and what was typed. */
  result?: EventFormResult;
};

const fieldSpecs: Record<Exclude<EventFormField, "consent">, { type: "text" | "email"; autoComplete: string; maxLength: number; required: boolean }> = {
  fullName: { type: "text", autoComplete: "name", maxLength: NAME_MAX_LENGTH, required: true },
  email: { type: "email", autoComplete: "email", maxLength: EMAIL_MAX_LENGTH, required: true },
  company: { type: "text", autoComplete: "organization", maxLength: ORGANISATION_MAX_LENGTH, required: false },
  role: { type: "text", autoComplete: "organization-title", maxLength: ORGANISATION_MAX_LENGTH, required: false },
};

function checkEventForm(data: FormData): ClientProblem<EventFormField> | null {
  const issue = validateEventForm(Object.fromEntries(EVENT_FIELD_ORDER.map((field) => [field, data.get(field)])));
  return issue ? { message: issue.message, fields: { [issue.field]: issue.message } } : null;
}

/**
 * Registration for the event, or (once it is over) the request to hear about
 * the next edition: the same fields, posted to the event's page through a
 * fetcher; without JavaScript, a plain post that redraws the page with the answer.
 */
export function EventForm({ action, intent, labelledBy, submitLabel, result }: EventFormProps) {
  const { fetcher, hydrated, busy, answer, errors, submitRef, formProps } = useFormSubmission<EventFormField>({
    serverAnswer: result,
    fallbackMessage: EVENT_FAILURE_MESSAGE,
    fieldOrder: EVENT_FIELD_ORDER,
    check: checkEventForm,
    toasts: true,
  });
  const typed = result?.status === "error" ? result.values : undefined;
  const fields = intent === "register" ? (["fullName", "email", "company", "role"] as const) : (["fullName", "email"] as const);

  return (
    <fetcher.Form {...formProps} action={action} aria-labelledby={labelledBy} className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
      <p className="text-sm text-slate-600 sm:col-span-2">Fields marked with an asterisk (*) are required.</p>
      <FormStatus answer={answer} showError={!hydrated} live={!hydrated} className="sm:col-span-2" />

      {fields.map((name) => {
        const spec = fieldSpecs[name];
        return (
          <Field key={name} name={name} label={EVENT_FIELD_LABELS[name]} error={errors[name]} required={spec.required}>
            {(props) => <input {...props} type={spec.type} autoComplete={spec.autoComplete} maxLength={spec.maxLength} defaultValue={typed?.[name]} />}
          </Field>
        );
      })}

      <ConsentField
        purpose={
          intent === "register"
            ? "the use of my details to manage my registration and this event's emails."
            : "the use of my details for one email when the next edition is announced."
        }
        error={errors.consent}
      />

      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="consentVersion" value={EVENT_CONSENT_VERSION} />
      <HoneypotField />
      <AttributionFields />
      <IdempotencyKeyField renewOn={fetcher.data} />

      <SubmitButton ref={submitRef} busy={busy} label={submitLabel} />
    </fetcher.Form>
  );
}
