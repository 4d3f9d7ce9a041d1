import { data } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { confirmSubscription } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import { CONFIRMED_TITLE, ConfirmedView, ConfirmLinkNotValidView, linkPageHeaders, linkPageMeta } from "#app/features/newsletter/newsletter-link-pages.tsx";
import { servicesOf } from "#app/services-context.server.ts";

/** GET /newsletter/confirm?s=…: the link in the confirmation email (double opt-in). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const confirmed = await confirmSubscription(await servicesOf(context), new URL(request.url).searchParams.get("s"));
  return confirmed ? { email: confirmed.email } : data({ email: null }, { status: 404 });
}

export const headers: Route.HeadersFunction = linkPageHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData }) => linkPageMeta(loaderData?.email ? CONFIRMED_TITLE : "Link not valid");

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return loaderData.email ? <ConfirmedView email={loaderData.email} /> : <ConfirmLinkNotValidView />;
}
