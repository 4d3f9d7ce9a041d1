import { Form } from "react-router";
import type { Route } from "./+types/staff.retention";
import { Field } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import {
  MAX_RETENTION_MONTHS,
  RENEWAL_NOTICE_DAYS,
  monthsText,
  readRetentionForm,
  retentionFields,
  retentionLabels,
  type RetentionField,
} from "#app/features/retention/retention-periods.ts";
import { applyRetention, readRetention, saveRetention } from "#app/features/retention/retention.server.ts";
import { answerRejection, formError, readStaffForm, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "retention");
  const retention = await readRetention((await servicesOf(context)).db);
  return { ...retention, changedAt: retention.changedAt?.toISOString() ?? null };
}

const countText = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "retention");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "retention",
      fields: ["intent", "revision", ...retentionFields],
      labels: { intent: "Action", revision: "Revision", ...retentionLabels },
    });
    if (values.intent === "apply") {
      const run = await applyRetention(services);
      if (run.notices > 0) services.outbox.nudge();
      return {
        status: "success",
        messages: [
          `Retention applied: ${countText(run.applications, "application", "applications")} and ${countText(run.consultations, "consultation request", "consultation requests")} anonymised, ${countText(run.notices, "candidate", "candidates")} asked to renew their consent.`,
        ],
      } satisfies FormAnswer;
    }
    if (values.intent !== "save") return unknownIntent();
    const input = readRetentionForm(values);
    if (!input.ok) return formError(400, input.message, input.errors, values);
    const revision = Number(values.revision);
    if (!Number.isInteger(revision) || !(await saveRetention(services.db, input.periods, revision, user, clientAddressOf(context)))) {
      return formError(409, "Someone saved the periods after you opened this page. Reload it to see theirs, then save again.", undefined, values);
    }
    return {
      status: "success",
      messages: [
        `Saved: applications are kept ${monthsText(input.periods.applicationMonths)} after their job closes, lost and spam requests ${monthsText(input.periods.consultationMonths)}. The privacy policy says so now.`,
      ],
    } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

const fieldHints: Record<RetentionField, string> = {
  applicationMonths: `Whole months, 0 to ${MAX_RETENTION_MONTHS}. Counted from the job's closing; an application for no particular job, from when it arrived.`,
  consultationMonths: `Whole months, 0 to ${MAX_RETENTION_MONTHS}. Other consultation requests are not touched.`,
};

export const meta: Route.MetaFunction = () => staffMeta("Data retention");

export default function RetentionPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.status === "error" ? actionData.fields : undefined;
  const typed = actionData?.status === "error" ? actionData.values : undefined;
  const shown = (field: RetentionField) => typed?.[field] ?? String(loaderData.periods[field]);
  return (
    <>
      <PageHeading title="Data retention">
        How long applicants&apos; and lost leads&apos; personal data is kept. When a period ends, the record is anonymised: names, contact details, answers and
        files go; the stage, dates and source stay for the figures. The privacy policy states these periods. Candidates who asked to be kept in mind for future
        roles are emailed {RENEWAL_NOTICE_DAYS} days before.
        {loaderData.changedAt ? (
          <>
            {" "}
            Last saved <LocalTime value={loaderData.changedAt} />.
          </>
        ) : (
          " Nobody has saved them yet: these are the defaults."
        )}
      </PageHeading>
      <FormNotice answer={actionData} />
      <Form method="post" className="mb-8 grid max-w-2xl gap-5 rounded-xl border border-slate-300 bg-white p-5">
        <input type="hidden" name="revision" value={loaderData.revision} />
        {retentionFields.map((field) => (
          <Field key={field} name={field} label={retentionLabels[field]} required wide hint={fieldHints[field]} error={errors?.[field]}>
            {(props) => <input {...props} type="number" inputMode="numeric" min={0} max={MAX_RETENTION_MONTHS} step={1} defaultValue={shown(field)} />}
          </Field>
        ))}
        <div>
          <button type="submit" name="intent" value="save" className={buttonClass}>
            Save periods
          </button>
        </div>
      </Form>
      <Form method="post" className="max-w-2xl">
        <p className="mb-3">The server applies the periods every hour. To apply them now, after shortening one:</p>
        <button type="submit" name="intent" value="apply" className={secondaryButtonClass}>
          Apply retention now
        </button>
      </Form>
    </>
  );
}
