import { site } from "#app/content/site.ts";
import { escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";

/** What the confirmation is rendered from (stored in outbox.params; the links are cleared once it is sent). */
export type NewsletterConfirmationParams = {
  confirm_url: string;
  unsubscribe_url: string;
};

/** RFC 2369 and RFC 8058: mail programs offer their own one-click "Unsubscribe" with these. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

function confirmation(p: NewsletterConfirmationParams): RenderedMail {
  const subject = oneLine(`Confirm your subscription to the ${site.name} newsletter`);
  const ask = `Please confirm that you want the ${site.name} newsletter at this address: practical notes on building and running business software, about once a month.`;
  const ignore = "If you did not ask for it, ignore this message: without the confirmation we send nothing more.";
  const leave = "Changed your mind? Unsubscribe with one click:";
  return {
    subject,
    text: ["Hello,", "", ask, "", p.confirm_url, "", ignore, "", leave, p.unsubscribe_url].join("\n"),
    html: `<p>Hello,</p><p>${escapeHtml(ask)}</p>`,
    action: { label: "Confirm my subscription", url: p.confirm_url },
    htmlAfterAction: `<p>${escapeHtml(ignore)}</p><p>Changed your mind? <a href="${escapeHtml(p.unsubscribe_url)}">Unsubscribe</a> with one click.</p>`,
    signature: [],
    headers: unsubscribeHeaders(p.unsubscribe_url),
  };
}

export const newsletterEmails = {
  "newsletter-confirmation": defineMailTemplate<NewsletterConfirmationParams>({
    render: confirmation,
    emailjsTemplateSetting: "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    emailjsParams: (p, to) => {
      const mail = confirmation(p);
      return { to_email: to, subject: mail.subject, message: mail.text };
    },
    secretParams: ["confirm_url", "unsubscribe_url"],
  }),
};
