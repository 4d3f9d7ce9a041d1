import type { MailTransport } from "#app/platform/email/transport.server.ts";

/** The version of the EmailJS library whose payload the spec describes (spec §9). */
const EMAILJS_LIB_VERSION = "4.4.1";

export type EmailJsConfig = {
  apiUrl: string;
  publicKey: string | undefined;
  privateKey: string | undefined;
  serviceId: string | undefined;
  /** EmailJS template id for each of our template names. */
  templateIds: Record<string, string | undefined>;
  timeoutMs?: number;
};

/** The texts of the EmailJS library's own parameter checks. */
export const emailJsMessages = {
  missingPublicKey: "The public key is required. Visit https://dashboard.emailjs.com/admin/account",
  missingServiceId: "The service ID is required. Visit https://dashboard.emailjs.com/admin",
  missingTemplateId: "The template ID is required. Visit https://dashboard.emailjs.com/admin/templates",
  forbidden: "Forbidden: the EmailJS key or origin is not allowed",
  tooManyRequests: "Too Many Requests: EmailJS rate limit reached",
  headless: "Unavailable For Headless Browser: EmailJS refused a non-browser request (enable API access for non-browser applications)",
  network: "Network Error: could not reach EmailJS",
} as const;

/** EmailJS REST API, server side: the spec's JSON plus the private key as accessToken. */
export function createEmailJsTransport(config: EmailJsConfig): MailTransport {
  const endpoint = `${config.apiUrl.replace(/\/+$/, "")}/api/v1.0/email/send`;
  return {
    name: "emailjs",
    async send(mail) {
      const templateId = config.templateIds[mail.template];
      if (!config.publicKey) throw new Error(emailJsMessages.missingPublicKey);
      if (!config.serviceId) throw new Error(emailJsMessages.missingServiceId);
      if (!templateId) throw new Error(emailJsMessages.missingTemplateId);
      const payload = {
        lib_version: EMAILJS_LIB_VERSION,
        user_id: config.publicKey,
        service_id: config.serviceId,
        template_id: templateId,
        template_params: mail.emailjsParams,
        accessToken: config.privateKey,
      };
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
        });
      } catch {
        throw new Error(emailJsMessages.network);
      }
      if (response.ok) return;
      const body = await response.text().catch(() => "");
      throw new Error(describeFailure(response.status, body));
    },
  };
}

function describeFailure(status: number, body: string): string {
  if (status === 403) return emailJsMessages.forbidden;
  if (status === 429) return emailJsMessages.tooManyRequests;
  if (status === 451) return emailJsMessages.headless;
  if (status === 400) {
    if (/public key|user[_ ]id/i.test(body)) return emailJsMessages.missingPublicKey;
    if (/service/i.test(body)) return emailJsMessages.missingServiceId;
    if (/template/i.test(body)) return emailJsMessages.missingTemplateId;
  }
  const detail = body.trim().slice(0, 200);
  return `EmailJS answered ${status}${detail ? `: ${detail}` : ""}`;
}
