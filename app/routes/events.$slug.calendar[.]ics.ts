import type { Route } from "./+types/events.$slug.calendar[.]ics";
import { eventCalendarResponse } from "#app/features/events/event-page.server.ts";
import { findEvent } from "#app/features/events/events.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** One edition as a calendar file. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, env } = await servicesOf(context);
  return eventCalendarResponse(env, await findEvent(db, params.slug));
}
