import nodemailer from "nodemailer";
import { icalEventOf, messageIdFor, PermanentRecipientError, type MailTransport } from "#app/platform/email/transport.server.ts";

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
          // Base64 is encoded natively; quoted-printable, nodemailer's choice for the frame's long lines, is
          // encoded in JavaScript at about twice the CPU, on the event loop that answers pages (a campaign
          // sends up to 200 a second). Mail programs read both alike.
          textEncoding: "base64",
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
  if (responseCode && isPermanentRecipientRefusal(code, responseCode, response)) {
    return new PermanentRecipientError(`The SMTP server refused the recipient for good: ${response ?? message}`);
  }
  if (responseCode) return new Error(`The SMTP server refused the message: ${response ?? message}`);
  if (code === "ECONNECTION" || code === "ESOCKET" || code === "ETIMEDOUT" || code === "EDNS") {
    return new Error(`Could not reach the SMTP server: ${message}`);
  }
  return new Error(`SMTP delivery failed: ${message ?? String(error)}`);
}

/**
 * A 5xx answer to the recipient (RCPT TO), or a 5xx whose enhanced status is
 * 5.1.x (the mailbox or its address is bad). Other 5xx answers (a message too
 * large, a policy refusal of its content) are the message's fault, not the
 * address's, and suppress nothing.
 */
function isPermanentRecipientRefusal(code: string | undefined, responseCode: number, response: string | undefined): boolean {
  if (responseCode < 500 || responseCode > 599) return false;
  return code === "EENVELOPE" || /^5\d\d[ -]5\.1\.\d+/.test(response ?? "");
}
