import { readSiteFacts } from "#app/features/site-facts/site-facts.server.ts";
import { and, eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import {
  EVENT_CALENDAR_SENT_MESSAGE,
  EVENT_CONSENT_VERSION,
  EVENT_EMAIL_SENT_MESSAGE,
  EVENT_FAILURE_MESSAGE,
  EVENT_FIELD_LABELS,
  EVENT_FORM_FIELDS,
  eventStatusAt,
  nextEditionMessage,
  registeredMessage,
  parseEventForm,
  registrationClosedMessage,
  registrationNotYetMessage,
  registrationWindowAt,
  waitlistedMessage,
  type EventFormResult,
  type EventIntent,
  type EventRegistrationInput,
} from "#app/features/events/event-rules.ts";
import { eventCalendarFacts, eventPageUrl, eventWhenText, formatMoment, registeredCount, type EventRow } from "#app/features/events/events.server.ts";
import type { SuccessAnswer } from "#app/features/forms/form-answer.ts";
import { newReference } from "#app/features/forms/reference.server.ts";
import { CONFIRMATIONS_PER_ADDRESS, submitForm, type ConfirmationOutcome, type FormSpec } from "#app/features/forms/submission.server.ts";
import { bumpContentVersion } from "#app/platform/content-watch.server.ts";
import { eventRegistrations, events, type EventRegistrationStatus } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

type Input = EventRegistrationInput & { intent: EventIntent };
type Saved = { status: EventRegistrationStatus; reference: string };
type Success = SuccessAnswer<Extract<EventFormResult, { status: "success" }>>;

/** Asking again sooner than this sends no second email (a double click, a retried post). */
const RESEND_AFTER_MS = 10 * 60_000;
/** A name, an address, a company and a role fit many times over. */
const MAX_EVENT_FORM_BYTES = 16 * 1024;

function successFor(event: EventRow, saved: Saved, extra: string[] = [], warnings?: string[]): Success {
  const first =
    saved.status === "registered"
      ? registeredMessage(event.title, saved.reference)
      : saved.status === "waitlisted"
        ? waitlistedMessage(event.title, saved.reference)
        : nextEditionMessage();
  return { status: "success", registration: saved.status, messages: [first, ...extra], ...(warnings ? { warnings } : {}) };
}

/** The page's address, for emails and the calendar file. */
const eventForm = (event: EventRow, now: () => Date): FormSpec<Input, Saved, Extract<EventFormResult, { status: "success" }>> => ({
  name: "event",
  read: {
    maxBytes: MAX_EVENT_FORM_BYTES,
    encodings: ["urlencoded", "multipart"],
    fields: EVENT_FORM_FIELDS,
    multiline: [],
    labels: EVENT_FIELD_LABELS,
  },
  echo: ["fullName", "email", "company", "role"],
  unavailableMessage: EVENT_FAILURE_MESSAGE,

  validate({ values }) {
    const parsed = parseEventForm(values);
    if (!parsed.ok) return { ok: false, message: parsed.issue.message, fields: { [parsed.issue.field]: parsed.issue.message } };
    const intent: EventIntent = values.intent === "next-edition" ? "next-edition" : "register";
    // The page may have been open since before the event started (or ended): say so, keep nothing.
    const status = eventStatusAt(now(), event.startsAt, event.endsAt);
    const window = registrationWindowAt(now(), event);
    if (intent === "register" && window === "not-yet")
      return { ok: false, message: registrationNotYetMessage(event.title, formatMoment(event.registrationOpensAt!, event.timeZone)), fields: {} };
    if (intent === "register" && window === "closed") return { ok: false, message: registrationClosedMessage(event.title), fields: {} };
    if (intent === "next-edition" && status !== "past") return { ok: false, message: `${event.title} has not ended yet: register for it instead.`, fields: {} };
    return { ok: true, input: { ...parsed.input, intent } };
  },

  botAnswer: () => successFor(event, { status: "registered", reference: newReference("EVT") }),

  async findEarlier(db, idempotencyKey) {
    const [row] = await db
      .select({ status: eventRegistrations.status, reference: eventRegistrations.reference })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.idempotencyKey, idempotencyKey))
      .limit(1);
    return row ? successFor(event, row) : null;
  },

  async save({ tx, input, idempotencyKey, submittedAt, attribution, services, confirm }) {
    // One registration at a time per event: the count of places taken cannot change under us.
    const [locked] = await tx.select({ capacity: events.capacity }).from(events).where(eq(events.id, event.id)).for("update");
    if (!locked) throw new Error(`Event ${event.slug} is gone`);
    const forNextEdition = input.intent === "next-edition";
    const [earlier] = await tx
      .select({
        id: eventRegistrations.id,
        status: eventRegistrations.status,
        reference: eventRegistrations.reference,
        createdAt: eventRegistrations.createdAt,
      })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, event.id),
          sql`(${eventRegistrations.status} = 'next-edition') = ${forNextEdition}`,
          sql`lower(${eventRegistrations.email}) = lower(${input.email})`,
        ),
      );
    // Asked again moments ago (a double click, a retried post): the same answer, no second email.
    if (earlier && submittedAt.getTime() - earlier.createdAt.getTime() < RESEND_AFTER_MS) return earlier;
    const taken = earlier || forNextEdition ? 0 : await registeredCount(tx, event.id);
    const saved: Saved & { id?: number } = earlier ?? {
      status: forNextEdition ? "next-edition" : taken < locked.capacity ? "registered" : "waitlisted",
      reference: newReference("EVT", submittedAt),
    };
    if (!earlier) {
      const [inserted] = await tx
        .insert(eventRegistrations)
        .values({
          eventId: event.id,
          status: saved.status,
          fullName: input.fullName,
          email: input.email,
          company: input.company || null,
          role: input.role || null,
          consentAt: submittedAt,
          consentVersion: EVENT_CONSENT_VERSION,
          reference: saved.reference,
          idempotencyKey,
          createdAt: submittedAt,
          attribution,
        })
        .returning({ id: eventRegistrations.id });
      saved.id = inserted!.id;
      // The last place just went: every process's page now offers the waiting list.
      if (saved.status === "registered" && taken + 1 >= locked.capacity) await bumpContentVersion(tx);
    }

    // The e-mails quote the site facts in force, read in this transaction (PGlite has one connection).
    const contactEmail = (await readSiteFacts(tx)).facts.emails.general;
    if (saved.status === "next-edition") {
      await confirm({
        template: "event-next-edition",
        to: input.email,
        params: { full_name: input.fullName, event_title: event.title, page_url: eventPageUrl(services.env.SITE_URL, event), contact_email: contactEmail },
        kind: "event",
        registrationId: saved.id,
      });
      return saved;
    }
    await confirm({
      template: "event-registration",
      to: input.email,
      params: {
        ...eventCalendarFacts(services.env.SITE_URL, event, contactEmail),
        full_name: input.fullName,
        status: saved.status,
        reference: saved.reference,
        when_text: eventWhenText(event),
        map_url: event.venue.mapUrl,
      },
      kind: "event",
    });
    return saved;
  },

  answer(saved, confirmation) {
    return successFor(event, saved, ...emailSentences(saved, confirmation));
  },
});

/** What the answer adds about the email: that it went, or why it did not (the registration stands either way). */
function emailSentences(saved: Saved, confirmation: ConfirmationOutcome | null): [string[], string[]?] {
  if (confirmation === null) return [[]];
  if (confirmation.status === "sent") return [[saved.status === "registered" ? EVENT_CALENDAR_SENT_MESSAGE : EVENT_EMAIL_SENT_MESSAGE]];
  const reason =
    confirmation.status === "failed"
      ? confirmation.error
      : confirmation.status === "limited"
        ? `this address has already received ${CONFIRMATIONS_PER_ADDRESS.limit} confirmation emails from us today`
        : "the mail server is slow to answer; we will keep trying";
  return [[], [`We could not send the confirmation email just now: ${reason}. Your registration is saved.`]];
}

/**
 * POST to the event's page: a registration (a place, or the waiting list once
 * every place is taken) while the event is upcoming, or a request to hear about
 * the next edition once it is over. Same pipeline, guards and limits as every
 * form; the confirmation carries the calendar file.
 */
export function handleEventPost(
  request: Request,
  context: Readonly<RouterContextProvider>,
  services: Services,
  event: EventRow,
  now: () => Date = () => new Date(),
) {
  return submitForm(request, context, services, eventForm(event, now));
}
