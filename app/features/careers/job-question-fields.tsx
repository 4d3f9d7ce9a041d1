import { Field, FieldError, inputClass, useFieldId } from "#app/features/forms/field.tsx";
import {
  answerFieldName,
  answerMaxLength,
  numberRangeText,
  QUESTION_LIMITS,
  QUESTION_SET_FIELD,
  type JobQuestion,
} from "#app/features/careers/job-questions.ts";

/**
 * The chosen job's own questions on the application form, after its usual
 * fields: plain controls with their labels, required marks and the server's
 * sentences, so they work without JavaScript. `questionSet` tells the server
 * which questions were shown.
 */
export function JobQuestionFields({
  questions,
  questionSet,
  values,
  errors,
}: {
  questions: readonly JobQuestion[];
  questionSet: string;
  values?: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
}) {
  if (questions.length === 0) return null;
  return (
    <div className="grid gap-5 sm:col-span-2" data-testid="job-questions">
      <h2 className="text-lg font-semibold text-ink">Questions about this role</h2>
      <input type="hidden" name={QUESTION_SET_FIELD} value={questionSet} />
      {questions.map((question, index) => {
        const name = answerFieldName(index + 1);
        return <QuestionField key={name} name={name} question={question} value={values?.[name] ?? ""} error={errors[name]} />;
      })}
    </div>
  );
}

function QuestionField({ name, question, value, error }: { name: string; question: JobQuestion; value: string; error?: string }) {
  const common = { name, label: question.label, required: question.required, error, wide: true };
  switch (question.type) {
    case "yes-no":
      return <YesNoField name={name} question={question} value={value} error={error} />;
    case "choice":
      return (
        <Field {...common}>
          {(props) => (
            <select {...props} defaultValue={value}>
              <option value="">Choose an answer</option>
              {question.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    case "long-text":
      return (
        <Field {...common} hint={`Up to ${QUESTION_LIMITS.longText.toLocaleString("en-US")} characters.`}>
          {(props) => (
            <textarea {...props} rows={5} maxLength={answerMaxLength("long-text")} defaultValue={value} className={`${inputClass} min-h-32 resize-y`} />
          )}
        </Field>
      );
    case "number":
      return (
        <Field {...common} hint={`${numberRangeText(question).replace(/^a/, "A")}.`}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="decimal"
              step="any"
              min={question.min ?? -QUESTION_LIMITS.number}
              max={question.max ?? QUESTION_LIMITS.number}
              defaultValue={value}
            />
          )}
        </Field>
      );
    case "link":
      return (
        <Field {...common} hint="A full web address, for example https://www.example.com/your-work">
          {(props) => <input {...props} type="url" inputMode="url" autoComplete="url" maxLength={answerMaxLength("link")} defaultValue={value} />}
        </Field>
      );
    case "short-text":
      return <Field {...common}>{(props) => <input {...props} type="text" maxLength={answerMaxLength("short-text")} defaultValue={value} />}</Field>;
  }
}

/** Yes or no as two radio buttons in a fieldset named by the question. */
function YesNoField({ name, question, value, error }: { name: string; question: JobQuestion; value: string; error?: string }) {
  const id = useFieldId(name);
  const checked = value.toLowerCase();
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 block text-sm font-semibold text-ink">
        {question.label}
        {question.required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : (
          <span className="font-normal text-slate-600"> (optional)</span>
        )}
      </legend>
      <div className="flex gap-6">
        {(["yes", "no"] as const).map((answer) => (
          <label key={answer} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              id={answer === "yes" ? id : `${id}-no`}
              name={name}
              value={answer}
              defaultChecked={checked === answer}
              required={question.required || undefined}
              className="size-5"
            />
            {answer === "yes" ? "Yes" : "No"}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
