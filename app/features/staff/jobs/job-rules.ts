import { singleLine } from "#app/features/forms/text-rules.ts";
import { readSeoInput, type SeoInput } from "#app/features/seo/seo-fields.ts";
import { SALARY_PERIODS, WORKPLACES } from "#app/features/careers/job-format.ts";
import { readQuestionRows, type JobQuestion } from "#app/features/careers/job-questions.ts";

/*
 * What a job posting may hold, for the staff form and the server that checks
 * it: one source for the choices and the limits.
 */

export const JOB_TYPES = ["full-time", "part-time", "contract", "internship"] as const;
export type JobType = (typeof JOB_TYPES)[number];

export type Workplace = keyof typeof WORKPLACES;

/** ISO 4217 codes offered for a salary range. */
export const CURRENCIES = ["INR", "USD", "EUR", "GBP", "AED", "SGD", "AUD", "CAD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export type SalaryPeriod = keyof typeof SALARY_PERIODS;

export const JOB_LIMITS = {
  title: 120,
  department: 80,
  location: 120,
  /** Characters of HTML after sanitising. */
  description: 60_000,
  salary: 100_000_000,
} as const;

export type JobInput = {
  title: string;
  department: string | null;
  jobType: JobType;
  location: string | null;
  workplace: Workplace;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: Currency | null;
  salaryPeriod: SalaryPeriod | null;
  /** The last moment applications are taken (end of the chosen day, UTC), or none. */
  closesAt: Date | null;
  /** Raw HTML as typed; the server sanitises it before it is stored. */
  description: string;
  /** What candidates are asked besides the form's own fields, in order. */
  questions: JobQuestion[];
  /** The address and search-engine fields; absent keeps them as they are. */
  seo?: SeoInput;
};

/** A sentence per form field that is wrong (the search-engine fields among them). */
export type JobFieldErrors = Record<string, string>;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | null => values.find((v) => v === value) ?? null;

function amount(value: string | undefined): number | null | "invalid" {
  const text = (value ?? "").replace(/[\s,]/g, "");
  if (text === "") return null;
  if (!/^\d{1,9}$/.test(text)) return "invalid";
  const number = Number(text);
  return number <= JOB_LIMITS.salary ? number : "invalid";
}

/** "2026-12-31" → the end of that day (UTC); "" → none; anything else → "invalid". */
export function closingDateFrom(value: string | undefined): Date | null | "invalid" {
  const text = (value ?? "").trim();
  if (text === "") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return "invalid";
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999));
  return date.toISOString().startsWith(text) ? date : "invalid";
}

/** The closing date as the form's date field shows it. */
export const closingDateValue = (date: Date | null): string => (date ? date.toISOString().slice(0, 10) : "");

/** The form's values as a job, or a sentence per field that is wrong. */
export function readJobInput(values: Record<string, string>): { ok: true; input: JobInput } | { ok: false; errors: JobFieldErrors } {
  const errors: JobFieldErrors = {};
  const title = singleLine(values.title);
  if (!title) errors.title = "Enter the job title.";
  else if (title.length > JOB_LIMITS.title) errors.title = `Keep the title to ${JOB_LIMITS.title} characters.`;
  const department = singleLine(values.department);
  if (department.length > JOB_LIMITS.department) errors.department = `Keep the department to ${JOB_LIMITS.department} characters.`;
  const location = singleLine(values.location);
  if (location.length > JOB_LIMITS.location) errors.location = `Keep the location to ${JOB_LIMITS.location} characters.`;
  const jobType = oneOf(JOB_TYPES, values.jobType);
  if (!jobType) errors.jobType = "Choose the job type.";
  const workplace = oneOf(Object.keys(WORKPLACES) as Workplace[], values.workplace);
  if (!workplace) errors.workplace = "Choose where the work is done.";

  const salaryMin = amount(values.salaryMin);
  const salaryMax = amount(values.salaryMax);
  if (salaryMin === "invalid") errors.salaryMin = "Enter the lowest salary as a whole number, or leave it empty.";
  if (salaryMax === "invalid") errors.salaryMax = "Enter the highest salary as a whole number, or leave it empty.";
  const hasSalary = (salaryMin !== null && salaryMin !== "invalid") || (salaryMax !== null && salaryMax !== "invalid");
  if (typeof salaryMin === "number" && typeof salaryMax === "number" && salaryMax < salaryMin) {
    errors.salaryMax = "The highest salary cannot be below the lowest.";
  }
  const salaryCurrency = oneOf(CURRENCIES, values.salaryCurrency);
  const salaryPeriod = oneOf(Object.keys(SALARY_PERIODS) as SalaryPeriod[], values.salaryPeriod);
  if (hasSalary && !salaryCurrency) errors.salaryCurrency = "Choose the salary's currency.";
  if (hasSalary && !salaryPeriod) errors.salaryPeriod = "Choose whether the salary is per year, month or hour.";

  const closesAt = closingDateFrom(values.closesAt);
  if (closesAt === "invalid") errors.closesAt = "Enter the closing date as a date, or leave it empty.";

  const description = (values.description ?? "").trim();
  if (description.length > JOB_LIMITS.description)
    errors.description = `Keep the description to ${JOB_LIMITS.description.toLocaleString("en-US")} characters of HTML.`;

  const seo = readSeoInput(values);
  if (!seo.ok) Object.assign(errors, seo.errors);
  const questions = readQuestionRows(values);
  if (!questions.ok) Object.assign(errors, questions.errors);

  if (
    !seo.ok ||
    !questions.ok ||
    Object.keys(errors).length > 0 ||
    !jobType ||
    !workplace ||
    salaryMin === "invalid" ||
    salaryMax === "invalid" ||
    closesAt === "invalid"
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    input: {
      title,
      department: department || null,
      jobType,
      location: location || null,
      workplace,
      salaryMin,
      salaryMax,
      salaryCurrency: hasSalary ? salaryCurrency : null,
      salaryPeriod: hasSalary ? salaryPeriod : null,
      closesAt,
      description,
      questions: questions.questions,
      seo: seo.input,
    },
  };
}

/** A description of 60,000 characters with room for the other fields and multipart framing. */
export const JOB_FORM_MAX_BYTES = 256 * 1024;
