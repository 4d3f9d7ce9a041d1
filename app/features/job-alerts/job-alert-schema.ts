import { WORKPLACES } from "#app/features/careers/job-format.ts";
import { parseNewsletter, type NewsletterIssue } from "#app/features/newsletter/newsletter-schema.ts";

/*
 * The job-alert form's fields and rules, shared by the browser and the
 * server. The address and consent follow the newsletter's rules; the picks are
 * checkboxes, one field each (a form post keeps a field's first value only).
 */

export const JOB_ALERT_ACTION = "/careers/alerts";
export const MAX_ALERT_DEPARTMENTS = 20;
export const MAX_DEPARTMENT_LENGTH = 200;

export const departmentField = (index: number) => `department-${index}`;
export const workplaceField = (workplace: string) => `workplace-${workplace}`;
export const DEPARTMENT_FIELDS = Array.from({ length: MAX_ALERT_DEPARTMENTS }, (_, index) => departmentField(index));
export const WORKPLACE_VALUES = Object.keys(WORKPLACES) as (keyof typeof WORKPLACES)[];

export const JOB_ALERT_SUCCESS_MESSAGE = "Your job alert is almost set up.";
export const JOB_ALERT_CONFIRM_NEEDED_MESSAGE = "Please check your inbox for the confirmation link: alerts start once you open it.";
export const JOB_ALERT_FAILURE_MESSAGE = "Error setting up the job alert. Please try again later.";

export type JobAlertInput = { email: string; departments: string[]; workplaces: string[] };

/** The post as stored (address normalised, picks trimmed and deduplicated), or its first problem. */
export function parseJobAlert(values: Record<string, string | undefined>): { ok: true; input: JobAlertInput } | { ok: false; issue: NewsletterIssue } {
  const parsed = parseNewsletter({ consent: values.consent, email: values.email });
  if (!parsed.ok) return parsed;
  const departments = [
    ...new Set(DEPARTMENT_FIELDS.map((field) => (values[field] ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_DEPARTMENT_LENGTH)).filter(Boolean)),
  ];
  const workplaces = WORKPLACE_VALUES.filter((workplace) => values[workplaceField(workplace)]);
  return { ok: true, input: { email: parsed.input.email, departments, workplaces } };
}
