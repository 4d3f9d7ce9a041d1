import { redirect } from "react-router";
import type { Route } from "./+types/events.$slug.calendar[.]ics";
import { eventCalendarResponse } from "#app/features/events/event-page.server.ts";
import { eventCalendarPath, eventPagePath } from "#app/features/events/event-paths.ts";
import { findEvent } from "#app/features/events/events.server.ts";
import { redirectFor } from "#app/features/redirects/redirects.server.ts";
import { siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** One edition as a calendar file; an edition whose address moved takes its calendar file with it. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = await servicesOf(context);
  const { db, env } = services;
  const event = await findEvent(db, params.slug);
  if (!event) {
    const moved = await redirectFor(db, eventPagePath(params.slug));
    const movedSlug = moved?.to.match(/^\/events\/([^/?#]+)$/)?.[1];
    if (moved && movedSlug) return redirect(eventCalendarPath(movedSlug), moved.status);
  }
  return eventCalendarResponse(env, event, (await siteFactsFor(services)).facts.emails.general);
}
