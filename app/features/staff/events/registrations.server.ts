import { and, desc, eq, ilike, lt, or, sum, type SQL } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { Attribution } from "#app/features/attribution/attribution.ts";
import { attributionSourceIs } from "#app/features/attribution/attribution.server.ts";
import { inPages } from "#app/features/staff/csv.server.ts";
import { allEventStatuses, eventRegistrationLabels } from "#app/features/staff/events/labels.ts";
import type { InboxKind } from "#app/features/staff/inbox-page.server.ts";
import { countedRows, countUpTo, cursorOf, exactly, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, readListQuery, readRecordFilter, type ListCursor, type ListQuery } from "#app/features/staff/list-query.server.ts";
import { giveWaitlistPlace } from "#app/features/staff/events/editions-admin.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { eventRegistrations as registrations, events, listCounts, type EventRegistrationStatus } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

const columns = {
  id: registrations.id,
  event: events.title,
  status: registrations.status,
  fullName: registrations.fullName,
  email: registrations.email,
  company: registrations.company,
  role: registrations.role,
  reference: registrations.reference,
  registeredAt: registrations.createdAt,
  consentVersion: registrations.consentVersion,
  attribution: registrations.attribution,
};

export type Registration = {
  id: number;
  event: string;
  status: EventRegistrationStatus;
  fullName: string;
  email: string;
  company: string | null;
  role: string | null;
  reference: string;
  registeredAt: Date;
  consentVersion: string;
  attribution: Attribution | null;
};

/** The event to show only, by id (null: every event), besides the search, place and source. */
export type RegistrationQuery = { search: string; status: EventRegistrationStatus | null; source: string | null; event: number | null };

/** The list's search, place, source, page and event from the address; an event that cannot be an id answers 400. */
export function readRegistrationQuery(request: Request): ListQuery<EventRegistrationStatus> & { event: number | null } {
  const query = readListQuery(request, allEventStatuses);
  return { ...query, event: readRecordFilter(query, "event", "The event in this address must be chosen from the list of events.") };
}

function matching({ search, status, source, event }: RegistrationQuery): SQL | undefined {
  const pattern = likePattern(search);
  return and(
    search
      ? or(
          ilike(registrations.fullName, pattern),
          ilike(registrations.email, pattern),
          ilike(registrations.company, pattern),
          ilike(registrations.reference, pattern),
        )
      : undefined,
    status ? eq(registrations.status, status) : undefined,
    event === null ? undefined : eq(registrations.eventId, event),
    attributionSourceIs(registrations.attribution, source),
  );
}

const listOrder: ListOrder = { time: registrations.createdAt, id: registrations.id };

/** One page of registrations, newest first. */
export function listRegistrations(db: Database, query: RegistrationQuery, cursor: ListCursor | null) {
  const where = matching(query);
  return readListPage(
    listOrder,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({ ...columns, cursor: cursorOf(listOrder) })
        .from(registrations)
        .innerJoin(events, eq(events.id, registrations.eventId))
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    // list_counts counts by event and place; a search or a source is counted up to the cap.
    async () =>
      query.search || query.source
        ? countUpTo(db, registrations, where)
        : exactly(
            await countedRows(db, "event_registrations", {
              ...(query.status ? { statuses: [query.status] } : {}),
              ...(query.event === null ? {} : { groupId: query.event }),
            }),
          ),
  );
}

/** Every registration matching the query, a page at a time, for the CSV export. */
export function allRegistrations(db: Database, query: RegistrationQuery): AsyncIterable<Registration[]> {
  return inPages((beforeId, size) =>
    db
      .select(columns)
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .where(and(matching(query), beforeId === null ? undefined : lt(registrations.id, beforeId)))
      .orderBy(desc(registrations.id))
      .limit(size),
  );
}

/** Each event with its places taken, waiting list and next-edition requests: what staff check first. */
export async function eventSummaries(db: Database) {
  const rows = await db
    .select({ id: events.id, title: events.title, slug: events.slug, startsAt: events.startsAt, timeZone: events.timeZone, capacity: events.capacity })
    .from(events)
    .orderBy(desc(events.startsAt));
  // Kept by a trigger per event and kind (list_counts), so no registration is read to count them.
  const counts = await db
    .select({ eventId: listCounts.groupId, status: listCounts.status, n: sum(listCounts.n).mapWith(Number) })
    .from(listCounts)
    .where(eq(listCounts.list, "event_registrations"))
    .groupBy(listCounts.groupId, listCounts.status);
  const countOf = (eventId: number, status: EventRegistrationStatus) => counts.find((row) => row.eventId === eventId && row.status === status)?.n ?? 0;
  return rows.map((row) => ({
    ...row,
    registered: countOf(row.id, "registered"),
    waitlisted: countOf(row.id, "waitlisted"),
    nextEdition: countOf(row.id, "next-edition"),
  }));
}

/** The day an edition starts, in its own time zone: what tells two editions of one title apart in the event filter. */
function editionDate(event: { startsAt: Date; timeZone: string }): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: event.timeZone, day: "numeric", month: "short", year: "numeric" }).format(event.startsAt);
}

/** The event registrations screen's loader: each event's counts, then the page of registrations of the search and filters. */
export async function loadEventRegistrations({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  requireStaff(context, request, "events");
  const query = readRegistrationQuery(request);
  const { db } = await servicesOf(context);
  const [summaries, registrations] = await Promise.all([eventSummaries(db), listRegistrations(db, query, query.cursor)]);
  return {
    list: { summaries, ...registrations },
    events: summaries.map((event) => ({ id: event.id, label: `${event.title}, ${editionDate(event)}` })),
    search: query.search,
    status: query.status,
    source: query.source,
    event: query.event,
    filters: query.filters.toString(),
  };
}

/** One registration's own fields for its page, with its event; null when there is none. */
async function registrationDetail(db: Database, id: number) {
  const [row] = await db
    .select({
      ...columns,
      eventSlug: events.slug,
      eventStartsAt: events.startsAt,
      consentAt: registrations.consentAt,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.id, id));
  if (!row) return null;
  return {
    registration: {
      ...row,
      registeredAt: row.registeredAt.toISOString(),
      eventStartsAt: row.eventStartsAt.toISOString(),
      consentAt: row.consentAt.toISOString(),
    },
  };
}

const PLACE_GIVEN = "The place is given: the confirmation with the calendar invitation is in the outbox.";

/** Event registrations in the inbox: their page reads the registration and its event. */
export const registrationInbox = {
  type: "registration",
  area: "events",
  notFound: "There is no such event registration; it may have been erased.",
  statusLabels: eventRegistrationLabels,
  duplicateStatus: "Nothing was changed: this person already has a registration of that kind for this event.",
  read: registrationDetail,
  // Sales give a freed place to someone waiting: the capacity decides, the email goes through the outbox.
  ownChange: {
    intent: "give-place",
    labels: {},
    done: PLACE_GIVEN,
    async run(services, id, _values, user, ipAddress) {
      const given = await giveWaitlistPlace(services, id, user, ipAddress);
      return given.ok ? given : { ...given, field: "intent" };
    },
  },
  // "Has a place" in the status list is the same as the button: refused while full, and the confirmation is sent.
  statusPaths: {
    registered: {
      done: PLACE_GIVEN,
      run: (services, id, from, user, ipAddress) =>
        from === "waitlisted" || from === "next-edition"
          ? giveWaitlistPlace(services, id, user, ipAddress, from)
          : Promise.resolve({ ok: false, status: 400, message: "Choose one of the listed statuses." }),
    },
  },
} satisfies InboxKind<object>;
