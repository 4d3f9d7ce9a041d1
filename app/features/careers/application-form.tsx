import {
  APPLICATION_FAILED_MESSAGE,
  applicationErrors,
  applicationFieldLabels,
  applicationFieldLimits,
  applicationFields,
  applicationSchema,
  FUTURE_ROLES_VALUE,
  MAX_YEARS,
  MIN_YEARS,
  RESUME_ACCEPT,
  RESUME_FIELD,
  resumeProblem,
  type ApplicationErrorField,
  type ApplicationField,
  type ApplicationFieldErrors,
  type ApplicationResult,
} from "#app/features/careers/application-schema.ts";
import { ConsentField, Field, inputClass, SubmitButton, useFieldId } from "#app/features/forms/field.tsx";
import { AttributionFields } from "#app/features/attribution/attribution-fields.tsx";
import { HoneypotField, IdempotencyKeyField } from "#app/features/forms/form-guards.tsx";
import { CONSENT_VALUE } from "#app/features/forms/form-rules.ts";
import { useFormSubmission, type ClientProblem } from "#app/features/forms/use-form-submission.ts";
import { JobQuestionFields } from "#app/features/careers/job-question-fields.tsx";
import { answerFormFields, readAnswers, type AnswerField, type JobQuestion } from "#app/features/careers/job-questions.ts";

type ApplicationFormProps = {
  /** Where the form posts: this page, keeping its ?pos=. */
  action: string;
  labelledBy?: string;
  /** For a server render after a post without JavaScript: the values to keep and the answer to show. */
  defaultValues?: Partial<Record<ApplicationField | AnswerField, string>>;
  result?: ApplicationResult;
  /** The chosen job's own questions, asked after the usual fields; none for a job without them or a general application. */
  questions?: readonly JobQuestion[];
  /** Which questions these are, as the server checks it. */
  questionSet?: string;
};

type FormField = ApplicationErrorField | AnswerField;

const errorOrder: FormField[] = [
  "fullName",
  "email",
  "phone",
  "position",
  RESUME_FIELD,
  "portfolioUrl",
  "yearsExperience",
  "coverLetter",
  ...answerFormFields,
  "futureRoles",
  "consent",
];

/** The browser's check before posting: the schema's rules, the job's questions and a quick look at the resume. */
function checkApplication(data: FormData, questions: readonly JobQuestion[]): ClientProblem<FormField> | null {
  const values = Object.fromEntries(applicationFields.map((field) => [field, data.get(field) ?? undefined]));
  const parsed = applicationSchema.safeParse(values);
  const found: Partial<Record<FormField, string>> = parsed.success ? {} : (applicationErrors(parsed.error.issues) as ApplicationFieldErrors);
  const resume = data.get(RESUME_FIELD);
  const problem = resumeProblem(typeof resume === "string" ? null : resume);
  if (problem) found.resume = problem;
  const answers = readAnswers(questions, Object.fromEntries(answerFormFields.map((field) => [field, data.get(field)?.toString()])));
  if (!answers.ok) Object.assign(found, answers.errors);
  const first = errorOrder.find((field) => found[field]);
  if (!first) return null;
  const question = answerFormFields.indexOf(first as AnswerField);
  return { message: question >= 0 ? `${questions[question]?.label}: ${found[first]}` : found[first]!, fields: found };
}

const focusConfirmation = () => document.getElementById("application-confirmation")?.focus();

/**
 * The job application: posts multipart through a fetcher so the answer shows
 * as toasts and a confirmation with the reference; without JavaScript it is a
 * plain post that draws this page again with the same texts.
 */
export function ApplicationForm({ action, labelledBy, defaultValues, result: serverResult, questions = [], questionSet = "" }: ApplicationFormProps) {
  const { fetcher, hydrated, busy, answer, errors, setErrors, submitRef, formProps } = useFormSubmission<FormField, { reference: string }>({
    serverAnswer: serverResult,
    fallbackMessage: APPLICATION_FAILED_MESSAGE,
    fieldOrder: errorOrder,
    check: (data) => checkApplication(data, questions),
    toasts: true,
    onSuccess: focusConfirmation,
  });
  // A bot's answer (the honeypot) has no messages and gets no confirmation.
  const confirmation = answer?.status === "success" && answer.messages.length > 0 ? answer.reference : null;
  const noJsError = !hydrated && answer?.status === "error" ? answer : undefined;
  const field = (name: ApplicationErrorField) => ({ name, label: applicationFieldLabels[name], error: errors[name] });

  return (
    <>
      {confirmation ? <Confirmation reference={confirmation} /> : null}
      <fetcher.Form
        {...formProps}
        action={action}
        encType="multipart/form-data"
        aria-labelledby={labelledBy}
        onChange={(event) => {
          formProps.onChange(event);
          const target = event.target as unknown;
          if (target instanceof HTMLInputElement && target.type === "file") {
            const problem = target.files?.[0] ? resumeProblem(target.files[0]) : null;
            if (problem) setErrors((current) => ({ ...current, resume: problem }));
          }
        }}
        className="grid grid-cols-1 gap-x-5 gap-y-5 sm:grid-cols-2"
      >
        <p className="text-sm text-slate-600 sm:col-span-2">Fields marked with an asterisk (*) are required.</p>
        {noJsError ? (
          <p role="alert" className="rounded-lg border border-red-600 bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2">
            {noJsError.message}
            {noJsError.fields?.resume ? null : " Please attach your resume again."}
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
          {(props) => (
            <input
              {...props}
              type="url"
              inputMode="url"
              autoComplete="url"
              maxLength={applicationFieldLimits.portfolioUrl}
              defaultValue={defaultValues?.portfolioUrl}
            />
          )}
        </Field>
        <Field {...field("yearsExperience")}>
          {(props) => (
            <input {...props} type="number" inputMode="numeric" min={MIN_YEARS} max={MAX_YEARS} step={1} defaultValue={defaultValues?.yearsExperience} />
          )}
        </Field>
        <Field {...field("coverLetter")} wide hint={`Optional, up to ${applicationFieldLimits.coverLetter} characters.`}>
          {(props) => (
            <textarea
              {...props}
              rows={6}
              maxLength={applicationFieldLimits.coverLetter}
              defaultValue={defaultValues?.coverLetter}
              className={`${inputClass} min-h-36 resize-y`}
            />
          )}
        </Field>
        <JobQuestionFields questions={questions} questionSet={questionSet} values={defaultValues} errors={errors} />
        <FutureRolesField defaultChecked={defaultValues?.futureRoles === FUTURE_ROLES_VALUE} />
        <ConsentField
          purpose="the processing of my application data for recruitment."
          error={errors.consent}
          defaultChecked={defaultValues?.consent === CONSENT_VALUE}
        />

        <HoneypotField />

        <AttributionFields />
        <IdempotencyKeyField renewOn={fetcher.data} />

        <SubmitButton ref={submitRef} busy={busy} label="Submit Application" />
      </fetcher.Form>
    </>
  );
}

/** Optional, unticked by default: the candidate's consent to be kept on file after this job, which retention asks to renew (decision 077). */
function FutureRolesField({ defaultChecked }: { defaultChecked: boolean }) {
  const id = useFieldId("futureRoles");
  return (
    <div className="sm:col-span-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="futureRoles"
          value={FUTURE_ROLES_VALUE}
          defaultChecked={defaultChecked}
          aria-describedby={`${id}-hint`}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          Keep me in mind for future roles
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 ml-8 text-sm text-slate-700">
        Optional. Before we delete your application we will email you to ask again.
      </p>
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
        Your reference number is <strong data-testid="application-reference">{reference}</strong>. Please quote it if you contact us. We have sent a
        confirmation to your email address and will reply within a week.
      </p>
    </div>
  );
}
