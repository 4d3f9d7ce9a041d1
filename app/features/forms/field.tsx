import { createContext, use, useId, type ReactNode, type Ref } from "react";
import { Link } from "react-router";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { CONSENT_VALUE } from "#app/features/forms/form-rules.ts";

/** The look of a text control, shared by every form on a light background. */
export const inputClass =
  "block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-base text-ink shadow-xs placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50/40";

/** What a control needs to be labelled, described and marked invalid; spread it on the control. */
export type ControlProps = {
  id: string;
  name: string;
  required?: boolean;
  "aria-required"?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  className: string;
};

/**
 * A fixed prefix for the ids of a form's controls (`{prefix}-{name}`), for a
 * form drawn in a shared region of the layout: its HTML is rendered apart from
 * the page (app/layout/shared-region.tsx), where React's position-based ids
 * would not match the browser's. The form must then appear once per page.
 */
export const FieldIdPrefix = createContext<string | null>(null);

/** The id of the control named `name`: from the form's fixed prefix, or React's. */
export function useFieldId(name: string): string {
  const prefix = use(FieldIdPrefix);
  const reactId = useId();
  return prefix ? `${prefix}-${name}` : reactId;
}

/**
 * A labelled form control with its hint and error: the label names it, the
 * hint and the error describe it, and a required one is marked for eyes
 * (asterisk) and for assistive technology (aria-required).
 */
export function Field({
  name,
  label,
  error,
  required = false,
  wide = false,
  hint,
  children,
}: {
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  wide?: boolean;
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useFieldId(name);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
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
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's error under it; its id is what the control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/**
 * The answer on the page: errors always when there are no toasts (no
 * JavaScript yet, or a form that shows no toasts), and a success that stays
 * after the toasts are gone. `live` makes it announce itself; leave it off
 * where toasts already announce the same words.
 */
export function FormStatus({
  answer,
  showError,
  live,
  className = "",
}: {
  answer?: { status: "success"; messages: string[]; warnings?: string[] } | { status: "error"; message: string };
  showError: boolean;
  live: boolean;
  className?: string;
}) {
  if (!answer) return null;
  if (answer.status === "error") {
    return showError ? (
      <p role="alert" className={`rounded-lg border border-red-600 bg-red-50 p-3 text-sm font-medium text-red-800 ${className}`}>
        {answer.message}
      </p>
    ) : null;
  }
  if (answer.messages.length === 0) return null;
  return (
    <div
      role={live ? "status" : undefined}
      data-testid="form-confirmation"
      className={`rounded-lg border border-emerald-600 bg-emerald-50 p-3 text-sm text-emerald-900 ${className}`}
    >
      {answer.messages.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {answer.warnings?.map((text) => (
        <p key={text} className="text-red-800">
          {text}
        </p>
      ))}
    </div>
  );
}

/** The required consent checkbox: the privacy policy linked, and what the data will be used for. */
export function ConsentField({ purpose, error, defaultChecked }: { purpose: string; error?: string; defaultChecked?: boolean }) {
  const id = useFieldId("consent");
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
          and to {purpose}
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </label>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A form's submit button: disabled with a spinner and `busyLabel` while the post is on its way. */
export function SubmitButton({ ref, busy, label, busyLabel = "Sending…" }: { ref: Ref<HTMLButtonElement>; busy: boolean; label: string; busyLabel?: string }) {
  return (
    <div className="sm:col-span-2">
      <button
        ref={ref}
        type="submit"
        disabled={busy}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-7 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-800 disabled:cursor-wait disabled:bg-brand-800 sm:w-auto"
      >
        {busy ? (
          <>
            <Spinner />
            <span>{busyLabel}</span>
          </>
        ) : (
          label
        )}
      </button>
    </div>
  );
}
