import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { focusField, useFieldErrors } from "#app/features/forms/field-errors.ts";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { showToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { FileDropZone } from "#app/features/consultation/file-drop-zone.tsx";
import {
  addFiles,
  consultationFieldLabels,
  consultationFieldLimits,
  consultationFields,
  consultationSchema,
  findMissingFields,
  missingFieldsMessage,
  requiredFieldMessage,
  submissionPhase,
  toConsultationResult,
  type ConsultationField,
  type ConsultationFieldErrors,
  type ConsultationResult,
} from "#app/features/consultation/consultation-schema.ts";

export const CONSULTATION_ACTION = "/consultation";

type ConsultationFormProps = {
  /** The id of the heading that names the form. */
  labelledBy?: string;
  /** For a server render after a post without JavaScript: the key to reuse, the values to keep, the answer to show. */
  idempotencyKey?: string;
  defaultValues?: Partial<Record<ConsultationField, string>>;
  result?: ConsultationResult;
};

const fieldSpecs: Record<
  ConsultationField,
  { type?: "text" | "email" | "tel"; autoComplete: string; multiline?: boolean; wide?: boolean }
> = {
  fullName: { type: "text", autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  country: { type: "text", autoComplete: "country-name" },
  phone: { type: "tel", autoComplete: "tel" },
  brief: { multiline: true, autoComplete: "off", wide: true },
};

function firstErrorsByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: ConsultationFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as ConsultationField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * "Book a Free Consultation": posts multipart to /consultation through a
 * fetcher, so the page stays put and the answer shows as toasts. Without
 * JavaScript it is a plain form post with the browser's own required checks.
 */
export function ConsultationForm({ labelledBy, idempotencyKey, defaultValues, result: serverResult }: ConsultationFormProps) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [fileMessage, setFileMessage] = useState<string | null>(null);
  const { errors, setErrors, clearError } = useFieldErrors<keyof ConsultationFieldErrors>(serverResult?.status === "error" ? (serverResult.fields ?? {}) : {});

  // A new answer from the server: adjust state during render (no effect round trip).
  const [seenData, setSeenData] = useState<unknown>(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== undefined && fetcher.data !== seenData) {
    setSeenData(fetcher.data);
    const answer = toConsultationResult(fetcher.data);
    if (answer.status === "success") {
      setFiles([]);
      setFileMessage(null);
      setErrors({});
    } else {
      setErrors(answer.fields ?? {});
      setFileMessage(answer.fields?.files ?? null);
    }
  }

  // Side effects of the same answer: toasts, the reset, focus.
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const answer = toConsultationResult(fetcher.data);
    const form = formRef.current;
    if (answer.status === "success") {
      form?.reset();
      for (const text of answer.messages) showToast({ kind: "success", text });
      for (const text of answer.warnings ?? []) showToast({ kind: "error", text });
    } else {
      showToast({ kind: "error", text: answer.message });
      const first = consultationFields.find((field) => answer.fields?.[field]);
      if (first) {
        focusField(form, first);
        return;
      }
    }
    // The button was disabled while sending, which drops focus; give it back.
    if (document.activeElement === document.body || document.activeElement === null) submitRef.current?.focus();
  }, [fetcher.state, fetcher.data]);

  const phase = submissionPhase(fetcher.state, files.length > 0);
  const busy = phase !== "idle";

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(consultationFields.map((field) => [field, data.get(field) ?? undefined]));
    const missing = findMissingFields(values);
    if (missing.length > 0) {
      event.preventDefault();
      setErrors(Object.fromEntries(missing.map((field) => [field, requiredFieldMessage(field)])));
      showToast({ kind: "error", text: missingFieldsMessage(missing) });
      focusField(event.currentTarget, missing[0]!);
      return;
    }
    const parsed = consultationSchema.safeParse(values);
    if (!parsed.success) {
      event.preventDefault();
      const fieldErrors = firstErrorsByField(parsed.error.issues);
      setErrors(fieldErrors);
      const first = consultationFields.find((field) => fieldErrors[field]);
      if (first) {
        showToast({ kind: "error", text: fieldErrors[first]! });
        focusField(event.currentTarget, first);
      }
      return;
    }
    setErrors({});
    // Not prevented: fetcher.Form posts the form, files included.
  }


  const noJsAnswer = !hydrated && serverResult ? serverResult : undefined;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={CONSULTATION_ACTION}
      encType="multipart/form-data"
      noValidate={hydrated}
      aria-labelledby={labelledBy}
      aria-busy={busy || undefined}
      onSubmit={handleSubmit}
      onChange={(event) => {
        const target = event.target as unknown;
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) clearError(target.name);
      }}
      className="relative grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2"
    >
      <p className="text-sm text-slate-600 sm:col-span-2">Fields marked with an asterisk (*) are required.</p>

      {noJsAnswer ? <NoScriptAnswer answer={noJsAnswer} /> : null}

      {consultationFields.map((field) => (
        <TextField
          key={field}
          name={field}
          error={errors[field]}
          defaultValue={defaultValues?.[field]}
        />
      ))}

      <div className="sm:col-span-2">
        <FileDropZone
          files={files}
          hydrated={hydrated}
          disabled={busy}
          invalid={Boolean(errors.files)}
          message={fileMessage}
          onAdd={(incoming) => {
            const { files: next, problems } = addFiles(files, incoming);
            setFiles(next);
            setFileMessage(problems.length > 0 ? problems.join(" ") : null);
            clearError("files");
          }}
          onRemove={(file) => {
            setFiles((current) => current.filter((candidate) => candidate !== file));
            setFileMessage(null);
          }}
        />
      </div>

      <HoneypotField />
      <IdempotencyKeyField serverValue={idempotencyKey} renewOn={fetcher.data} />

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
              <span>{phase === "uploading" ? "Uploading…" : "Sending…"}</span>
            </>
          ) : (
            "Enquire Now"
          )}
        </button>
      </div>
    </fetcher.Form>
  );
}


function TextField({
  name,
  error,
  defaultValue,
}: {
  name: ConsultationField;
  error?: string;
  defaultValue?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const spec = fieldSpecs[name];
  const common = {
    id,
    name,
    required: true,
    "aria-required": true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    maxLength: consultationFieldLimits[name],
    autoComplete: spec.autoComplete,
    defaultValue,
    className:
      "block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-base text-ink shadow-xs placeholder:text-slate-500 focus:border-brand-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:bg-red-50/40",
  } as const;
  return (
    <div className={spec.wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {consultationFieldLabels[name]}
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      </label>
      {spec.multiline ? (
        <textarea {...common} rows={5} className={`${common.className} min-h-32 resize-y`} />
      ) : (
        <input {...common} type={spec.type} />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Without JavaScript there are no toasts; the server's answer shows at the top of the form instead. */
function NoScriptAnswer({ answer }: { answer: ConsultationResult }) {
  if (answer.status === "success") {
    return (
      <div role="status" className="rounded-lg border border-emerald-600 bg-emerald-50 p-3 text-sm text-emerald-900 sm:col-span-2">
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
  return (
    <p role="alert" className="rounded-lg border border-red-600 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2">
      {answer.message}
    </p>
  );
}
