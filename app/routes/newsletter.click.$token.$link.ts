import type { Route } from "./+types/newsletter.click.$token.$link";
import { clickAnswer } from "#app/features/campaigns/tracking-answers.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** A counted campaign message's link (decision 080): the click counted, then on to the address that was in the campaign's body. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return clickAnswer(await servicesOf(context), request, params.token, params.link);
}
