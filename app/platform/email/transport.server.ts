import type { CalendarAttachment } from "#app/platform/email/templates.server.ts";

/** One message, rendered and ready for any transport. */
export type OutgoingMail = {
  /** The outbox row, so a resent message keeps its Message-ID and file name. */
  outboxId?: number;
  /** The Message-ID the outbox row carries; without it, one is derived from `outboxId`. */
  messageId?: string;
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (SMTP and .eml files carry them; EmailJS cannot). */
  headers?: Record<string, string>;
  /** An .ics invitation, attached as a calendar part (SMTP and .eml files carry it; EmailJS cannot). */
  calendar?: CalendarAttachment;
  template: string;
  /** What an EmailJS template receives for this message. */
  emailjsParams: Record<string, string | number>;
};

/** Delivers one message or throws an Error whose message a visitor or staff member can read. */
export interface MailTransport {
  readonly name: "file" | "smtp" | "emailjs";
  send(mail: OutgoingMail): Promise<void>;
  close?(): Promise<void> | void;
}

/**
 * The mail server refused this recipient for good (a 5xx answer to RCPT TO,
 * or a 5.1.x mailbox status): the address goes on the suppression list.
 */
export class PermanentRecipientError extends Error {}

export function messageIdFor(mail: OutgoingMail, from: string): string | undefined {
  if (mail.messageId) return mail.messageId;
  if (mail.outboxId === undefined) return undefined;
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<outbox-${mail.outboxId}@${domain}>`;
}

/** Nodemailer's calendar part for a message's invitation: METHOD:PUBLISH, an event to add, not a meeting request. */
export function icalEventOf(mail: OutgoingMail) {
  return mail.calendar ? { filename: mail.calendar.filename, method: "PUBLISH", content: mail.calendar.content } : undefined;
}
