import { redirect } from "react-router";
import type { Route } from "./+types/staff.sign-out";
import { audit } from "#app/features/staff/audit.server.ts";
import { authOf } from "#app/features/staff/auth.server.ts";
import { answerRejection, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { currentStaff } from "#app/features/staff/staff-session.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** Ends this session (its row goes) and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = await servicesOf(context);
  try {
    await readStaffForm(request, context, services, { name: "staff-sign-out", fields: [], labels: {} });
  } catch (error) {
    return answerRejection(error);
  }
  const user = currentStaff(context);
  const headers = new Headers();
  if (user) {
    const auth = await authOf(services);
    const signedOut = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of signedOut.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    await audit(services.db, { actor: { id: user.id, email: user.email }, action: "sign-out", ipAddress: clientAddressOf(context) });
  }
  return redirect("/staff/sign-in?notice=signed-out", { status: 303, headers });
}

export function loader() {
  return redirect("/staff");
}
