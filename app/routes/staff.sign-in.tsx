import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/staff.sign-in";
import { EMAIL_MAX_LENGTH } from "#app/features/forms/form-rules.ts";
import { sameSiteTarget } from "#app/features/forms/redirect-target.ts";
import { PASSWORD_MAX_LENGTH } from "#app/features/staff/password-rules.ts";
import { signIn } from "#app/features/staff/sign-in.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { currentStaff } from "#app/features/staff/staff-session.server.ts";
import { isStaffPath } from "#app/features/staff/staff-path.ts";
import { AuthCard, FormNotice, buttonClass, inputClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** Sign-in posts per client address per window, as a multiple of the public forms' limit: a shared office still gets in; a guesser soon waits. */
const SIGN_IN_POSTS_PER_FORM_POST = 4;

const notices: Record<string, string> = {
  "signed-out": "You are signed out.",
  "password-set": "Your password is set. Sign in with it.",
};

/** Only pages of the staff area; anything else returns to its home. */
function returnTarget(value: string | null, siteUrl: string): string {
  const target = value ? sameSiteTarget(value, siteUrl) : null;
  const pathname = target ? new URL(target, siteUrl).pathname : "";
  return target && isStaffPath(pathname) && !pathname.startsWith("/staff/sign-") ? target : "/staff";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = url.searchParams.get("returnTo");
  if (currentStaff(context)) throw redirect(returnTarget(returnTo, (await servicesOf(context)).env.SITE_URL));
  // After choosing a password, when the direct sign-in was refused: the address is filled in.
  const email = (url.searchParams.get("email") ?? "").slice(0, EMAIL_MAX_LENGTH);
  return { returnTo: returnTo ?? "", notice: notices[url.searchParams.get("notice") ?? ""] ?? null, email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-sign-in",
      rateLimit: services.env.FORM_RATE_LIMIT * SIGN_IN_POSTS_PER_FORM_POST,
      fields: ["email", "password", "returnTo"],
      labels: { email: "Email", password: "Password", returnTo: "The page to return to" },
    });
    const email = values.email?.trim() ?? "";
    const password = values.password ?? "";
    if (!email || !password) return formError(400, "Enter your email and password.", undefined, { email });
    if (email.length > EMAIL_MAX_LENGTH || password.length > PASSWORD_MAX_LENGTH)
      return formError(400, "The email or password is not correct.", undefined, { email });
    const result = await signIn(services, request, { email, password }, clientAddressOf(context));
    if (!result.ok) return formError(result.status, result.message, undefined, { email });
    const headers = new Headers();
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirect(returnTarget(values.returnTo ?? null, services.env.SITE_URL), { status: 303, headers });
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Sign in");

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // A refused password is cleared, as a page drawn anew without JavaScript does.
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData && password.current) password.current.value = "";
  }, [actionData]);
  return (
    <AuthCard title="Sign in to the staff area">
      {loaderData.notice && !actionData ? <FormNotice answer={{ status: "success", messages: [loaderData.notice] }} /> : null}
      <FormNotice answer={actionData} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="returnTo" value={loaderData.returnTo} />
        <div>
          <label htmlFor="email" className="mb-1.5 block text-sm font-semibold">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={actionData?.status === "error" ? actionData.values?.email : loaderData.email || undefined}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="password" className="mb-1.5 block text-sm font-semibold">
            Password
          </label>
          <input ref={password} id="password" name="password" type="password" autoComplete="current-password" required maxLength={128} className={inputClass} />
        </div>
        <button type="submit" className={`${buttonClass} w-full`} disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/staff/forgot-password" className={linkClass}>
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}
