import ical, { ICalCalendarMethod } from "ical-generator";
import { site } from "#app/content/site.ts";
import { escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type CalendarAttachment, type RenderedMail } from "#app/platform/email/templates.server.ts";

/** What the registration email is rendered from (stored in outbox.params). */
export type EventRegistrationParams = {
  full_name: string;
  event_title: string;
  status: "registered" | "waitlisted";
  reference: string;
  /** "Friday, 21 November 2025, 09:30–17:30 IST" */
  when_text: string;
  venue_text: string;
  map_url: string;
  page_url: string;
  /** For the calendar file: the event's instants (ISO 8601) and a stable id. */
  starts_at: string;
  ends_at: string;
  event_uid: string;
  /** The general e-mail of the site facts when queued (decision 057): the reply-to and the calendar's organiser; absent on older messages. */
  contact_email?: string;
};

export type EventNextEditionParams = { full_name: string; event_title: string; page_url: string; contact_email?: string };

/** Where a reply to an event e-mail goes: the general e-mail the site showed when it was queued. */
const contactOf = (p: { contact_email?: string }) => p.contact_email ?? site.emails.general;

/** The event as an iCalendar file: times in UTC (every calendar converts them), the venue, the page. */
export function eventCalendar(
  p: Pick<EventRegistrationParams, "event_title" | "starts_at" | "ends_at" | "event_uid" | "venue_text" | "page_url" | "contact_email">,
): CalendarAttachment {
  const calendar = ical({ prodId: { company: site.name, product: "Website", language: "EN" }, method: ICalCalendarMethod.PUBLISH, name: p.event_title });
  calendar.createEvent({
    id: p.event_uid,
    start: new Date(p.starts_at),
    end: new Date(p.ends_at),
    summary: p.event_title,
    location: p.venue_text,
    url: p.page_url,
    description: `${p.event_title}, hosted by ${site.name}. Details and agenda: ${p.page_url}`,
    organizer: { name: site.name, email: contactOf(p) },
  });
  return { filename: `${p.event_uid.split("@")[0]}.ics`, content: calendar.toString() };
}

function registration(p: EventRegistrationParams): RenderedMail {
  const name = p.full_name.trim() || "there";
  const registered = p.status === "registered";
  const subject = oneLine(registered ? `You are registered for ${p.event_title}` : `You are on the waiting list for ${p.event_title}`);
  const opening = registered
    ? `Thank you for registering for ${p.event_title}. Your place is confirmed; the calendar invitation attached adds the day to your calendar.`
    : `Thank you for your interest in ${p.event_title}. Every place is taken, so you are on the waiting list: we will email you if a place opens.`;
  const details: [string, string][] = [
    ["When", p.when_text],
    ["Where", p.venue_text],
    ["Map", p.map_url],
    ["Reference", p.reference],
  ];
  const closing = `The agenda and speakers are on the event page: ${p.page_url}. If you can no longer come, reply to this email so we can offer your place to someone else.`;
  return {
    subject,
    text: [`Dear ${name},`, "", opening, "", ...details.map(([label, value]) => `${label}: ${value}`), "", closing].join("\n"),
    html:
      `<p>Dear ${escapeHtml(name)},</p><p>${escapeHtml(opening)}</p><ul>` +
      details
        .map(([label, value]) =>
          label === "Map"
            ? `<li><a href="${escapeHtml(value)}">Open the venue on a map</a></li>`
            : `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`,
        )
        .join("") +
      `</ul><p>The agenda and speakers are on the <a href="${escapeHtml(p.page_url)}">event page</a>. If you can no longer come, reply to this email so we can offer your place to someone else.</p>`,
    action: { label: "See the agenda and speakers", url: p.page_url },
    signature: [],
    replyTo: contactOf(p),
    ...(registered ? { calendar: eventCalendar(p) } : {}),
  };
}

function nextEdition(p: EventNextEditionParams): RenderedMail {
  const name = p.full_name.trim() || "there";
  const text = `Thank you for asking to hear about the next edition of ${p.event_title}. We will send you one email when its dates are announced, and nothing else.`;
  return {
    subject: oneLine(`We will tell you about the next ${p.event_title.replace(/\s+\d{4}$/, "")}`),
    text: [`Dear ${name},`, "", text, "", `What happened this time: ${p.page_url}`].join("\n"),
    html: `<p>Dear ${escapeHtml(name)},</p><p>${escapeHtml(text)}</p>`,
    action: { label: "What happened this time", url: p.page_url },
    signature: [],
    replyTo: contactOf(p),
  };
}

const asEmailJs = (mail: RenderedMail, to: string) => ({ to_email: to, subject: mail.subject, message: mail.text });

export const eventEmails = {
  "event-registration": defineMailTemplate<EventRegistrationParams>({
    render: registration,
    emailjsTemplateSetting: "EMAILJS_EVENT_TEMPLATE_ID",
    emailjsParams: (p, to) => asEmailJs(registration(p), to),
  }),
  "event-next-edition": defineMailTemplate<EventNextEditionParams>({
    render: nextEdition,
    emailjsTemplateSetting: "EMAILJS_EVENT_TEMPLATE_ID",
    emailjsParams: (p, to) => asEmailJs(nextEdition(p), to),
  }),
};
