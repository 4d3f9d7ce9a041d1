import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/staff.forgot-password";
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, normaliseEmailAddress } from "#app/features/forms/form-rules.ts";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { requestPasswordReset } from "#app/features/staff/password-links.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { AuthCard, FormNotice, buttonClass, inputClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The same words whether or not the address has an account. */
const SENT_MESSAGE = "If this address belongs to a staff account, we have sent it a link to choose a new password. The link works once, for 30 minutes.";

export async function action({ request, context }: Route.ActionArgs) {
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-forgot-password",
      rateLimit: services.env.FORM_RATE_LIMIT * 2,
      fields: ["email"],
      labels: { email: "Email" },
    });
    const email = normaliseEmailAddress(values.email ?? "");
    if (!email) return formError(400, INVALID_EMAIL_MESSAGE, { email: INVALID_EMAIL_MESSAGE }, { email: values.email ?? "" });
    await requestPasswordReset(services, email, clientAddressOf(context));
    return { status: "success", messages: [SENT_MESSAGE] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Forgot your password?");

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Forgot your password?">
      <FormNotice answer={actionData} />
      {actionData?.status === "success" ? null : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-slate-700">Enter the email of your staff account and we will send you a link to choose a new password.</p>
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
              defaultValue={actionData?.status === "error" ? actionData.values?.email : undefined}
              aria-invalid={actionData?.status === "error" ? true : undefined}
              className={inputClass}
            />
          </div>
          <button type="submit" className={`${buttonClass} w-full`} disabled={busy}>
            Send the link
          </button>
        </Form>
      )}
      <p className="mt-4 text-sm">
        <Link to="/staff/sign-in" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
