import path from "node:path";
import type { Env } from "#app/platform/env.server.ts";
import { createEmailJsTransport } from "#app/platform/email/emailjs-transport.server.ts";
import { createFileTransport } from "#app/platform/email/file-transport.server.ts";
import { createSmtpTransport } from "#app/platform/email/smtp-transport.server.ts";
import type { MailTemplates } from "#app/platform/email/templates.server.ts";
import type { MailTransport } from "#app/platform/email/transport.server.ts";

function mailDirectory(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "mail");
}

/** The transport MAIL_TRANSPORT names (env validation already checked its settings). */
export function createMailTransport(env: Env, templates: MailTemplates): MailTransport {
  switch (env.MAIL_TRANSPORT) {
    case "smtp":
      return createSmtpTransport(env.SMTP_URL ?? "");
    case "emailjs":
      return createEmailJsTransport({
        apiUrl: env.EMAILJS_API_URL,
        publicKey: env.EMAILJS_PUBLIC_KEY,
        privateKey: env.EMAILJS_PRIVATE_KEY,
        serviceId: env.EMAILJS_SERVICE_ID,
        templateIds: Object.fromEntries(Object.entries(templates).map(([name, template]) => [name, env[template.emailjsTemplateSetting]])),
      });
    case "file":
      return createFileTransport(mailDirectory(env));
  }
}
