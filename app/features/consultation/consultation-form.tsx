import { useState } from "react";
import { FileDropZone } from "#app/features/consultation/file-drop-zone.tsx";
import {
  addFiles,
  consultationFieldLabels,
  consultationFieldLimits,
  consultationFields,
  consultationSchema,
  FILES_FIELD,
  findMissingFields,
  missingFieldsMessage,
  requiredFieldMessage,
  submissionPhase,
  UNEXPECTED_ANSWER_MESSAGE,
  type ConsultationField,
  type ConsultationFieldErrors,
  type ConsultationResult,
} from "#app/features/consultation/consultation-schema.ts";
import { Field, FieldIdPrefix, FormStatus, SubmitButton } from "#app/features/forms/field.tsx";
import { AttributionFields } from "#app/features/attribution/attribution-fields.tsx";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { useFormSubmission, type ClientProblem } from "#app/features/forms/use-form-submission.ts";
import { CONSULTATION_ACTION } from "#app/features/consultation/consultation-action.ts";

type ConsultationFormProps = {
  /** The id of the heading that names the form. */
  labelledBy?: string;
  /** For a server render after a post without JavaScript: the key to reuse, the values to keep, the answer to show. */
  idempotencyKey?: string;
  defaultValues?: Partial<Record<ConsultationField, string>>;
  result?: ConsultationResult;
};

const fieldSpecs: Record<ConsultationField, { type?: "text" | "email" | "tel"; autoComplete: string; multiline?: boolean; wide?: boolean }> = {
  fullName: { type: "text", autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  country: { type: "text", autoComplete: "country-name" },
  phone: { type: "tel", autoComplete: "tel" },
  brief: { multiline: true, autoComplete: "off", wide: true },
};

const fieldOrder = [...consultationFields, FILES_FIELD] as const;

/** The browser's check before posting: the spec's missing-fields toast first, then each field's rule. */
function checkConsultation(data: FormData): ClientProblem<(typeof fieldOrder)[number]> | null {
  const values = Object.fromEntries(consultationFields.map((field) => [field, data.get(field) ?? undefined]));
  const missing = findMissingFields(values);
  if (missing.length > 0) {
    return { message: missingFieldsMessage(missing), fields: Object.fromEntries(missing.map((field) => [field, requiredFieldMessage(field)])) };
  }
  const parsed = consultationSchema.safeParse(values);
  if (parsed.success) return null;
  const fields: ConsultationFieldErrors = {};
  for (const issue of parsed.error.issues) fields[issue.path[0] as ConsultationField] ??= issue.message;
  return { message: fields[consultationFields.find((field) => fields[field])!]!, fields };
}

/**
 * "Book a Free Consultation": posts multipart to /consultation through a
 * fetcher, so the page stays put and the answer shows as toasts, with a
 * confirmation that stays in the form. Without JavaScript it is a plain form
 * post with the browser's own required checks.
 */
export function ConsultationForm({ labelledBy, idempotencyKey, defaultValues, result: serverResult }: ConsultationFormProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileMessage, setFileMessage] = useState<string | null>(null);
  const { fetcher, hydrated, busy, answer, errors, clearError, submitRef, formProps } = useFormSubmission({
    serverAnswer: serverResult,
    fallbackMessage: UNEXPECTED_ANSWER_MESSAGE,
    fieldOrder,
    check: checkConsultation,
    toasts: true,
  });

  // A new answer: the attached files go with a success, and a file problem shows by the drop zone.
  const [seenAnswer, setSeenAnswer] = useState(answer);
  if (answer !== seenAnswer) {
    setSeenAnswer(answer);
    if (answer?.status === "success") {
      setFiles([]);
      setFileMessage(null);
    } else if (answer?.status === "error") {
      setFileMessage(answer.fields?.[FILES_FIELD] ?? null);
    }
  }

  const phase = submissionPhase(fetcher.state, files.length > 0);

  // Drawn in the layout's shared region (once per page): fixed ids.
  return (
    <FieldIdPrefix value="consultation">
      <fetcher.Form
        {...formProps}
        action={CONSULTATION_ACTION}
        encType="multipart/form-data"
        aria-labelledby={labelledBy}
        className="relative grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2"
      >
        <p className="text-sm text-slate-600 sm:col-span-2">Fields marked with an asterisk (*) are required.</p>

        {/* Toasts announce the answer once scripts run; the confirmation stays on the page. */}
        <FormStatus answer={answer} showError={!hydrated} live={!hydrated} className="sm:col-span-2" />

        {consultationFields.map((field) => (
          <TextField key={field} name={field} error={errors[field]} defaultValue={defaultValues?.[field]} />
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
              clearError(FILES_FIELD);
            }}
            onRemove={(file) => {
              setFiles((current) => current.filter((candidate) => candidate !== file));
              setFileMessage(null);
            }}
          />
        </div>

        <HoneypotField />

        <AttributionFields />
        <IdempotencyKeyField serverValue={idempotencyKey} renewOn={fetcher.data} />

        <SubmitButton ref={submitRef} busy={busy} label="Enquire Now" busyLabel={phase === "uploading" ? "Uploading…" : "Sending…"} />
      </fetcher.Form>
    </FieldIdPrefix>
  );
}

function TextField({ name, error, defaultValue }: { name: ConsultationField; error?: string; defaultValue?: string }) {
  const spec = fieldSpecs[name];
  return (
    <Field name={name} label={consultationFieldLabels[name]} error={error} required wide={spec.wide}>
      {(props) =>
        spec.multiline ? (
          <textarea
            {...props}
            rows={5}
            maxLength={consultationFieldLimits[name]}
            autoComplete={spec.autoComplete}
            defaultValue={defaultValue}
            className={`${props.className} min-h-32 resize-y`}
          />
        ) : (
          <input {...props} type={spec.type} maxLength={consultationFieldLimits[name]} autoComplete={spec.autoComplete} defaultValue={defaultValue} />
        )
      }
    </Field>
  );
}
