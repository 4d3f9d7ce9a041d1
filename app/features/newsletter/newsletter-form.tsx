import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import { focusField } from "#app/features/forms/field-errors.ts";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { CONSENT_LABEL_PREFIX, CONSENT_LINK_TEXT, CONSENT_VERSION, toNewsletterResult, validateNewsletter, type NewsletterField, type NewsletterResult } from "#app/features/newsletter/newsletter-schema.ts";
import { CONSENT_VALUE, EMAIL_MAX_LENGTH } from "#app/features/forms/form-rules.ts";

export const NEWSLETTER_ACTION = "/newsletter";

type Message = { kind: "success" | "error"; text: string; field?: NewsletterField };

const toMessage = (answer: NewsletterResult): Message =>
  answer.status === "success"
    ? { kind: "success", text: answer.message }
    : { kind: "error", text: answer.message, field: answer.field };

type NewsletterFormProps = {
  /** For a server render after a post without JavaScript: the key to reuse, the email to keep, the answer to show. */
  idempotencyKey?: string;
  defaultEmail?: string;
  result?: NewsletterResult;
};

/**
 * The footer's newsletter sign-up. Checks consent first, then the email
 * (spec §5), and shows every message inline next to the form.
 */
export function NewsletterForm({ idempotencyKey, defaultEmail, result }: NewsletterFormProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const id = useId();
  const emailId = `${id}-email`;
  const consentId = `${id}-consent`;
  const messageId = `${id}-message`;
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [message, setMessage] = useState<Message | null>(result ? toMessage(result) : null);

  // A new answer from the server replaces whatever the form showed.
  const [seenData, setSeenData] = useState<unknown>(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== seenData) {
    setSeenData(fetcher.data);
    setMessage(toMessage(toNewsletterResult(fetcher.data)));
  }

  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const answer = toNewsletterResult(fetcher.data);
    const form = formRef.current;
    if (answer.status === "success") form?.reset();
    const target = answer.status === "error" && answer.field ? form?.elements.namedItem(answer.field) : null;
    if (target instanceof HTMLElement) target.focus();
    else if (document.activeElement === document.body || document.activeElement === null) submitRef.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle";

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    const data = new FormData(event.currentTarget);
    const issue = validateNewsletter({ consent: data.get("consent"), email: data.get("email") });
    if (issue) {
      event.preventDefault();
      setMessage({ kind: "error", text: issue.message, field: issue.field });
      focusField(event.currentTarget, issue.field);
      return;
    }
    setMessage(null);
  }

  const errorFor = (field: NewsletterField) => message?.kind === "error" && message.field === field;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={NEWSLETTER_ACTION}
      noValidate={hydrated}
      onSubmit={handleSubmit}
      aria-label="Newsletter sign-up"
      aria-busy={busy || undefined}
      className="relative space-y-3"
    >
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
      <IdempotencyKeyField serverValue={idempotencyKey} renewOn={fetcher.data} />

      <div id={messageId} role="alert" className="empty:hidden">
        {message?.kind === "error" ? (
          <p className="rounded-md bg-red-100 px-3 py-2 text-sm font-semibold text-red-900">{message.text}</p>
        ) : null}
      </div>
      <div role="status" className="empty:hidden">
        {message?.kind === "success" ? (
          <p className="rounded-md bg-emerald-100 px-3 py-2 text-sm font-semibold text-emerald-900">{message.text}</p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
