import { readSiteFacts } from "#app/features/site-facts/site-facts.server.ts";
import { eventPagePath } from "#app/features/events/event-paths.ts";
import { endSchedule, scheduledAtColumn } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { and, count, eq, ilike, ne, sql } from "drizzle-orm";
import { eventCalendarFacts, eventWhenText } from "#app/features/events/events.server.ts";
import { audit, type AuditAction, type AuditActor } from "#app/features/staff/audit.server.ts";
import { actorOf, moveStatus } from "#app/features/staff/inbox.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { EditionInput } from "#app/features/staff/events/edition-rules.ts";
import { editionTransition, type EditionAction, type EventEditionStatus } from "#app/features/staff/events/edition-status.ts";
import { countUpTo, cursorOf, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import {
  forgetRevisions,
  recordRevision,
  saveContent,
  type ContentChange,
  type Refusal,
  type VersionedContent,
} from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import {
  eventRegistrations,
  events,
  type EventAgendaItem,
  type EventPhoto,
  type EventRegistrationStatus,
  type EventSpeaker,
  type EventVenue,
} from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/*
 * Event editions as staff write them: a draft, published, unpublished; a save
 * made on an older revision is refused; every change leaves an audit entry.
 */

export type EditionRow = typeof events.$inferSelect;
export type EditionForEdit = EditionRow & { registrations: number };
type Answer = ContentChange;

const NO_EDITION = "There is no such event edition.";
const SLUG_TAKEN = "Another edition already has this address; choose another.";
const slugRefusal: Refusal = { ok: false, status: 409, message: SLUG_TAKEN, fields: { slug: SLUG_TAKEN } };

const registrationsOf = (db: Database) => db.$count(eventRegistrations, eq(eventRegistrations.eventId, events.id));

const listOrder: ListOrder = { time: events.updatedAt, id: events.id };

/** One page of every edition, most recently changed first, by title search and status. */
export function listEditions(db: Database, filter: { search: string; status: EventEditionStatus | null }, cursor: ListCursor | null) {
  const where = and(filter.search ? ilike(events.title, likePattern(filter.search)) : undefined, filter.status ? eq(events.status, filter.status) : undefined);
  return readListPage(
    listOrder,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({
          id: events.id,
          title: events.title,
          slug: events.slug,
          status: events.status,
          startsAt: events.startsAt,
          capacity: events.capacity,
          registrations: registrationsOf(db),
          changedAt: events.updatedAt,
          scheduledAt: scheduledAtColumn("edition", events.id),
          cursor: cursorOf(listOrder),
        })
        .from(events)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    () => countUpTo(db, events, where),
  );
}

export async function editionForEdit(db: Database, id: number): Promise<EditionForEdit | null> {
  const [row] = await db
    .select({ edition: events, registrations: registrationsOf(db) })
    .from(events)
    .where(eq(events.id, id));
  return row ? { ...row.edition, registrations: row.registrations } : null;
}

/** An edition's content as a revision keeps it: its times as ISO text, the photos already stored and named. */
export type EditionData = {
  title: string;
  slug: string;
  summary: string;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  venue: EventVenue;
  capacity: number;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  agenda: EventAgendaItem[];
  speakers: EventSpeaker[];
  recap: string[];
  recapPhotos: EventPhoto[];
};

const iso = (date: Date | null) => date?.toISOString() ?? null;
const moment = (text: string | null) => (text === null ? null : new Date(text));

export function editionData(input: EditionInput): EditionData {
  return {
    title: input.title,
    slug: input.slug,
    summary: input.summary,
    timeZone: input.timeZone,
    startsAt: input.startsAt.toISOString(),
    endsAt: input.endsAt.toISOString(),
    venue: input.venue,
    capacity: input.capacity,
    registrationOpensAt: iso(input.registrationOpensAt),
    registrationClosesAt: iso(input.registrationClosesAt),
    agenda: input.agenda,
    speakers: input.speakers,
    recap: input.recap,
    recapPhotos: input.recapPhotos,
  };
}

/** The edition's columns holding `data`. */
export const editionColumnsOf = (data: EditionData) => ({
  ...data,
  startsAt: new Date(data.startsAt),
  endsAt: new Date(data.endsAt),
  registrationOpensAt: moment(data.registrationOpensAt),
  registrationClosesAt: moment(data.registrationClosesAt),
});

async function slugTaken(db: Database, slug: string, exceptId: number | null) {
  const [row] = await db
    .select({ n: count() })
    .from(events)
    .where(and(eq(events.slug, slug), exceptId === null ? undefined : ne(events.id, exceptId)));
  return (row?.n ?? 0) > 0;
}

/**
 * What other rows decide: the address is no other edition's, and the places
 * are not fewer than those already given (nobody loses a confirmed place by an edit).
 */
async function editionRefusal(tx: Database, id: number, data: EditionData): Promise<Refusal | null> {
  if (await slugTaken(tx, data.slug, id)) return slugRefusal;
  const [taken] = await tx
    .select({ n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, id), eq(eventRegistrations.status, "registered")));
  const holding = taken?.n ?? 0;
  if (holding <= data.capacity) return null;
  const message = `${holding} people already hold a place, so the capacity cannot be lower than ${holding}.`;
  return { ok: false, status: 409, message, fields: { capacity: message } };
}

/** Event editions on the content core: their fields, and how a version reaches the public pages. */
export const editionContent: VersionedContent<EditionRow, EditionData> = {
  type: "edition",
  noun: "edition",
  fields: [
    { key: "title", label: "Title", kind: "text" },
    { key: "slug", label: "Address", kind: "text" },
    { key: "summary", label: "Summary", kind: "text" },
    { key: "timeZone", label: "Time zone", kind: "text" },
    { key: "startsAt", label: "Starts", kind: "time" },
    { key: "endsAt", label: "Ends", kind: "time" },
    { key: "venue", label: "Venue", kind: "text" },
    { key: "capacity", label: "Places", kind: "text" },
    { key: "registrationOpensAt", label: "Registration opens", kind: "time" },
    { key: "registrationClosesAt", label: "Registration closes", kind: "time" },
    { key: "agenda", label: "Agenda", kind: "text" },
    { key: "speakers", label: "Speakers", kind: "text" },
    { key: "recap", label: "Recap", kind: "list" },
    { key: "recapPhotos", label: "Recap photos", kind: "text" },
  ],
  lock: async (tx, id) => (await tx.select().from(events).where(eq(events.id, id)).for("update"))[0] ?? null,
  dataOf: (row) => ({
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    venue: row.venue,
    capacity: row.capacity,
    registrationOpensAt: iso(row.registrationOpensAt),
    registrationClosesAt: iso(row.registrationClosesAt),
    agenda: row.agenda,
    speakers: row.speakers,
    recap: row.recap,
    recapPhotos: row.recapPhotos,
  }),
  isPublic: (row) => row.status === "published",
  publishDraft: (tx, id, actor, ipAddress) => changeEditionStatus(tx, id, "publish", actor, ipAddress),
  publicPath: (_id, data) => eventPagePath(data.slug),
  writeLive: async (tx, id, data) => {
    await tx
      .update(events)
      .set({ ...editionColumnsOf(data), revision: sql`${events.revision} + 1`, updatedAt: sql`now()` })
      .where(eq(events.id, id));
  },
  touch: async (tx, id) => {
    await tx
      .update(events)
      .set({ revision: sql`${events.revision} + 1` })
      .where(eq(events.id, id));
  },
  edited: "edition-edited",
  check: editionRefusal,
  savedMessage: (row) => (row.status === "draft" ? "The draft is saved." : "Saved. The public page shows the change within seconds."),
};

/** A new draft: nobody outside the staff area sees it until it is published. Its content is revision 1. */
export async function createEdition(db: Database, input: EditionInput, actor: AuditActor, ipAddress: string): Promise<Answer> {
  return db.transaction(async (tx) => {
    if (await slugTaken(tx, input.slug, null)) return slugRefusal;
    const data = editionData(input);
    const [row] = await tx
      .insert(events)
      .values({ ...editionColumnsOf(data), status: "draft" })
      .returning({ id: events.id });
    if (!row) throw new Error("The event insert returned no row");
    await recordRevision(tx, { type: "edition", itemId: row.id, data, origin: "first", actor });
    await audit(tx, { actor, action: "edition-created", target: { type: "edition", id: row.id }, ipAddress });
    return { ok: true, id: row.id, message: `The draft "${input.title}" is saved.` };
  });
}

/** Saves an edit made on revision `shownRevision` (see saveContent and editionRefusal). */
export function saveEdition(
  db: Database,
  id: number,
  shownRevision: number,
  input: EditionInput,
  actor: AuditActor,
  ipAddress: string,
  publish = true,
): Promise<Answer> {
  return saveContent(db, editionContent, { id, shownRevision, data: () => editionData(input), publish, actor, ipAddress });
}

const doneMessages: Record<EditionAction, (title: string) => string> = {
  publish: (title) => `"${title}" is published: its page is public, and it is the current edition if it is the next one to happen.`,
  unpublish: (title) => `"${title}" is a draft again: its page is no longer public.`,
  delete: (title) => `"${title}" is deleted.`,
};

const auditActionOf = {
  publish: "edition-published",
  unpublish: "edition-unpublished",
  delete: "edition-deleted",
} as const satisfies Record<EditionAction, AuditAction>;

/** Publish, unpublish or delete, checked against the edition as it is now (not as the page showed it). */
export async function changeEditionStatus(db: Database, id: number, action: EditionAction, actor: AuditActor, ipAddress: string): Promise<Answer> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ edition: events, registrations: registrationsOf(tx) })
      .from(events)
      .where(eq(events.id, id))
      .for("update", { of: events });
    if (!before) return { ok: false, status: 404, message: NO_EDITION };
    const move = editionTransition({ status: before.edition.status, registrations: before.registrations }, action);
    if (!move.ok) return { ok: false, status: 409, message: move.message };
    // Published or deleted by hand: a schedule to publish it has nothing left to do.
    if (action === "publish" || move.to === "deleted") await endSchedule(tx, "edition", id);
    if (move.to === "deleted") {
      await tx.delete(events).where(eq(events.id, id));
      await forgetRevisions(tx, "edition", id);
    } else
      await tx
        .update(events)
        .set({ status: move.to, revision: sql`${events.revision} + 1`, updatedAt: sql`now()` })
        .where(eq(events.id, id));
    await audit(tx, { actor, action: auditActionOf[action], target: { type: "edition", id }, detail: { title: before.edition.title }, ipAddress });
    return { ok: true, id, message: doneMessages[action](before.edition.title) };
  });
}

/**
 * Moves a waiting-list registration (or, from the status list, one of
 * another status shown as `from`) to a place, if the edition has one free
 * (raise the capacity first otherwise), with its history and audit entries,
 * and mails the person their confirmation with the calendar invitation
 * through the outbox, all in one transaction.
 */
export async function giveWaitlistPlace(
  services: Pick<Services, "db" | "outbox" | "env">,
  registrationId: number,
  user: StaffUser,
  ipAddress: string,
  from: Exclude<EventRegistrationStatus, "registered"> = "waitlisted",
): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
  return services.db.transaction(async (tx) => {
    const [registration] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, registrationId));
    if (!registration) return { ok: false, status: 404, message: "There is no such event registration; it may have been erased." };
    // The same lock registering takes: the count of places cannot change under us.
    const [edition] = await tx.select().from(events).where(eq(events.id, registration.eventId)).for("update");
    if (!edition) return { ok: false, status: 404, message: NO_EDITION };
    const [taken] = await tx
      .select({ n: count() })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, edition.id), eq(eventRegistrations.status, "registered")));
    const registered = taken?.n ?? 0;
    if (registered >= edition.capacity)
      return {
        ok: false,
        status: 409,
        message: `Every place is taken (${registered} of ${edition.capacity}). Raise the edition's capacity first, then give the place.`,
      };
    const subject = { type: "registration", id: registrationId } as const;
    if (!(await moveStatus(tx, subject, { from, to: "registered" }, user, ipAddress)))
      return {
        ok: false,
        status: 409,
        message:
          from === "waitlisted"
            ? "Only someone on the waiting list can be given a place; this registration is no longer on it."
            : "Someone changed the status while you were looking. Nothing was changed; the page now shows their change.",
      };
    await services.outbox.enqueue(tx, {
      template: "event-registration",
      to: registration.email,
      params: {
        ...eventCalendarFacts(services.env.SITE_URL, edition, (await readSiteFacts(tx)).facts.emails.general),
        full_name: registration.fullName,
        status: "registered",
        reference: registration.reference,
        when_text: eventWhenText(edition),
        map_url: edition.venue.mapUrl,
      },
      kind: "event",
      registrationId,
    });
    await audit(tx, { actor: actorOf(user), action: "waitlist-place-given", target: subject, detail: { edition: edition.title }, ipAddress });
    return { ok: true };
  });
}
