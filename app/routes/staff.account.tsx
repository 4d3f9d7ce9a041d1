import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/staff.account";
import { NewPasswordFields } from "#app/features/staff/password-form.tsx";
import { changeOwnPassword } from "#app/features/staff/own-password.server.ts";
import { PASSWORD_MIN_LENGTH } from "#app/features/staff/password-rules.ts";
import { roleDescriptions, roleLabels } from "#app/features/staff/roles.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, inputClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  const changed = new URL(request.url).searchParams.get("notice") === "password-changed";
  return { name: user.name, email: user.email, role: user.role, changed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-change-password",
      rateLimit: 20,
      fields: ["current", "password", "confirm"],
      labels: { current: "Current password", password: "New password", confirm: "Repeat the new password" },
    });
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
        <dt className="font-semibold">Role</dt>
        <dd>
          {roleLabels[loaderData.role]}: {roleDescriptions[loaderData.role]}
        </dd>
      </dl>
      <section aria-labelledby="password-heading" className="max-w-md">
        <h2 id="password-heading" className="mb-2 text-lg font-bold">
          Change your password
        </h2>
        <p className="mb-4 text-sm text-slate-700">Changing it signs your account out everywhere else, e.g. on a computer you forgot to sign out of.</p>
        <FormNotice answer={actionData} />
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
