import { useId } from "react";
import { Field } from "#app/features/forms/field.tsx";
import { QUESTION_LIMITS, QUESTION_TYPES, questionFieldName, questionRowCount, type QuestionRowField } from "#app/features/careers/job-questions.ts";

/**
 * The job's questions in its edit form: a row per question and one empty row
 * for the next, all plain form controls, so they work without JavaScript.
 * A save adds the empty row's question (and draws a new empty row); ticking
 * "Remove" drops a question on the next save.
 */
export function JobQuestionsFields({ shown, errors }: { shown: Record<string, string | undefined>; errors: Record<string, string> | undefined }) {
  const rows = questionRowCount(shown);
  const introId = useId();
  return (
    <fieldset className="grid gap-5 border-t border-slate-200 pt-5 sm:col-span-2" aria-describedby={introId}>
      <legend className="mb-2 pt-5 text-base font-semibold text-ink">Questions for candidates</legend>
      <p id={introId} className="-mt-2 text-sm text-slate-700">
        Asked on this job&rsquo;s application form, after the usual fields; up to {QUESTION_LIMITS.perJob}. Fill in the empty row and save to add a question. A
        knockout answer (on a yes-or-no or a list question) marks the application &ldquo;does not meet requirements&rdquo; for you; the candidate is not told.
      </p>
      {Array.from({ length: rows }, (_, index) => (
        <QuestionRow key={index} slot={index + 1} isNew={!(shown[questionFieldName(index + 1, "label")] ?? "").trim()} shown={shown} errors={errors} />
      ))}
    </fieldset>
  );
}

function QuestionRow({
  slot,
  isNew,
  shown,
  errors,
}: {
  slot: number;
  isNew: boolean;
  shown: Record<string, string | undefined>;
  errors: Record<string, string> | undefined;
}) {
  const name = (field: QuestionRowField) => questionFieldName(slot, field);
  const value = (field: QuestionRowField) => shown[name(field)] ?? "";
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-300 p-4 sm:grid-cols-2" data-testid={`question-row-${slot}`}>
      <legend className="px-1 text-sm font-semibold text-ink">{isNew ? `New question (question ${slot})` : `Question ${slot}`}</legend>
      <Field name={name("label")} label="Question" wide error={errors?.[name("label")]} hint={isNew ? "Leave it empty to add no question." : undefined}>
        {(props) => <input {...props} defaultValue={value("label")} maxLength={QUESTION_LIMITS.label} autoComplete="off" />}
      </Field>
      <Field name={name("type")} label="Kind of answer" error={errors?.[name("type")]}>
        {(props) => (
          <select {...props} defaultValue={value("type") || "short-text"}>
            {Object.entries(QUESTION_TYPES).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex items-end">
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
          <input type="checkbox" name={name("required")} defaultChecked={value("required") === "on"} className="size-5" />
          Candidates must answer it
        </label>
      </div>
      <Field
        name={name("choices")}
        label="Choices"
        wide
        hint={`For "One of a list": one choice a line, 2 to ${QUESTION_LIMITS.choices}.`}
        error={errors?.[name("choices")]}
      >
        {(props) => <textarea {...props} rows={3} defaultValue={value("choices")} />}
      </Field>
      <Field
        name={name("knockout")}
        label="Knockout answer"
        wide
        hint='Only for "Yes or no" (write Yes or No) or "One of a list" (write one of the choices).'
        error={errors?.[name("knockout")]}
      >
        {(props) => <input {...props} defaultValue={value("knockout")} maxLength={QUESTION_LIMITS.choice} autoComplete="off" />}
      </Field>
      <Field name={name("min")} label="Lowest number" hint='Only for "A number".' error={errors?.[name("min")]}>
        {(props) => <input {...props} defaultValue={value("min")} inputMode="decimal" autoComplete="off" />}
      </Field>
      <Field name={name("max")} label="Highest number" hint='Only for "A number".' error={errors?.[name("max")]}>
        {(props) => <input {...props} defaultValue={value("max")} inputMode="decimal" autoComplete="off" />}
      </Field>
      {isNew ? null : (
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink sm:col-span-2">
          <input type="checkbox" name={name("remove")} defaultChecked={value("remove") === "on"} className="size-5" />
          Remove this question when saving
        </label>
      )}
    </fieldset>
  );
}
