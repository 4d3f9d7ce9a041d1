import type { ReactNode } from "react";
import { Link } from "react-router";
import { AttributionFields } from "#app/features/attribution/attribution-fields.tsx";
import { ListAnswer } from "#app/features/mail-lists/list-answer.tsx";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { CONSENT_VALUE, EMAIL_MAX_LENGTH } from "#app/features/forms/form-rules.ts";
import { useFormSubmission, type ClientProblem } from "#app/features/forms/use-form-submission.ts";
import { CONSENT_LABEL_PREFIX, CONSENT_LINK_TEXT, CONSENT_VERSION, type NewsletterField } from "#app/features/newsletter/newsletter-schema.ts";

/** The fields every mailing list asks for: an email and consent to the privacy policy. */
export type ListSignUpField = NewsletterField;

const fieldOrder = ["consent", "email"] as const satisfies readonly ListSignUpField[];

/**
 * Each list's form sits on its own background: the newsletter on the dark
 * footer, job alerts on a white page. Whole class strings, so the styles are found.
 */
const themes = {
  dark: {
    label: "mb-1.5 block text-sm font-medium text-slate-200",
    row: "flex flex-col gap-2 sm:flex-row lg:flex-col",
    input:
      "min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 text-base text-ink placeholder:text-slate-500 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-400",
    button:
      "inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-accent-400 px-5 font-semibold text-ink transition-colors hover:bg-amber-300 disabled:cursor-wait disabled:opacity-80",
    checkbox: "mt-0.5 size-5 shrink-0 accent-accent-400 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-red-400",
    consent: "text-sm text-slate-300",
    link: "font-medium text-white underline underline-offset-2 hover:text-accent-400",
  },
  light: {
    label: "mb-1.5 block text-sm font-semibold",
    row: "flex flex-col gap-2 sm:flex-row",
    input:
      "min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-500 bg-white px-3 text-base text-ink aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-400",
    button:
      "inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80",
    checkbox: "mt-0.5 size-5 shrink-0 accent-brand-700 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-red-600",
    consent: "text-sm text-slate-700",
    link: "font-medium text-brand-700 underline underline-offset-2",
  },
} as const;

type ListSignUpFormProps = {
  /** Prefixes the fields' ids; distinct when a page draws the form more than once. */
  id: string;
  action: string;
  label: string;
  theme: keyof typeof themes;
  /** What the form checks in the browser before posting; the server checks again. */
  check: (data: FormData) => ClientProblem<ListSignUpField> | null;
  fallbackMessage: string;
  submitLabel: string;
  busyLabel: string;
  placeholder: string;
  /** Said after the consent sentence, e.g. how often the list writes. */
  consentNote?: string;
  /** For a server render after a post without JavaScript: the key to reuse, the email to keep, the answer to show. */
  idempotencyKey?: string;
  defaultEmail?: string;
  result?: FormAnswer;
  /** The list's own choices, above the email. */
  children?: ReactNode;
};

/**
 * A mailing list's sign-up (the newsletter, job alerts): the list's own choices,
 * then the email and consent, checked consent first as the spec orders them
 * (§5). A plain post without JavaScript; with it, the answer shows in place.
 */
export function ListSignUpForm(props: ListSignUpFormProps) {
  const { id, theme: themeName, children } = props;
  const theme = themes[themeName];
  const emailId = `${id}-email`;
  const consentId = `${id}-consent`;
  const messageId = `${id}-message`;
  const { fetcher, busy, answer, errors, submitRef, formProps } = useFormSubmission<ListSignUpField>({
    serverAnswer: props.result,
    fallbackMessage: props.fallbackMessage,
    fieldOrder,
    check: props.check,
    toasts: false,
  });
  const invalid = (field: ListSignUpField) => Boolean(errors[field]);

  return (
    <fetcher.Form {...formProps} action={props.action} aria-label={props.label} className={children ? "space-y-4" : "space-y-3"}>
      {children}
      <div>
        <label htmlFor={emailId} className={theme.label}>
          Email address
        </label>
        <div className={theme.row}>
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={props.defaultEmail}
            placeholder={props.placeholder}
            aria-invalid={invalid("email") || undefined}
            aria-describedby={invalid("email") ? messageId : undefined}
            className={theme.input}
          />
          <button ref={submitRef} type="submit" disabled={busy} className={theme.button}>
            {busy ? props.busyLabel : props.submitLabel}
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
          className={theme.checkbox}
        />
        <label htmlFor={consentId} className={theme.consent}>
          {CONSENT_LABEL_PREFIX}{" "}
          <Link to="/privacy-policy" className={theme.link}>
            {CONSENT_LINK_TEXT}
          </Link>
          .{props.consentNote ? ` ${props.consentNote}` : null}
        </label>
      </div>
      <input type="hidden" name="consentVersion" value={CONSENT_VERSION} />
      <HoneypotField />
      <AttributionFields />
      <IdempotencyKeyField serverValue={props.idempotencyKey} renewOn={fetcher.data} />
      <ListAnswer messageId={messageId} answer={answer} />
    </fetcher.Form>
  );
}
