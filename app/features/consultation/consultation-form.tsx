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
  type ConsultationReceipt,
  type ConsultationResult,
} from "#app/features/consultation/consultation-schema.ts";
import { Field, FieldIdPrefix, FormStatus, SubmitButton } from "#app/features/forms/field.tsx";
import { AttributionFields } from "#app/features/attribution/attribution-fields.tsx";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { useFormSubmission, type ClientProblem } from "#app/features/forms/use-form-submission.ts";
import { CONSULTATION_ACTION } from "#app/features/consultation/consultation-action.ts";
import { VISITOR_TIME_ZONE_FIELD } from "#app/features/leads/response-due.ts";

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

/** Drawn in the layout's shared region (once per page): a fixed id. */
const RECEIPT_HEADING_ID = "consultation-receipt-heading";

/** Moves the screen reader and the keyboard to the receipt once a request is stored. */
const focusReceipt = () => document.getElementById(RECEIPT_HEADING_ID)?.focus();

/**
 * "Book a Free Consultation": posts multipart to /consultation through a
 * fetcher, so the page stays put and the answer shows as toasts, with a
 * confirmation that stays in the form: the reference and when the answer is
 * due. Without JavaScript it is a plain form post with the browser's own
 * required checks, and /consultation draws the same confirmation.
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
    onSuccess: focusReceipt,
  });
  const receipt = answer?.status === "success" ? answer.receipt : undefined;

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
        {receipt ? <Receipt receipt={receipt} /> : null}

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
        {/* Without scripts the server tells the due time in the company's zone, by name. */}
        {hydrated ? <input type="hidden" name={VISITOR_TIME_ZONE_FIELD} value={Intl.DateTimeFormat().resolvedOptions().timeZone} /> : null}
        <IdempotencyKeyField serverValue={idempotencyKey} renewOn={fetcher.data} />

        <SubmitButton ref={submitRef} busy={busy} label="Enquire Now" busyLabel={phase === "uploading" ? "Uploading…" : "Sending…"} />
      </fetcher.Form>
    </FieldIdPrefix>
  );
}

/** The stored request's reference and when to expect the answer; it stays until the next post. */
function Receipt({ receipt }: { receipt: ConsultationReceipt }) {
  return (
    <div data-testid="consultation-receipt" className="rounded-lg border border-emerald-600 bg-white p-4 text-emerald-950 sm:col-span-2">
      <h3 id={RECEIPT_HEADING_ID} tabIndex={-1} className="text-lg font-semibold outline-none">
        Request received
      </h3>
      <p className="mt-1">
        Your reference is{" "}
        <strong data-testid="consultation-reference" className="font-mono break-all">
          {receipt.reference}
        </strong>
        . Please quote it if you write or call.
      </p>
      <p className="mt-1">
        Expect our answer <strong data-testid="consultation-due">{receipt.due}</strong>.
      </p>
    </div>
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
