import { WORKPLACES } from "#app/features/careers/job-format.ts";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import type { ClientProblem } from "#app/features/forms/use-form-submission.ts";
import {
  departmentField,
  JOB_ALERT_ACTION,
  JOB_ALERT_FAILURE_MESSAGE,
  MAX_ALERT_DEPARTMENTS,
  parseJobAlert,
  WORKPLACE_VALUES,
  workplaceField,
} from "#app/features/job-alerts/job-alert-schema.ts";
import { ListSignUpForm, type ListSignUpField } from "#app/features/mail-lists/list-sign-up-form.tsx";

type JobAlertFormProps = {
  /** Distinguishes the ids when a page draws the form more than once. */
  id: string;
  /** The departments to pick from, as the listing names them. */
  departments: readonly string[];
  /** Picked at first: the listing's current filters. */
  picked?: { department?: string; workplace?: string };
  /** For a server render after a post without JavaScript. */
  result?: FormAnswer;
  defaultEmail?: string;
};

function checkJobAlert(data: FormData): ClientProblem<ListSignUpField> | null {
  const parsed = parseJobAlert({ consent: data.get("consent")?.toString(), email: data.get("email")?.toString() });
  return parsed.ok ? null : { message: parsed.issue.message, fields: { [parsed.issue.field]: parsed.issue.message } };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Subscribing to new jobs by email, with the picks that narrow it down (none:
 * every new job), posted to /careers/alerts.
 */
export function JobAlertForm({ id, departments, picked = {}, result, defaultEmail }: JobAlertFormProps) {
  const shown = departments.slice(0, MAX_ALERT_DEPARTMENTS);

  return (
    <ListSignUpForm
      id={id}
      action={JOB_ALERT_ACTION}
      label="Job alert"
      theme="light"
      check={checkJobAlert}
      fallbackMessage={JOB_ALERT_FAILURE_MESSAGE}
      submitLabel="Email me new jobs"
      busyLabel="Setting up…"
      placeholder="you@example.com"
      consentNote="At most one email a day; unsubscribe with one click."
      defaultEmail={defaultEmail}
      result={result}
    >
      {shown.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold">Departments (none ticked: all)</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {shown.map((department, index) => (
              <label key={department} className="inline-flex min-h-11 items-center gap-2 sm:min-h-0">
                <input
                  type="checkbox"
                  name={departmentField(index)}
                  value={department}
                  defaultChecked={picked.department ? sameName(picked.department, department) : false}
                  className="size-5 accent-brand-700"
                />
                {department}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <fieldset>
        <legend className="text-sm font-semibold">Workplace (none ticked: all)</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {WORKPLACE_VALUES.map((workplace) => (
            <label key={workplace} className="inline-flex min-h-11 items-center gap-2 sm:min-h-0">
              <input
                type="checkbox"
                name={workplaceField(workplace)}
                value="on"
                defaultChecked={picked.workplace === workplace}
                className="size-5 accent-brand-700"
              />
              {WORKPLACES[workplace]}
            </label>
          ))}
        </div>
      </fieldset>
    </ListSignUpForm>
  );
}
