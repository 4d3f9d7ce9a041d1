import { formatMoney } from "#app/features/money-format.ts";

/**
 * How a job's fields read on the page (spec §2 "Job detail"). Shared by the
 * server mapper and the listing, so the same value always reads the same way.
 */
export const NOT_SPECIFIED = "Not specified";
export const DATE_NOT_AVAILABLE = "Date not available";
export const NO_DESCRIPTION = "No description available for this position.";

/** "full-time" → "Full-time"; empty → "Not specified". */
export function formatJobType(jobType: string | null | undefined): string {
  const value = (jobType ?? "").trim();
  return value === "" ? NOT_SPECIFIED : value.charAt(0).toUpperCase() + value.slice(1);
}

// Formatters are costly to create and job pages format dates and pay on every render: one per process, not per call.
const postedDateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/**
 * "January 5, 2025". In UTC, so a date stored as midnight reads as that day
 * wherever the server runs.
 */
export function formatPostedDate(date: Date | string | null | undefined): string {
  if (date === null || date === undefined || date === "") return DATE_NOT_AVAILABLE;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return DATE_NOT_AVAILABLE;
  return postedDateFormat.format(value);
}

/** Where the work is done, as the job page and the staff form name it. */
export const WORKPLACES = { "on-site": "On-site", hybrid: "Hybrid", remote: "Remote" } as const;

/** schema.org QuantitativeValue unitText values, as Google reads them, and how the page says them. */
export const SALARY_PERIODS = { YEAR: "per year", MONTH: "per month", HOUR: "per hour" } as const;

/** "₹12,00,000 – ₹18,00,000 per year", each amount in its currency's own style; null when no salary is given. */
export function formatSalary(job: {
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
}): string | null {
  if (!job.salaryCurrency || (job.salaryMin === null && job.salaryMax === null)) return null;
  const currency = job.salaryCurrency;
  const amount = (value: number) => formatMoney(value, currency);
  const range =
    job.salaryMin !== null && job.salaryMax !== null && job.salaryMin !== job.salaryMax
      ? `${amount(job.salaryMin)} – ${amount(job.salaryMax)}`
      : job.salaryMin !== null && job.salaryMax === null
        ? `from ${amount(job.salaryMin)}`
        : job.salaryMin === null && job.salaryMax !== null
          ? `up to ${amount(job.salaryMax)}`
          : amount(job.salaryMin!);
  const period = job.salaryPeriod ? SALARY_PERIODS[job.salaryPeriod as keyof typeof SALARY_PERIODS] : undefined;
  return `${range}${period ? ` ${period}` : ""}`;
}

/** "On-site", "Hybrid", "Remote"; null when not set. */
export function formatWorkplace(workplace: string | null): string | null {
  return workplace ? (WORKPLACES[workplace as keyof typeof WORKPLACES] ?? null) : null;
}
