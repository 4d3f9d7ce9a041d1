import type { Route } from "./+types/newsletter.confirm";
import { linkPageHeaders, linkPageMeta } from "#app/features/mail-lists/list-link-pages.tsx";
import { confirmFromLink } from "#app/features/mail-lists/list-link-routes.server.ts";
import { confirmSubscription } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import { CONFIRMED_TITLE, ConfirmedView, ConfirmLinkNotValidView } from "#app/features/newsletter/newsletter-link-pages.tsx";

/** GET /newsletter/confirm?s=…: the link in the confirmation email (double opt-in). */
export const loader = (args: Route.LoaderArgs) => confirmFromLink(args, confirmSubscription);

export const headers: Route.HeadersFunction = linkPageHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData }) => linkPageMeta(loaderData?.email ? CONFIRMED_TITLE : "Link not valid");

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return loaderData.email ? <ConfirmedView email={loaderData.email} /> : <ConfirmLinkNotValidView />;
}
