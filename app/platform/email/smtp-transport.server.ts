import nodemailer from "nodemailer";
import { icalEventOf, messageIdFor, type MailTransport } from "#app/platform/email/transport.server.ts";

/** Any SMTP relay given as smtp://user:pass@host:587 (STARTTLS) or smtps://...:465. */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Bounded so a hung server fails the attempt well inside the outbox lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    name: "smtp",
    async send(mail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          icalEvent: icalEventOf(mail),
          messageId: messageIdFor(mail, mail.from),
        });
      } catch (error) {
        throw describeSmtpError(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

function describeSmtpError(error: unknown): Error {
  const { code, responseCode, response, message } = error as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  if (code === "EAUTH") return new Error(`The SMTP server refused the login: ${response ?? message}`);
  if (responseCode) return new Error(`The SMTP server refused the message: ${response ?? message}`);
  if (code === "ECONNECTION" || code === "ESOCKET" || code === "ETIMEDOUT" || code === "EDNS") {
    return new Error(`Could not reach the SMTP server: ${message}`);
  }
  return new Error(`SMTP delivery failed: ${message ?? String(error)}`);
}
