import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { logger } from "#app/platform/logger.server.ts";
import { icalEventOf, messageIdFor, type MailTransport } from "#app/platform/email/transport.server.ts";
import { PRIVATE_DIRECTORY, PRIVATE_FILE } from "#app/platform/storage/local-storage.server.ts";

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
      // Owner-only, like uploads: a message may hold a password-reset or invitation link.
      await fs.promises.mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const id = mail.outboxId ?? randomBytes(4).toString("hex");
      const file = path.join(directory, `${stamp}_${id}_${mail.template}.eml`);
      const temporary = `${file}.tmp`;
      await fs.promises.writeFile(temporary, bytes, { mode: PRIVATE_FILE });
      await fs.promises.rename(temporary, file);
      logger.info({ file, template: mail.template, outboxId: mail.outboxId }, "Email written to file");
    },
  };
}
