import { and, count, eq, gt, or, sql } from "drizzle-orm";
import { eventStatusAt, registrationWindowAt, type EventStatus, type RegistrationWindow } from "#app/features/events/event-rules.ts";
import { eventPagePath } from "#app/features/events/event-paths.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { eventRegistrations, events, type EventAgendaItem, type EventPhoto, type EventSpeaker, type EventVenue } from "#app/platform/db/schema.server.ts";

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
  recapPhotos: EventPhoto[];
  status: EventStatus;
  /** Whether registration takes anyone now, and when it opens ("Monday, 1 December 2026, 09:00 IST") while it has not. */
  registration: RegistrationWindow;
  registrationOpensText: string | null;
  /** Every place taken: registering now joins the waiting list. */
  full: boolean;
};

/** The published edition whose page is `/events/{slug}`; a draft has no public page. */
export async function findEvent(db: Database, slug: string): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.slug, slug), eq(events.status, "published")))
    .limit(1);
  return row ?? null;
}

/** Every published edition's address and last change, for the sitemap. */
export function publishedEditions(db: Database) {
  return db.select({ slug: events.slug, updatedAt: events.updatedAt }).from(events).where(eq(events.status, "published")).orderBy(events.startsAt);
}

/**
 * The edition the header links to and `/kraf-think-2025` shows: the published
 * one happening next (or now), or once none is ahead, the one that ended last.
 */
export async function currentEdition(db: Database): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(eq(events.status, "published"))
    .orderBy(sql`${events.endsAt} > now() desc`, sql`case when ${events.endsAt} > now() then ${events.startsAt} end asc`, sql`${events.endsAt} desc`, events.id)
    .limit(1);
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
    recapPhotos: row.recapPhotos,
    status: eventStatusAt(now, row.startsAt, row.endsAt),
    registration: registrationWindowAt(now, row),
    registrationOpensText: row.registrationOpensAt && now < row.registrationOpensAt ? formatMoment(row.registrationOpensAt, row.timeZone) : null,
    full: registered >= row.capacity,
  };
}

/** The event's page, absolute (emails and the calendar file link to it). */
export const eventPageUrl = (siteUrl: string, event: Pick<EventRow, "slug">) => `${siteUrl}${eventPagePath(event.slug)}`;

/** "Friday, 21 November 2025, 09:30–17:30 IST": the day and times as the emails give them. */
export const eventWhenText = (event: Pick<EventRow, "startsAt" | "endsAt" | "timeZone">) =>
  `${formatDate(event.startsAt, event.timeZone)}, ${formatTimes(event.startsAt, event.endsAt, event.timeZone)}`;

/** The event's id in calendars: the same in every invitation and download, so a calendar updates it instead of adding a second one. */
export const eventUid = (siteUrl: string, event: Pick<EventRow, "slug">) => `${event.slug}@${new URL(siteUrl).hostname}`;

/**
 * What the event's calendar file is drawn from (`eventCalendar`): the same for
 * the invitation mailed and the file downloaded; `contactEmail` (the site
 * facts' general e-mail) is its organiser.
 */
export function eventCalendarFacts(siteUrl: string, event: EventRow, contactEmail: string) {
  return {
    event_title: event.title,
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    event_uid: eventUid(siteUrl, event),
    venue_text: venueLine(event.venue),
    page_url: eventPageUrl(siteUrl, event),
    contact_email: contactEmail,
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

/** The zone's short name at that moment ("IST"), or its IANA name where there is none. */
function zoneName(at: Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat("en-IN", { timeZone, timeZoneName: "short" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}

/** "09:30" on the clocks of the zone. */
const clockTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(at);

/** "Monday, 1 December 2025, 09:00 IST": one moment in the zone. */
export const formatMoment = (at: Date, timeZone: string) => `${formatDate(at, timeZone)}, ${clockTime(at, timeZone)} ${zoneName(at, timeZone)}`;

/** "09:30–17:30 IST"; an event ending on another day names that day. */
export function formatTimes(startsAt: Date, endsAt: Date, timeZone: string): string {
  const time = (at: Date) => clockTime(at, timeZone);
  const zone = zoneName(startsAt, timeZone);
  const sameDay = formatDate(startsAt, timeZone) === formatDate(endsAt, timeZone);
  return sameDay ? `${time(startsAt)}–${time(endsAt)} ${zone}` : `${time(startsAt)} ${zone} to ${formatDate(endsAt, timeZone)}, ${time(endsAt)}`;
}

/** The next moment a published edition's page changes by the clock: registration opens or closes, the event starts or ends. */
export async function nextEventChange(db: Database): Promise<Date | null> {
  const moments = [events.registrationOpensAt, events.registrationClosesAt, events.startsAt, events.endsAt];
  const [row] = await db
    .select({
      at: sql<Date | null>`min(least(${sql.join(
        moments.map((moment) => sql`case when ${moment} > now() then ${moment} end`),
        sql`, `,
      )}))`.mapWith(events.startsAt),
    })
    .from(events)
    .where(and(eq(events.status, "published"), or(gt(events.endsAt, sql`now()`), gt(events.registrationClosesAt, sql`now()`))));
  return row?.at ?? null;
}
