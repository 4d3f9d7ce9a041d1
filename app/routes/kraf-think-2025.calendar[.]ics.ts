import type { Route } from "./+types/kraf-think-2025.calendar[.]ics";
import { eventCalendar } from "#app/features/events/event-emails.server.ts";
import { eventCalendarFacts, findEvent } from "#app/features/events/events.server.ts";
import { PUBLISHED_CONTENT, sharedCacheControl } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

const SLUG = "kraf-think-2025";

/**
 * The event as a calendar file, for a visitor who wants the day in their
 * calendar without registering: the same event (same id) as the invitation a
 * registration's email carries, so a calendar that has both keeps one.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = await servicesOf(context);
  const event = await findEvent(db, SLUG);
  if (!event || event.endsAt <= new Date()) {
    return new Response("This event has no date to add to a calendar any more.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const calendar = eventCalendar(eventCalendarFacts(env.SITE_URL, event));
  return new Response(calendar.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendar.filename}"`,
      "Cache-Control": sharedCacheControl(PUBLISHED_CONTENT),
    },
  });
}
