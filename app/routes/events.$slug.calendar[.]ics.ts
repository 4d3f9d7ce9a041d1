import type { Route } from "./+types/events.$slug.calendar[.]ics";
import { eventCalendarResponse } from "#app/features/events/event-page.server.ts";
import { findEvent } from "#app/features/events/events.server.ts";
import { siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** One edition as a calendar file. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = await servicesOf(context);
  const { db, env } = services;
  return eventCalendarResponse(env, await findEvent(db, params.slug), (await siteFactsFor(services)).facts.emails.general);
}
