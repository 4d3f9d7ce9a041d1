import { data, type RouterContextProvider } from "react-router";
import { sitePageAt } from "#app/features/site-pages/site-pages.server.ts";
import { eventJsonLd } from "#app/features/events/event-json-ld.ts";
import type { EventPageData } from "#app/features/events/event-page.tsx";
import type { EventFormResult } from "#app/features/events/event-rules.ts";
import { eventCalendar } from "#app/features/events/event-emails.server.ts";
import { eventCalendarFacts, registeredCount, toEventView, type EventRow } from "#app/features/events/events.server.ts";
import { handleEventPost } from "#app/features/events/register.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { PUBLISHED_CONTENT, sharedCacheControl } from "#app/platform/page-cache.ts";
import type { Env } from "#app/platform/env.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The series' standing copy, shown on every edition's page. */
export const SERIES_PAGE = "/kraf-think-2025";
const LOAD_FAILED = "The event's details could not be loaded just now. Please try again in a few minutes.";

/** Which edition a page shows: the current one, or the one its address names. */
type FindEdition = (db: Database) => Promise<EventRow | null>;

/** The page's data; `required` answers 404 when there is no such edition (an edition's own page) instead of the copy alone. */
export async function loadEventPage(context: Readonly<RouterContextProvider>, find: FindEdition, { required }: { required: boolean }): Promise<EventPageData> {
  const services = await servicesOf(context);
  const page = (await sitePageAt(context, SERIES_PAGE))!;
  let row: EventRow | null;
  try {
    row = await find(services.db);
    if (row) {
      const event = toEventView(row, await registeredCount(services.db, row.id));
      return { page, event, jsonLd: eventJsonLd(event, services.env.SITE_URL) };
    }
  } catch (error) {
    logger.error({ err: error }, "Could not load the event");
    throw data({ message: LOAD_FAILED }, { status: 503 });
  }
  if (required) throw data({ message: "There is no such event." }, { status: 404 });
  return { page, event: null, jsonLd: null };
}

/** A registration or next-edition request posted to the page, for the edition it shows. */
export async function eventPageAction(request: Request, context: Readonly<RouterContextProvider>, find: FindEdition) {
  const services = await servicesOf(context);
  const row = await find(services.db);
  if (!row) return data<EventFormResult>({ status: "error", message: "There is no event to register for." }, { status: 404 });
  return handleEventPost(request, context, services, row);
}

/**
 * The edition as a calendar file, for a visitor who wants the day in their
 * calendar without registering: the same event (same id) as the invitation a
 * registration's email carries, so a calendar that has both keeps one.
 */
export function eventCalendarResponse(env: Pick<Env, "SITE_URL">, event: EventRow | null, contactEmail: string): Response {
  if (!event || event.endsAt <= new Date()) {
    return new Response("This event has no date to add to a calendar any more.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const calendar = eventCalendar(eventCalendarFacts(env.SITE_URL, event, contactEmail));
  return new Response(calendar.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendar.filename}"`,
      "Cache-Control": sharedCacheControl(PUBLISHED_CONTENT),
    },
  });
}
