import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/staff.set-password";
import { audit } from "#app/features/staff/audit.server.ts";
import { authOf } from "#app/features/staff/auth.server.ts";
import { NewPasswordFields } from "#app/features/staff/password-form.tsx";
import { findPasswordLink } from "#app/features/staff/password-links.server.ts";
import { checkNewPassword, PASSWORD_MIN_LENGTH } from "#app/features/staff/password-rules.ts";
import { signIn } from "#app/features/staff/sign-in.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { currentStaff } from "#app/features/staff/staff-session.server.ts";
import { AuthCard, FormNotice, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { staffUsers } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

const EXPIRED_MESSAGE = "This link has expired or has already been used.";

/** A one-time link from an invitation, the command line or "forgot password". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findPasswordLink(await servicesOf(context), token);
  return { token: link ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-set-password",
      rateLimit: services.env.FORM_RATE_LIMIT * 4,
      fields: ["token", "password", "confirm"],
      labels: { token: "The link", password: "New password", confirm: "Repeat the new password" },
    });
    const token = values.token ?? "";
    const problem = checkNewPassword(values.password ?? "", values.confirm ?? "");
    if (problem) return formError(400, problem.message, { [problem.field]: problem.message });
    const link = await findPasswordLink(services, token);
    if (!link) return formError(400, EXPIRED_MESSAGE);
    try {
      await (await authOf(services)).api.resetPassword({ body: { token, newPassword: values.password ?? "" } });
    } catch (error) {
      if (error instanceof APIError && error.status === "BAD_REQUEST") return formError(400, EXPIRED_MESSAGE);
      throw error;
    }
    const ipAddress = clientAddressOf(context);
    await audit(services.db, { actor: { id: link.userId, email: null }, action: "password-set", ipAddress });
    // Someone signed in as another account (an admin trying a colleague's link) stays who they are.
    const signedIn = currentStaff(context);
    if (signedIn && signedIn.id !== link.userId) return redirect("/staff", { status: 303 });
    return await signInWithNewPassword(services, request, link.userId, values.password ?? "", ipAddress);
  } catch (error) {
    return answerRejection(error);
  }
}

/**
 * The link's own account, with the password just set, through the sign-in's own checks (a deactivated account,
 * the account's limit on failed passwords, the audit): straight into the staff area. When they refuse, the sign-in
 * page says the password is set and has the address filled in.
 */
async function signInWithNewPassword(services: Services, request: Request, userId: string, password: string, ipAddress: string) {
  const [account] = await services.db.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, userId));
  const result = account ? await signIn(services, request, { email: account.email, password }, ipAddress) : null;
  if (!result?.ok) {
    const query = new URLSearchParams({ notice: "password-set", ...(account ? { email: account.email } : {}) });
    return redirect(`/staff/sign-in?${query}`, { status: 303 });
  }
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect("/staff", { status: 303, headers });
}

export const meta: Route.MetaFunction = () => staffMeta("Choose your password");

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.token) {
    return (
      <AuthCard title="This link cannot be used">
        <p>{EXPIRED_MESSAGE} Links to choose a password work once: 24 hours for a new account, 30 minutes after “Forgot your password?”.</p>
        <p className="mt-4">
          <Link to="/staff/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose your password">
      <FormNotice answer={actionData} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields minLength={PASSWORD_MIN_LENGTH} errors={actionData?.status === "error" ? actionData.fields : undefined} />
        <button type="submit" className={`${buttonClass} w-full`} disabled={busy}>
          Set password
        </button>
      </Form>
    </AuthCard>
  );
}
