import { escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";

/** A reply staff wrote on a lead's page (stored in outbox.params). */
export type InboxReplyParams = {
  subject: string;
  /** Plain text as written; the HTML part escapes it. */
  body: string;
  /** The sender's own address, so the lead's answer reaches them. */
  reply_to: string;
  /** The Message-ID of the confirmation the lead received, to thread under; empty when there is none. */
  in_reply_to: string;
};

/** Paragraphs at blank lines, line breaks kept, every character escaped. */
export function bodyHtml(body: string): string {
  return body
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

function reply(p: InboxReplyParams): RenderedMail {
  const thread = oneLine(p.in_reply_to);
  return {
    subject: oneLine(p.subject),
    text: p.body,
    html: bodyHtml(p.body),
    replyTo: p.reply_to,
    ...(thread ? { headers: { "In-Reply-To": thread, References: thread } } : {}),
  };
}

/** Replies to leads, by the name stored in `outbox.template`. */
export const replyEmails = {
  "inbox-reply": defineMailTemplate<InboxReplyParams>({
    render: reply,
    // The staff template's fields (subject, message) carry a reply as well; EmailJS cannot set the threading headers.
    emailjsTemplateSetting: "EMAILJS_STAFF_TEMPLATE_ID",
    emailjsParams: (p, to) => ({ to_email: to, subject: oneLine(p.subject), message: p.body, reply_to: p.reply_to }),
  }),
};
