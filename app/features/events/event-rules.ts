// zod/mini keeps the shared schema small in the browser bundle.
import * as z from "zod/mini";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { toEmailAddress } from "#app/features/email-address-field.ts";
import { CONSENT_REQUIRED_MESSAGE, CONSENT_VALUE, INVALID_EMAIL_MESSAGE } from "#app/features/forms/form-rules.ts";

/*
 * The event page's forms, for the browser and the server alike: registering
 * while the event is upcoming, and asking to hear about the next edition once
 * it is over. Both post the same fields; `intent` says which.
 */

export type EventStatus = "upcoming" | "live" | "past";

export type EventIntent = "register" | "next-edition";
export type EventFormField = "fullName" | "email" | "company" | "role" | "consent";

export const EVENT_FORM_FIELDS = ["fullName", "email", "company", "role", "consent", "consentVersion", "intent"] as const;
export const EVENT_FIELD_ORDER = ["fullName", "email", "company", "role", "consent"] as const satisfies readonly EventFormField[];
export const EVENT_FIELD_LABELS: Record<(typeof EVENT_FORM_FIELDS)[number], string> = {
  fullName: "Full name",
  email: "Email address",
  company: "Company",
  role: "Role",
  consent: "Consent",
  consentVersion: "Consent version",
  intent: "Intent",
};

export const NAME_MAX_LENGTH = 100;
export const ORGANISATION_MAX_LENGTH = 120;
/** The registration consent's wording version; change it whenever the wording changes. */
export const EVENT_CONSENT_VERSION = "2026-11";

export const NAME_REQUIRED_MESSAGE = "Please enter your full name.";
export const EVENT_FAILURE_MESSAGE = "We could not save your registration just now. Please try again in a few minutes.";

/**
 * Whether registration takes anyone now: not before it opens, not from when
 * it closes, and never once the event has started (whatever the closing says).
 */
export type RegistrationWindow = "not-yet" | "open" | "closed";

export function registrationWindowAt(
  now: Date,
  event: { startsAt: Date; registrationOpensAt: Date | null; registrationClosesAt: Date | null },
): RegistrationWindow {
  if (event.registrationOpensAt && now < event.registrationOpensAt) return "not-yet";
  if (now >= event.startsAt || (event.registrationClosesAt && now >= event.registrationClosesAt)) return "closed";
  return "open";
}

/** Whether the event is ahead, under way or over, by the clock. */
export function eventStatusAt(now: Date, startsAt: Date, endsAt: Date): EventStatus {
  if (now < startsAt) return "upcoming";
  return now < endsAt ? "live" : "past";
}

const optionalText = (max: number, label: string) =>
  z
    .pipe(
      z.optional(z.string()),
      z.transform((value) => (value ?? "").trim()),
    )
    .check(z.maxLength(max, `${label} can be at most ${max} characters.`));

/** Keys are checked in the order the form shows them, so the first issue is the first field's. */
export const eventRegistrationSchema = z.object({
  fullName: z
    .string({ error: NAME_REQUIRED_MESSAGE })
    .check(z.trim(), z.minLength(1, NAME_REQUIRED_MESSAGE), z.maxLength(NAME_MAX_LENGTH, `Your name can be at most ${NAME_MAX_LENGTH} characters.`)),
  email: z.pipe(z.string({ error: INVALID_EMAIL_MESSAGE }), toEmailAddress(INVALID_EMAIL_MESSAGE)),
  company: optionalText(ORGANISATION_MAX_LENGTH, "Company"),
  role: optionalText(ORGANISATION_MAX_LENGTH, "Role"),
  consent: z.literal(CONSENT_VALUE, { error: CONSENT_REQUIRED_MESSAGE }),
});

export type EventRegistrationInput = z.output<typeof eventRegistrationSchema>;
export type EventFormIssue = { field: EventFormField; message: string };

/** The submission as stored (trimmed, the address normalised), or its first problem. Accepts FormData values or plain ones. */
export function parseEventForm(
  values: Partial<Record<EventFormField, unknown>>,
): { ok: true; input: EventRegistrationInput } | { ok: false; issue: EventFormIssue } {
  const result = eventRegistrationSchema.safeParse({
    fullName: values.fullName ?? undefined,
    email: values.email ?? undefined,
    company: values.company ?? undefined,
    role: values.role ?? undefined,
    consent: values.consent ?? undefined,
  });
  if (result.success) return { ok: true, input: result.data };
  const issue = result.error.issues[0];
  const field = (EVENT_FIELD_ORDER as readonly string[]).includes(String(issue?.path[0])) ? (issue!.path[0] as EventFormField) : "consent";
  return { ok: false, issue: { field, message: issue?.message ?? INVALID_EMAIL_MESSAGE } };
}

/** The first problem with a submission, or null. */
export function validateEventForm(values: Partial<Record<EventFormField, unknown>>): EventFormIssue | null {
  const parsed = parseEventForm(values);
  return parsed.ok ? null : parsed.issue;
}

/** What POST /kraf-think-2025 answers; a success names the place it gave. */
export type EventFormResult = FormAnswer<{ registration?: "registered" | "waitlisted" | "next-edition" }>;

export function registeredMessage(title: string, reference: string): string {
  return `You are registered for ${title}. Your reference is ${reference}.`;
}
export function waitlistedMessage(title: string, reference: string): string {
  return `${title} is full, so you are on the waiting list (reference ${reference}). We will email you if a place opens.`;
}
export function nextEditionMessage(): string {
  return "Thank you. We will email you when the next edition is announced.";
}
export function registrationNotYetMessage(title: string, opensText: string): string {
  return `Registration for ${title} opens on ${opensText}.`;
}
export function registrationClosedMessage(title: string): string {
  return `Registration for ${title} has closed.`;
}
export const EVENT_EMAIL_SENT_MESSAGE = "We have emailed your confirmation.";
export const EVENT_CALENDAR_SENT_MESSAGE = "We have emailed your confirmation with a calendar invitation.";
