import type { Route } from "./+types/newsletter.unsubscribe";
import { subscriberToUnsubscribe, unsubscribe } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import { UnsubscribedView, UnsubscribeView, linkPageHeaders, linkPageMeta } from "#app/features/newsletter/newsletter-link-pages.tsx";
import { servicesOf } from "#app/services-context.server.ts";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("s");

/** GET /newsletter/unsubscribe?s=…: asks first, so a mail scanner opening the link removes nobody. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const subscriber = await subscriberToUnsubscribe(await servicesOf(context), token);
  return {
    email: subscriber?.email ?? null,
    token: subscriber ? token! : null,
  };
}

/**
 * POST /newsletter/unsubscribe?s=…: the page's button, and the one-click
 * unsubscribe of mail programs (RFC 8058: a post of "List-Unsubscribe=One-Click"
 * from their servers, without cookies or an Origin header). The signed token is
 * what allows it; the body is not needed and not read. A second post finds
 * nothing and says so.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const removed = await unsubscribe(await servicesOf(context), tokenOf(request));
  return { unsubscribed: true as const, email: removed?.email ?? null };
}

export const headers: Route.HeadersFunction = linkPageHeaders;

export const meta: Route.MetaFunction = () => linkPageMeta("Unsubscribe");

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.unsubscribed) return <UnsubscribedView email={actionData.email} />;
  return loaderData.email && loaderData.token ? <UnsubscribeView email={loaderData.email} token={loaderData.token} /> : <UnsubscribedView email={null} />;
}
