import { data } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { site } from "#app/content/site.ts";
import { confirmSubscription } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import {
  CONFIRMED_TITLE,
  ConfirmedView,
  ConfirmLinkNotValidView,
} from "#app/features/newsletter/newsletter-link-pages.tsx";
import { servicesOf } from "#app/services-context.server.ts";

/** GET /newsletter/confirm?s=…: the link in the confirmation email (double opt-in). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const confirmed = await confirmSubscription(
    await servicesOf(context),
    new URL(request.url).searchParams.get("s"),
  );
  return confirmed
    ? { email: confirmed.email }
    : data({ email: null }, { status: 404 });
}

// The token is the only key: no cache keeps the page, no link on it passes the address to another site.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  // same-origin, not no-referrer: under no-referrer a browser posts the page's form with "Origin: null", which React Router refuses.
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: `${loaderData?.email ? CONFIRMED_TITLE : "Link not valid"} | ${site.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function NewsletterConfirm({
  loaderData,
}: Route.ComponentProps) {
  return loaderData.email ? (
    <ConfirmedView email={loaderData.email} />
  ) : (
    <ConfirmLinkNotValidView />
  );
}
