import { Form, Link } from "react-router";
import type { Route } from "./+types/staff.campaigns.digest";
import {
  digestDueTimes,
  digestFields,
  digestLabels,
  digestValues,
  digestWeekdays,
  LAST_MONTH_DAY,
  readDigestForm,
} from "#app/features/campaigns/digest-schedule.ts";
import { readDigestSchedule, recentDigests, saveDigestSchedule } from "#app/features/campaigns/insight-digest.server.ts";
import { Field, FieldError } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { formatStaffTime } from "#app/features/staff/staff-time.tsx";
import { ListRow, ListTable } from "#app/features/staff/table-ui.tsx";
import { BackLink, FormNotice, PageHeading, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The last few periods are enough to see that it works; every digest is in the campaign list. */
const SHOWN_DIGESTS = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "campaigns");
  const { db } = await servicesOf(context);
  const [schedule, { timeZone }, digests] = await Promise.all([readDigestSchedule(db), readBusinessHours(db), recentDigests(db, SHOWN_DIGESTS)]);
  // Times are told in the company's zone: the one the schedule is read in.
  const inZone = (date: Date) => formatStaffTime(date, timeZone);
  return {
    values: digestValues(schedule),
    timeZone,
    next: schedule.enabled ? inZone(digestDueTimes(schedule, timeZone, new Date()).next) : null,
    digests: digests.map((digest) => ({ ...digest, periodStart: inZone(digest.periodStart), periodEnd: inZone(digest.periodEnd) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "campaigns");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, { name: "insight-digest", fields: digestFields, labels: digestLabels });
    const input = readDigestForm(values);
    if (!input.ok) return formError(400, input.message, { [input.field]: input.message }, values);
    await saveDigestSchedule(services.db, input.schedule, { id: user.id, email: user.email }, clientAddressOf(context));
    return {
      status: "success",
      messages: [input.schedule.enabled ? "Saved: the digest goes out at the next time it falls due." : "Saved: the digest is off."],
    } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Digest of new insights");

export default function DigestPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.status === "error" ? actionData.fields : undefined;
  const shown = actionData?.status === "error" && actionData.values ? actionData.values : loaderData.values;
  return (
    <>
      <BackLink to="/staff/campaigns">All campaigns</BackLink>
      <PageHeading title="Digest of new insights">
        Once a week or once a month, the insights published since the last digest go to the newsletter&apos;s confirmed subscribers as one email: each
        insight&apos;s picture, title and summary, linking to its page. A period with nothing new sends nothing. Each digest appears in the campaign list with
        its figures, and can be paused like any campaign. Times are in the company&apos;s time zone, {loaderData.timeZone}, set with the business hours.
      </PageHeading>
      <FormNotice answer={actionData} />
      <p className="mb-4">{loaderData.next ? `The digest is on. The next one is due ${loaderData.next}.` : "The digest is off."}</p>
      <Form method="post" className="mb-8 grid max-w-2xl gap-5 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-2">
        <label className="inline-flex min-h-11 items-center gap-2 sm:col-span-2">
          <input type="checkbox" name="enabled" defaultChecked={shown.enabled === "on"} className="size-5" />
          {digestLabels.enabled}
        </label>
        <fieldset className="sm:col-span-2" aria-describedby={errors?.cadence ? "cadence-error" : undefined}>
          <legend className="mb-2 text-sm font-semibold text-ink">{digestLabels.cadence}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {(["weekly", "monthly"] as const).map((cadence) => (
              <label key={cadence} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="radio" name="cadence" value={cadence} defaultChecked={shown.cadence === cadence} className="size-5" />
                {cadence === "weekly" ? "Weekly, on the day of the week below" : "Monthly, on the day of the month below"}
              </label>
            ))}
          </div>
          <FieldError id="cadence-error" error={errors?.cadence} />
        </fieldset>
        <Field name="weekday" label={digestLabels.weekday!} required hint="For a weekly digest." error={errors?.weekday}>
          {(props) => (
            <select {...props} defaultValue={shown.weekday}>
              {digestWeekdays.map((name, index) => (
                <option key={name} value={String(index + 1)}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          name="monthDay"
          label={digestLabels.monthDay!}
          required
          hint={`For a monthly digest: 1 to ${LAST_MONTH_DAY}, so every month has it.`}
          error={errors?.monthDay}
        >
          {(props) => <input {...props} type="number" inputMode="numeric" min={1} max={LAST_MONTH_DAY} step={1} defaultValue={shown.monthDay} />}
        </Field>
        <Field name="time" label={digestLabels.time!} required hint={`24-hour clock, such as 09:00, in ${loaderData.timeZone}.`} error={errors?.time}>
          {(props) => <input {...props} type="time" defaultValue={shown.time} />}
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass}>
            Save the digest
          </button>
        </div>
      </Form>
      <h2 className="mb-3 text-xl font-bold text-ink">Recent periods</h2>
      {loaderData.digests.length === 0 ? (
        <p>No digest has fallen due yet.</p>
      ) : (
        <ListTable caption="Digest periods, newest first" columns={["Period", "New insights", "Campaign"]} cards>
          {loaderData.digests.map((digest) => (
            <ListRow
              key={digest.periodEnd}
              cells={[
                `${digest.periodStart} to ${digest.periodEnd}`,
                digest.insightCount,
                digest.campaignId ? (
                  <Link to={`/staff/campaigns/${digest.campaignId}`} className={linkClass}>
                    The digest&apos;s campaign
                  </Link>
                ) : digest.insightCount === 0 ? (
                  "Nothing new: not sent"
                ) : (
                  "No confirmed subscribers: not sent"
                ),
              ]}
            />
          ))}
        </ListTable>
      )}
    </>
  );
}
