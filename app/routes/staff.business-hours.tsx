import { Form } from "react-router";
import type { Route } from "./+types/staff.business-hours";
import { RESPONSE_PROMISE_MINUTES, site } from "#app/content/site.ts";
import { Field, FieldError } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import {
  businessHoursFields,
  businessHoursLabels,
  businessHoursValues,
  MAX_HOLIDAYS,
  readBusinessHoursForm,
  weekdays,
} from "#app/features/leads/business-hours-form.ts";
import { readBusinessHours, saveBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { TIME_ZONE_MAX_LENGTH, timeZoneNames } from "#app/features/zoned-time.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "businessHours");
  const hours = await readBusinessHours((await servicesOf(context)).db);
  return { values: businessHoursValues(hours), saved: hours.saved, zones: timeZoneNames() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "businessHours");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "business-hours",
      fields: businessHoursFields,
      labels: businessHoursLabels,
      multiline: ["holidays"],
    });
    const input = readBusinessHoursForm(values, new Date());
    if (!input.ok) return formError(400, input.message, input.errors, values);
    await saveBusinessHours(services.db, input.hours, user, clientAddressOf(context));
    return { status: "success", messages: ["Business hours saved. Leads that arrive from now on fall due by them."] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Business hours");

export default function BusinessHoursPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.status === "error" ? actionData.fields : undefined;
  const shown = actionData?.status === "error" && actionData.values ? actionData.values : loaderData.values;
  return (
    <>
      <PageHeading title="Business hours">
        Every page promises a response {`within ${site.responseWindow}`}: each new consultation request is due {RESPONSE_PROMISE_MINUTES} business minutes after
        it arrives, counted in these hours. Changes apply to requests that arrive after you save.
        {loaderData.saved ? null : " Nobody has saved them yet: these are the defaults."}
      </PageHeading>
      <FormNotice answer={actionData} />
      <Form method="post" className="grid max-w-2xl gap-5 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-2">
        <Field name="timeZone" label="Time zone" required wide hint="Its IANA name, such as Asia/Kolkata or Europe/London." error={errors?.timeZone}>
          {(props) => (
            <input {...props} list="time-zones" defaultValue={shown.timeZone} autoComplete="off" spellCheck={false} maxLength={TIME_ZONE_MAX_LENGTH} />
          )}
        </Field>
        <datalist id="time-zones">
          {loaderData.zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <fieldset className="sm:col-span-2" aria-describedby={errors?.day1 ? "working-days-error" : undefined}>
          <legend className="mb-2 text-sm font-semibold text-ink">Working days</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {weekdays.map((weekday) => (
              <label key={weekday.field} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name={weekday.field} defaultChecked={shown[weekday.field] === "on"} className="size-5" />
                {weekday.label}
              </label>
            ))}
          </div>
          <FieldError id="working-days-error" error={errors?.day1} />
        </fieldset>
        <Field name="start" label="Work starts at" required hint="24-hour clock, such as 09:30." error={errors?.start}>
          {(props) => <input {...props} type="time" defaultValue={shown.start} />}
        </Field>
        <Field name="end" label="Work ends at" required hint="24-hour clock, such as 18:30." error={errors?.end}>
          {(props) => <input {...props} type="time" defaultValue={shown.end} />}
        </Field>
        <Field
          name="holidays"
          label="Holidays"
          wide
          hint={`One a line: the date as 2026-12-25, then its name if you like. At most ${MAX_HOLIDAYS}.`}
          error={errors?.holidays}
        >
          {(props) => <textarea {...props} rows={6} defaultValue={shown.holidays} />}
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass}>
            Save business hours
          </button>
        </div>
      </Form>
    </>
  );
}
