import type { Route } from "./+types/newsletter.unsubscribe";
import { site } from "#app/content/site.ts";
import {
  subscriberToUnsubscribe,
  unsubscribe,
} from "#app/features/newsletter/newsletter-links-actions.server.ts";
import {
  UnsubscribedView,
  UnsubscribeView,
} from "#app/features/newsletter/newsletter-link-pages.tsx";
import { servicesOf } from "#app/services-context.server.ts";

const tokenOf = (request: Request) =>
  new URL(request.url).searchParams.get("s");

/** GET /newsletter/unsubscribe?s=…: asks first, so a mail scanner opening the link removes nobody. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const subscriber = await subscriberToUnsubscribe(
    await servicesOf(context),
    token,
  );
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
  const removed = await unsubscribe(
    await servicesOf(context),
    tokenOf(request),
  );
  return { unsubscribed: true as const, email: removed?.email ?? null };
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  // same-origin, not no-referrer: under no-referrer a browser posts the page's form with "Origin: null", which React Router refuses.
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = () => [
  { title: `Unsubscribe | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export default function NewsletterUnsubscribe({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  if (actionData?.unsubscribed)
    return <UnsubscribedView email={actionData.email} />;
  return loaderData.email && loaderData.token ? (
    <UnsubscribeView email={loaderData.email} token={loaderData.token} />
  ) : (
    <UnsubscribedView email={null} />
  );
}
