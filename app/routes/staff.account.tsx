import { eq } from "drizzle-orm";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/staff.account";
import { NewPasswordFields } from "#app/features/staff/password-form.tsx";
import { changeOwnPassword } from "#app/features/staff/own-password.server.ts";
import { PASSWORD_MIN_LENGTH } from "#app/features/staff/password-rules.ts";
import { roleDescriptions, roleLabels } from "#app/features/staff/roles.ts";
import { companyTimeZone, saveOwnTimeZone } from "#app/features/staff/staff-time.server.ts";
import { FieldError } from "#app/features/forms/field.tsx";
import { TIME_ZONE_MAX_LENGTH, timeZoneNames } from "#app/features/zoned-time.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, inputClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { mayOwnLeads, setAway } from "#app/features/staff/teams/teams.server.ts";
import { staffUsers } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  const notice = new URL(request.url).searchParams.get("notice");
  const changed = notice === "password-changed";
  const ownsLeads = mayOwnLeads(user);
  const { db } = await servicesOf(context);
  const [account] = ownsLeads ? await db.select({ awaySince: staffUsers.awaySince }).from(staffUsers).where(eq(staffUsers.id, user.id)) : [];
  return {
    name: user.name,
    email: user.email,
    roles: user.roles,
    changed,
    awayChanged: notice === "away",
    ownsLeads,
    away: Boolean(account?.awaySince),
    timeZone: user.timeZone,
    companyTimeZone: await companyTimeZone(db),
    zoneChanged: notice === "time-zone",
    zones: timeZoneNames(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-change-password",
      rateLimit: 20,
      fields: ["intent", "current", "password", "confirm", "timeZone"],
      labels: { intent: "Action", current: "Current password", password: "New password", confirm: "Repeat the new password", timeZone: "Time zone" },
    });
    if (values.intent === "time-zone") {
      const saved = await saveOwnTimeZone(services.db, user.id, values.timeZone ?? "");
      return saved.ok
        ? redirect("/staff/account?notice=time-zone", { status: 303 })
        : formError(400, saved.message, { timeZone: saved.message }, { timeZone: values.timeZone ?? "" });
    }
    if (values.intent === "away" || values.intent === "back") {
      const change = await setAway(services.db, user.id, values.intent === "away", user, clientAddressOf(context));
      return change.ok ? redirect("/staff/account?notice=away", { status: 303 }) : formError(change.status, change.message);
    }
    const input = { current: values.current ?? "", password: values.password ?? "", confirm: values.confirm ?? "" };
    const result = await changeOwnPassword(services, request, user, input, clientAddressOf(context));
    if (!result.ok) return formError(result.status, result.message, { [result.field]: result.message });
    // The new session cookie replaces this one; every other session has ended.
    const headers = new Headers();
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirect("/staff/account?notice=password-changed", { status: 303, headers });
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("My account");

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.status === "error" ? actionData.fields : undefined;
  // Each form's refusal shows beside that form.
  const timeZoneAnswer = actionData?.status === "error" && errors?.timeZone ? actionData : undefined;
  const passwordAnswer = errors?.timeZone ? undefined : actionData;
  return (
    <>
      <PageHeading title="My account" />
      {loaderData.changed && !actionData ? (
        <FormNotice answer={{ status: "success", messages: ["Your password is changed. Every other session of your account is signed out."] }} />
      ) : null}
      <dl className="mb-8 grid max-w-xl gap-x-6 gap-y-2 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Name</dt>
        <dd>{loaderData.name}</dd>
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{loaderData.email}</dd>
        <dt className="font-semibold">{loaderData.roles.length > 1 ? "Roles" : "Role"}</dt>
        <dd>
          <ul>
            {loaderData.roles.map((role) => (
              <li key={role}>
                {roleLabels[role]}: {roleDescriptions[role]}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {loaderData.ownsLeads ? (
        <section aria-labelledby="away-heading" className="mb-8 max-w-xl">
          <h2 id="away-heading" className="mb-2 text-lg font-bold">
            Away
          </h2>
          {loaderData.awayChanged && !actionData ? (
            <FormNotice
              answer={{ status: "success", messages: [loaderData.away ? "You are marked away." : "You are back: new requests come to you in turn again."] }}
            />
          ) : null}
          <p className="mb-4 text-sm text-slate-700">
            {loaderData.away
              ? "You are marked away: new consultation requests go to the others in your teams. The ones you own stay yours."
              : "While you are away (on leave, ill, travelling), new consultation requests go to the others in your teams."}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value={loaderData.away ? "back" : "away"} />
            <button type="submit" className={secondaryButtonClass}>
              {loaderData.away ? "I am back" : "Mark me away"}
            </button>
          </Form>
        </section>
      ) : null}
      <section aria-labelledby="time-zone-heading" className="mb-8 max-w-xl">
        <h2 id="time-zone-heading" className="mb-2 text-lg font-bold">
          Time zone
        </h2>
        {loaderData.zoneChanged && !actionData ? <FormNotice answer={{ status: "success", messages: ["Your time zone is saved."] }} /> : null}
        {timeZoneAnswer ? <FormNotice answer={timeZoneAnswer} /> : null}
        <Form method="post" className="grid justify-items-start gap-3">
          <input type="hidden" name="intent" value="time-zone" />
          <div className="w-full max-w-sm">
            <label htmlFor="time-zone" className="mb-1.5 block text-sm font-semibold">
              Show times in
            </label>
            <input
              id="time-zone"
              name="timeZone"
              list="time-zones"
              key={loaderData.timeZone ?? ""}
              defaultValue={timeZoneAnswer?.values?.timeZone ?? loaderData.timeZone ?? ""}
              placeholder={loaderData.companyTimeZone}
              autoComplete="off"
              spellCheck={false}
              maxLength={TIME_ZONE_MAX_LENGTH}
              aria-describedby={errors?.timeZone ? "time-zone-hint time-zone-error" : "time-zone-hint"}
              aria-invalid={errors?.timeZone ? true : undefined}
              className={inputClass}
            />
            <p id="time-zone-hint" className="mt-1.5 text-sm text-slate-700">
              Every time in the staff area is shown in this zone: {loaderData.timeZone ?? `the company's, ${loaderData.companyTimeZone}`}. Its IANA name, such
              as Asia/Kolkata or Europe/London; leave it empty for the company&apos;s.
            </p>
            <FieldError id="time-zone-error" error={errors?.timeZone} />
            <datalist id="time-zones">
              {loaderData.zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Save time zone
          </button>
        </Form>
      </section>
      <section aria-labelledby="password-heading" className="max-w-md">
        <h2 id="password-heading" className="mb-2 text-lg font-bold">
          Change your password
        </h2>
        <p className="mb-4 text-sm text-slate-700">Changing it signs your account out everywhere else, e.g. on a computer you forgot to sign out of.</p>
        <FormNotice answer={passwordAnswer} />
        <Form method="post" className="space-y-4">
          <div>
            <label htmlFor="current" className="mb-1.5 block text-sm font-semibold">
              Current password
            </label>
            <input
              id="current"
              name="current"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              aria-invalid={errors?.current ? true : undefined}
              className={inputClass}
            />
          </div>
          <NewPasswordFields minLength={PASSWORD_MIN_LENGTH} errors={errors} />
          <button type="submit" className={buttonClass} disabled={busy}>
            Change password
          </button>
        </Form>
      </section>
    </>
  );
}
