import { Field } from "#app/features/forms/field.tsx";
import { formatJobType, SALARY_PERIODS, WORKPLACES } from "#app/features/careers/job-format.ts";
import { CURRENCIES, JOB_FORM_MAX_BYTES, JOB_LIMITS, JOB_TYPES } from "#app/features/staff/jobs/job-rules.ts";
import { RichTextField } from "#app/features/staff/rich-text/rich-text-field.tsx";
import { ContentForm } from "#app/features/staff/publishing/content-form.tsx";
import { emptySeoForm, seoFormLabels } from "#app/features/seo/seo-fields.ts";
import { SeoFields, type PublicItemFormProps, type SeoFormValues } from "#app/features/staff/publishing/seo-fields-form.tsx";
import { questionFormFields, questionMultilineFields, QUESTION_SLOTS, questionFieldName, type QuestionRowField } from "#app/features/careers/job-questions.ts";
import { JobQuestionsFields } from "#app/features/staff/jobs/job-questions-form.tsx";

/** The job's fields as the form shows them (strings, as typed); a question's row fields only for the rows there are. */
export type JobFormValues = Record<
  "title" | "department" | "jobType" | "location" | "workplace" | "salaryMin" | "salaryMax" | "salaryCurrency" | "salaryPeriod" | "closesAt" | "description",
  string
> &
  SeoFormValues &
  Record<`q${number}-${QuestionRowField}`, string>;

export const emptyJobForm: JobFormValues = {
  title: "",
  department: "",
  jobType: "",
  location: "",
  workplace: "on-site",
  salaryMin: "",
  salaryMax: "",
  salaryCurrency: "",
  salaryPeriod: "YEAR",
  closesAt: "",
  description: "",
  ...emptySeoForm,
};

/** "Question 3", "Question 3: choices": how a refusal of the post names a question's field. */
function questionFieldLabels(): Record<string, string> {
  const words: Record<QuestionRowField, string> = {
    label: "",
    type: ": kind of answer",
    required: ": required",
    choices: ": choices",
    knockout: ": knockout answer",
    min: ": lowest number",
    max: ": highest number",
    remove: ": remove",
  };
  return Object.fromEntries(
    QUESTION_SLOTS.flatMap((slot) =>
      Object.entries(words).map(([field, word]) => [questionFieldName(slot, field as QuestionRowField), `Question ${slot}${word}`]),
    ),
  );
}

const jobFormLabels: Record<string, string> = {
  title: "Job title",
  department: "Department",
  jobType: "Job type",
  location: "Location",
  workplace: "Workplace",
  salaryMin: "Lowest salary",
  salaryMax: "Highest salary",
  salaryCurrency: "Currency",
  salaryPeriod: "Salary period",
  closesAt: "Closing date",
  description: "Description",
  ...seoFormLabels,
  ...questionFieldLabels(),
  intent: "Action",
  revision: "Revision",
};

/** How the server reads this form (the staff form pipeline's rules), for the new-job and edit pages alike. */
export const jobFormRules = {
  name: "staff-job",
  fields: [...Object.keys(emptyJobForm), ...questionFormFields, "removeSocialImage", "intent", "revision"],
  labels: jobFormLabels,
  multiline: ["description", ...questionMultilineFields],
  maxBytes: JOB_FORM_MAX_BYTES,
};

/**
 * Create and edit a job. Without JavaScript it is a plain form and the
 * description is HTML in a text area; with it, a rich-text editor. The
 * server sanitises the HTML on save either way.
 */
export function JobForm({ values, revision, answer, submitLabel, draftLabel, numberPath = null, socialImage = null }: PublicItemFormProps<JobFormValues>) {
  return (
    <ContentForm values={values} revision={revision} answer={answer} submitLabel={submitLabel} draftLabel={draftLabel} multipart>
      {(shown, errors) => (
        <>
          <Field name="title" label="Job title" required wide error={errors?.title}>
            {(props) => <input {...props} defaultValue={shown.title} maxLength={JOB_LIMITS.title} autoComplete="off" />}
          </Field>
          <Field name="department" label="Department" error={errors?.department}>
            {(props) => <input {...props} defaultValue={shown.department} maxLength={JOB_LIMITS.department} autoComplete="off" />}
          </Field>
          <Field name="jobType" label="Job type" required error={errors?.jobType}>
            {(props) => (
              <select {...props} defaultValue={shown.jobType}>
                <option value="" disabled>
                  Choose a job type
                </option>
                {JOB_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {formatJobType(type)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="location" label="Location" hint='City and country, e.g. "Pune, India".' error={errors?.location}>
            {(props) => <input {...props} defaultValue={shown.location} maxLength={JOB_LIMITS.location} autoComplete="off" />}
          </Field>
          <Field name="workplace" label="Workplace" required error={errors?.workplace}>
            {(props) => (
              <select {...props} defaultValue={shown.workplace}>
                {Object.entries(WORKPLACES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-4">
            <legend className="mb-2 text-sm font-semibold text-ink">
              Salary range <span className="font-normal text-slate-600">(optional; shown on the job page and to job search engines)</span>
            </legend>
            <Field name="salaryMin" label="Lowest salary" error={errors?.salaryMin}>
              {(props) => <input {...props} defaultValue={shown.salaryMin} inputMode="numeric" autoComplete="off" />}
            </Field>
            <Field name="salaryMax" label="Highest salary" error={errors?.salaryMax}>
              {(props) => <input {...props} defaultValue={shown.salaryMax} inputMode="numeric" autoComplete="off" />}
            </Field>
            <Field name="salaryCurrency" label="Currency" error={errors?.salaryCurrency}>
              {(props) => (
                <select {...props} defaultValue={shown.salaryCurrency}>
                  <option value="">No salary shown</option>
                  {CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="salaryPeriod" label="Salary period" error={errors?.salaryPeriod}>
              {(props) => (
                <select {...props} defaultValue={shown.salaryPeriod}>
                  {Object.entries(SALARY_PERIODS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </fieldset>
          <Field
            name="closesAt"
            label="Closing date"
            hint="The job closes by itself at the end of this day (UTC). Leave empty to keep it open until you close it."
            error={errors?.closesAt}
          >
            {(props) => <input {...props} type="date" defaultValue={shown.closesAt} />}
          </Field>
          <RichTextField
            name="description"
            label="Description"
            hint="Headings (levels 2 to 4), paragraphs, lists, links, bold and italic. Anything else in the HTML is removed when you save."
            error={errors?.description}
            defaultValue={shown.description}
            maxLength={JOB_LIMITS.description}
          />
          <JobQuestionsFields shown={shown} errors={errors} />
          <SeoFields
            shown={shown}
            errors={errors}
            addressBase="/careers/"
            numberPath={numberPath}
            titleFallback="the job title"
            descriptionFallback="the description's opening words"
            socialImage={socialImage}
          />
        </>
      )}
    </ContentForm>
  );
}
