import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { logger } from "#app/platform/logger.server.ts";
import { icalEventOf, messageIdFor, type MailTransport } from "#app/platform/email/transport.server.ts";

/** The default: nothing leaves the machine; each message is an .eml file any mail client opens. */
export function createFileTransport(directory: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    name: "file",
    async send(mail) {
      const info = await composer.sendMail({
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
      const bytes = (info as unknown as { message: Buffer }).message;
      await fs.promises.mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const id = mail.outboxId ?? randomBytes(4).toString("hex");
      const file = path.join(directory, `${stamp}_${id}_${mail.template}.eml`);
      const temporary = `${file}.tmp`;
      await fs.promises.writeFile(temporary, bytes);
      await fs.promises.rename(temporary, file);
      logger.info({ file, template: mail.template, outboxId: mail.outboxId }, "Email written to file");
    },
  };
}
