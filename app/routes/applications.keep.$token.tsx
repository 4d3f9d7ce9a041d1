import { data } from "react-router";
import type { Route } from "./+types/applications.keep.$token";
import { keepApplication, renewalFor, type RenewalState } from "#app/features/retention/consent-renewal.server.ts";
import { ConsentRenewalView, type RenewalChoice } from "#app/features/retention/consent-renewal-view.tsx";
import { FormRejection, readForm } from "#app/features/forms/read-form.server.ts";
import { isCrossSite } from "#app/features/forms/submission.server.ts";
import { linkPageHeaders, linkPageMeta } from "#app/features/mail-lists/list-link-pages.tsx";
import { servicesOf } from "#app/services-context.server.ts";

/** A link that is not anyone's answers 404, one whose application is gone or whose time passed 410. */
const statusOf = (state: RenewalState) => (state.kind === "not-valid" ? 404 : state.kind === "removed" || state.kind === "expired" ? 410 : 200);

/** GET /applications/keep/:token: the link in the consent-renewal email. It only reads: mail scanners open links. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await renewalFor(await servicesOf(context), params.token);
  return data({ state }, { status: statusOf(state) });
}

/** POST: the page's two buttons. "keep" starts the application's period again; "remove" changes nothing and says when it goes. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = await servicesOf(context);
  try {
    if (isCrossSite(request, services.env.SITE_URL)) throw new FormRejection(403, "This form can only be sent from our site.");
    const { values } = await readForm(request, { maxBytes: 1024, encodings: ["urlencoded", "multipart"], fields: ["choice"], multiline: [], labels: {} });
    const chose: RenewalChoice | null = values.choice === "keep" || values.choice === "remove" ? values.choice : null;
    if (!chose) throw new FormRejection(400, "Please choose one of the buttons.");
    const state = chose === "keep" ? await keepApplication(services, params.token) : await renewalFor(services, params.token);
    return data({ state, chose, message: null }, { status: statusOf(state) });
  } catch (error) {
    if (!(error instanceof FormRejection)) throw error;
    return data({ state: null, chose: null, message: error.message }, { status: error.status });
  }
}

export const headers: Route.HeadersFunction = linkPageHeaders;

const titles: Record<RenewalState["kind"], string> = {
  "not-valid": "Link not valid",
  removed: "Application already deleted",
  expired: "Link expired",
  kept: "Your application is kept",
  open: "Keep your application?",
};

export const meta: Route.MetaFunction = ({ data: loaderData }) => linkPageMeta(loaderData ? titles[loaderData.state.kind] : "Keep your application?");

export default function KeepApplication({ loaderData, actionData }: Route.ComponentProps) {
  return <ConsentRenewalView state={actionData?.state ?? loaderData.state} chose={actionData?.chose ?? null} message={actionData?.message ?? null} />;
}
