import { data, type RouterContextProvider } from "react-router";
import type { Services } from "#app/platform/services.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * What the routes behind a mailing list's links do (the newsletter's, a job
 * alert's), given the list's own confirm, find and remove: the token is the
 * `s` parameter of the address; the body of a post is not read.
 */

type LinkArgs = { request: Request; context: Readonly<RouterContextProvider> };
type LinkAction = (services: Services, token: string | null) => Promise<{ email: string } | null>;

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("s");

/** GET confirm?s=…: confirms, or answers 404 when the link is not valid. */
export async function confirmFromLink({ request, context }: LinkArgs, confirm: LinkAction) {
  const confirmed = await confirm(await servicesOf(context), tokenOf(request));
  return confirmed ? { email: confirmed.email } : data({ email: null }, { status: 404 });
}

/** GET unsubscribe?s=…: only asks, so a mail scanner opening the link removes nobody. */
export async function askToUnsubscribe({ request, context }: LinkArgs, find: LinkAction) {
  const token = tokenOf(request);
  const subscriber = await find(await servicesOf(context), token);
  return { email: subscriber?.email ?? null, token: subscriber ? token! : null };
}

/**
 * POST unsubscribe?s=…: the page's button, and the one-click unsubscribe of
 * mail programs (RFC 8058: a post of "List-Unsubscribe=One-Click" from their
 * servers, without cookies or an Origin header). The signed token is what
 * allows it. A second post finds nothing and says so.
 */
export async function unsubscribeFromLink({ request, context }: LinkArgs, remove: LinkAction) {
  const removed = await remove(await servicesOf(context), tokenOf(request));
  return { unsubscribed: true as const, email: removed?.email ?? null };
}
