import { and, count, eq, gt, sql } from "drizzle-orm";
import { eventStatusAt, type EventStatus } from "#app/features/events/event-rules.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { eventRegistrations, events, type EventAgendaItem, type EventSpeaker, type EventVenue } from "#app/platform/db/schema.server.ts";

export type EventRow = typeof events.$inferSelect;

/** What the event page draws: the row's facts, read for the visitor. */
export type EventView = {
  slug: string;
  title: string;
  summary: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** "Friday, 21 November 2025" and "09:30–17:30 IST", in the event's own time zone. */
  dateText: string;
  timeText: string;
  venue: EventVenue;
  agenda: EventAgendaItem[];
  speakers: EventSpeaker[];
  recap: string[];
  status: EventStatus;
  /** Every place taken: registering now joins the waiting list. */
  full: boolean;
};

export async function findEvent(db: Database, slug: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
  return row ?? null;
}

export async function registeredCount(db: Database, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, "registered")));
  return row?.n ?? 0;
}

export function toEventView(row: EventRow, registered: number, now: Date = new Date()): EventView {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    dateText: formatDate(row.startsAt, row.timeZone),
    timeText: formatTimes(row.startsAt, row.endsAt, row.timeZone),
    venue: row.venue,
    agenda: row.agenda,
    speakers: row.speakers,
    recap: row.recap,
    status: eventStatusAt(now, row.startsAt, row.endsAt),
    full: registered >= row.capacity,
  };
}

/** The event's page, absolute (emails and the calendar file link to it). */
export const eventPageUrl = (siteUrl: string, event: Pick<EventRow, "slug">) => `${siteUrl}/${event.slug}`;

/** The event's id in calendars: the same in every invitation and download, so a calendar updates it instead of adding a second one. */
export const eventUid = (siteUrl: string, event: Pick<EventRow, "slug">) => `${event.slug}@${new URL(siteUrl).hostname}`;

/** What the event's calendar file is drawn from (`eventCalendar`): the same for the invitation mailed and the file downloaded. */
export function eventCalendarFacts(siteUrl: string, event: EventRow) {
  return {
    event_title: event.title,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    event_uid: eventUid(siteUrl, event),
    venue_text: venueLine(event.venue),
    page_url: eventPageUrl(siteUrl, event),
  };
}

/** The venue on one line, for emails and the calendar file. */
export function venueLine(venue: EventVenue): string {
  return [venue.name, venue.streetAddress, venue.locality, venue.postalCode].filter(Boolean).join(", ");
}

/** "Friday, 21 November 2025", in the given time zone. */
export function formatDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone }).format(at);
}

/** "09:30–17:30 IST"; an event ending on another day names that day. */
export function formatTimes(startsAt: Date, endsAt: Date, timeZone: string): string {
  const time = (at: Date) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(at);
  const zone =
    new Intl.DateTimeFormat("en-IN", { timeZone, timeZoneName: "short" }).formatToParts(startsAt).find((part) => part.type === "timeZoneName")?.value ??
    timeZone;
  const sameDay = formatDate(startsAt, timeZone) === formatDate(endsAt, timeZone);
  return sameDay ? `${time(startsAt)}–${time(endsAt)} ${zone}` : `${time(startsAt)} ${zone} to ${formatDate(endsAt, timeZone)}, ${time(endsAt)}`;
}

/** The next moment an event starts or ends: its page changes then (registration closes, the recap shows). */
export async function nextEventChange(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(case when ${events.startsAt} > now() then ${events.startsAt} else ${events.endsAt} end)`.mapWith(events.startsAt),
    })
    .from(events)
    .where(gt(events.endsAt, sql`now()`));
  return row?.at ?? null;
}
