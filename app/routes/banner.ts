import { redirect } from "react-router";
import type { Route } from "./+types/banner";
import { bannerClosedCookie } from "#app/features/banner/banner-cookie.ts";

/** Closing the banner without JavaScript: a form post sets the session cookie and returns to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = String(form.get("returnTo") ?? "/");
  // Only same-site paths: never an open redirect.
  const target = /^\/(?![/\\])/.test(returnTo) ? returnTo : "/";
  return redirect(target, { status: 303, headers: { "Set-Cookie": bannerClosedCookie } });
}

export function loader() {
  return redirect("/");
}
