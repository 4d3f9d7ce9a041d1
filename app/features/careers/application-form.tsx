import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { showToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import {
  applicationErrors,
  applicationFieldLabels,
  applicationFieldLimits,
  applicationFields,
  applicationSchema,
  MAX_YEARS,
  MIN_YEARS,
  RESUME_ACCEPT,
  RESUME_FIELD,
  resumeProblem,
  toApplicationResult,
  type ApplicationErrorField,
  type ApplicationField,
  type ApplicationFieldErrors,
  type ApplicationResult,
} from "#app/features/careers/application-schema.ts";
import { focusField, useFieldErrors } from "#app/features/forms/field-errors.ts";
import { CONSENT_VALUE } from "#app/features/forms/form-rules.ts";

type ApplicationFormProps = {
  /** Where the form posts: this page, keeping its ?pos=. */
  action: string;
  labelledBy?: string;
  /** For a server render after a post without JavaScript: the values to keep and the answer to show. */
  defaultValues?: Partial<Record<ApplicationField, string>>;
  result?: ApplicationResult;
};

const inputClass =
  "block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-base text-ink shadow-xs placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50/40";
const errorOrder: ApplicationErrorField[] = ["fullName", "email", "phone", "position", RESUME_FIELD, "portfolioUrl", "yearsExperience", "coverLetter", "consent"];

/**
 * The job application: posts multipart through a fetcher so the answer shows
 * as toasts and a confirmation with the reference; without JavaScript it is a
 * plain post that draws this page again with the same texts.
 */
export function ApplicationForm({ action, labelledBy, defaultValues, result: serverResult }: ApplicationFormProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const { errors, setErrors, clearError } = useFieldErrors<keyof ApplicationFieldErrors>(serverResult?.status === "error" ? (serverResult.fields ?? {}) : {});
  const [confirmation, setConfirmation] = useState<string | null>(
    serverResult?.status === "success" && serverResult.messages.length > 0 ? serverResult.reference : null,
  );

  // A new answer: adjust state during render (no effect round trip).
  const [seenData, setSeenData] = useState<unknown>(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== seenData) {
    setSeenData(fetcher.data);
    const answer = toApplicationResult(fetcher.data);
    setErrors(answer.status === "error" ? (answer.fields ?? {}) : {});
    setConfirmation(answer.status === "success" ? answer.reference : null);
  }

  // Side effects of the same answer: toasts, the reset, focus.
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const answer = toApplicationResult(fetcher.data);
    const form = formRef.current;
    if (answer.status === "success") {
      form?.reset();
      for (const text of answer.messages) showToast({ kind: "success", text });
      for (const text of answer.warnings ?? []) showToast({ kind: "error", text });
      document.getElementById("application-confirmation")?.focus();
      return;
    }
    showToast({ kind: "error", text: answer.message });
    const first = errorOrder.find((field) => answer.fields?.[field]);
    if (first) focusField(form, first);
    else if (document.activeElement === document.body || document.activeElement === null) submitRef.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const busy = fetcher.state !== "idle";

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(applicationFields.map((field) => [field, data.get(field) ?? undefined]));
    const parsed = applicationSchema.safeParse(values);
    const found: ApplicationFieldErrors = parsed.success ? {} : applicationErrors(parsed.error.issues);
    const resume = data.get(RESUME_FIELD);
    const problem = resumeProblem(typeof resume === "string" ? null : resume);
    if (problem) found.resume = problem;
    const first = errorOrder.find((field) => found[field]);
    if (first) {
      event.preventDefault();
      setErrors(found);
      setConfirmation(null);
      showToast({ kind: "error", text: found[first]! });
      focusField(event.currentTarget, first);
      return;
    }
    setErrors({});
    // Not prevented: fetcher.Form posts the form, resume included.
  }


  const noJsAnswer = !hydrated && serverResult ? serverResult : undefined;
  const field = (name: ApplicationErrorField) => ({ name, error: errors[name] });

  return (
    <>
      {confirmation ? <Confirmation reference={confirmation} /> : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate={hydrated}
        aria-labelledby={labelledBy}
        aria-busy={busy || undefined}
        onSubmit={handleSubmit}
        onChange={(event) => {
          const target = event.target as unknown;
          if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
          clearError(target.name);
          if (target instanceof HTMLInputElement && target.type === "file") {
            const problem = target.files?.[0] ? resumeProblem(target.files[0]) : null;
            if (problem) setErrors((current) => ({ ...current, resume: problem }));
          }
        }}
        className="grid grid-cols-1 gap-x-5 gap-y-5 sm:grid-cols-2"
      >
        <p className="text-sm text-slate-600 sm:col-span-2">Fields marked with an asterisk (*) are required.</p>
        {noJsAnswer?.status === "error" ? (
          <p role="alert" className="rounded-lg border border-red-600 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2">
            {noJsAnswer.message}
            {noJsAnswer.fields?.resume ? null : " Please attach your resume again."}
          </p>
        ) : null}

        <Field {...field("fullName")} required>
          {(props) => <input {...props} type="text" autoComplete="name" maxLength={applicationFieldLimits.fullName} defaultValue={defaultValues?.fullName} />}
        </Field>
        <Field {...field("email")} required>
          {(props) => <input {...props} type="email" autoComplete="email" maxLength={applicationFieldLimits.email} defaultValue={defaultValues?.email} />}
        </Field>
        <Field {...field("phone")} required>
          {(props) => <input {...props} type="tel" autoComplete="tel" maxLength={applicationFieldLimits.phone} defaultValue={defaultValues?.phone} />}
        </Field>
        <Field {...field("position")} hint="Leave it empty for a general application.">
          {(props) => <input {...props} type="text" autoComplete="off" maxLength={applicationFieldLimits.position} defaultValue={defaultValues?.position} />}
        </Field>
        <Field {...field(RESUME_FIELD)} required wide hint="PDF, DOC or DOCX, up to 10 MB.">
          {(props) => (
            <input
              {...props}
              type="file"
              accept={RESUME_ACCEPT}
              className={`${inputClass} file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800`}
            />
          )}
        </Field>
        <Field {...field("portfolioUrl")} hint="For example https://www.linkedin.com/in/your-name">
          {(props) => <input {...props} type="url" inputMode="url" autoComplete="url" maxLength={applicationFieldLimits.portfolioUrl} defaultValue={defaultValues?.portfolioUrl} />}
        </Field>
        <Field {...field("yearsExperience")}>
          {(props) => (
            <input {...props} type="number" inputMode="numeric" min={MIN_YEARS} max={MAX_YEARS} step={1} defaultValue={defaultValues?.yearsExperience} />
          )}
        </Field>
        <Field {...field("coverLetter")} wide hint={`Optional, up to ${applicationFieldLimits.coverLetter} characters.`}>
          {(props) => (
            <textarea {...props} rows={6} maxLength={applicationFieldLimits.coverLetter} defaultValue={defaultValues?.coverLetter} className={`${inputClass} min-h-36 resize-y`} />
          )}
        </Field>
        <ConsentField error={errors.consent} defaultChecked={defaultValues?.consent === CONSENT_VALUE} />

        <HoneypotField />
        <IdempotencyKeyField renewOn={fetcher.data} />

        <div className="sm:col-span-2">
          <button
            ref={submitRef}
            type="submit"
            disabled={busy}
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-7 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-wait disabled:bg-brand-800 sm:w-auto"
          >
            {busy ? (
              <>
                <Spinner />
                <span>Sending…</span>
              </>
            ) : (
              "Submit Application"
            )}
          </button>
        </div>
      </fetcher.Form>
    </>
  );
}


type ControlProps = {
  id: string;
  name: string;
  required?: boolean;
  "aria-required"?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  className: string;
};

function Field({
  name,
  error,
  required = false,
  wide = false,
  hint,
  children,
}: {
  name: ApplicationErrorField;
  error?: string;
  required?: boolean;
  wide?: boolean;
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {applicationFieldLabels[name]}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-600"> (optional)</span>
        )}
      </label>
      {children({
        id,
        name,
        required: required || undefined,
        "aria-required": required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
        className: inputClass,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ConsentField({ error, defaultChecked }: { error?: string; defaultChecked: boolean }) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="consent"
          value={CONSENT_VALUE}
          required
          aria-required
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          I agree to the{" "}
          <Link to="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-4">
            Privacy Policy
          </Link>{" "}
          and to {`the processing of my application data for recruitment.`}
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Confirmation({ reference }: { reference: string }) {
  return (
    <div
      id="application-confirmation"
      tabIndex={-1}
      role="status"
      data-testid="application-confirmation"
      className="mb-8 rounded-2xl border border-emerald-600 bg-emerald-50 p-6 text-emerald-950 outline-none"
    >
      <p className="text-lg font-semibold">Thank you, your application has been received.</p>
      <p className="mt-2">
        Your reference number is <strong data-testid="application-reference">{reference}</strong>. Please quote it if you contact us. We
        have sent a confirmation to your email address and will reply within a week.
      </p>
    </div>
  );
}
