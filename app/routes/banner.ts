import { data, redirect } from "react-router";
import type { Route } from "./+types/banner";
import { bannerClosedCookie } from "#app/features/banner/banner-cookie.ts";
import { FormRejection } from "#app/features/forms/read-form.server.ts";
import { sameSiteTarget } from "#app/features/forms/redirect-target.ts";
import { guardAndRead } from "#app/features/forms/submission.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** Closing the banner without JavaScript: a form post sets the session cookie and returns to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = await servicesOf(context);
  try {
    const { values } = await guardAndRead(request, context, services, {
      name: "banner",
      // Closing the banner stores nothing: a visitor may close it on every page they open.
      rateLimit: 60,
      read: { maxBytes: 4 * 1024, encodings: ["urlencoded", "multipart"], fields: ["returnTo"], multiline: [], labels: { returnTo: "The page to return to" } },
    });
    const target = sameSiteTarget(values.returnTo ?? "/", services.env.SITE_URL) ?? "/";
    return redirect(target, { status: 303, headers: { "Set-Cookie": bannerClosedCookie } });
  } catch (error) {
    if (error instanceof FormRejection) throw data(error.message, { status: error.status });
    throw error;
  }
}

export function loader() {
  return redirect("/");
}
