import type { Route } from "./+types/kraf-think-2025.calendar[.]ics";
import { eventCalendarResponse } from "#app/features/events/event-page.server.ts";
import { currentEdition } from "#app/features/events/events.server.ts";
import { siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The current edition as a calendar file. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = await servicesOf(context);
  const { db, env } = services;
  return eventCalendarResponse(env, await currentEdition(db), (await siteFactsFor(services)).facts.emails.general);
}
