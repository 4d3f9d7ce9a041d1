import type { Route } from "./+types/newsletter.unsubscribe";
import { linkPageHeaders, linkPageMeta } from "#app/features/mail-lists/list-link-pages.tsx";
import { askToUnsubscribe, unsubscribeFromLink } from "#app/features/mail-lists/list-link-routes.server.ts";
import { subscriberToUnsubscribe, unsubscribe } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import { UnsubscribedView, UnsubscribeView } from "#app/features/newsletter/newsletter-link-pages.tsx";

/** GET /newsletter/unsubscribe?s=…: asks first. */
export const loader = (args: Route.LoaderArgs) => askToUnsubscribe(args, subscriberToUnsubscribe);

/** POST /newsletter/unsubscribe?s=…: the button and mail programs' one-click unsubscribe. */
export const action = (args: Route.ActionArgs) => unsubscribeFromLink(args, unsubscribe);

export const headers: Route.HeadersFunction = linkPageHeaders;

export const meta: Route.MetaFunction = () => linkPageMeta("Unsubscribe");

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.unsubscribed) return <UnsubscribedView email={actionData.email} />;
  return loaderData.email && loaderData.token ? <UnsubscribeView email={loaderData.email} token={loaderData.token} /> : <UnsubscribedView email={null} />;
}
