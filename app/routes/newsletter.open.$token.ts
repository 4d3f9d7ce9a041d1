import type { Route } from "./+types/newsletter.open.$token";
import { openAnswer } from "#app/features/campaigns/tracking-answers.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** A counted campaign message's open pixel (decision 080): a one-pixel image for any token, the opening counted for a real one. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return openAnswer(await servicesOf(context), request, params.token);
}
