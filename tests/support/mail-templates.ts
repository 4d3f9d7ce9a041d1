import { escapeHtml } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate } from "#app/platform/email/templates.server.ts";

/*
 * Test support: a registry of one template for the platform's tests, which
 * know no feature's templates (those are tested beside their features).
 */

export type NoteParams = { to_email: string; full_name: string; note: string };

export type PrivateLinkParams = { to_email: string; link: string };

export const testMailTemplates = {
  note: defineMailTemplate<NoteParams>({
    render: (p) => ({
      subject: `A note for ${p.full_name} – Kraf Technologies`,
      text: `Dear ${p.full_name},\n\n${p.note}`,
      html: `<p>Dear ${escapeHtml(p.full_name)},</p><p><strong>${escapeHtml(p.note)}</strong></p>`,
    }),
    emailjsTemplateSetting: "EMAILJS_TEMPLATE_ID",
    emailjsParams: (p, to) => ({ to_email: to, full_name: p.full_name, note: p.note }),
  }),
  "private-link": defineMailTemplate<PrivateLinkParams>({
    render: (p) => ({ subject: "Your private link", text: p.link, html: `<p>${escapeHtml(p.link)}</p>` }),
    emailjsTemplateSetting: "EMAILJS_TEMPLATE_ID",
    emailjsParams: (p, to) => ({ to_email: to, link: p.link }),
    secretParams: ["link"],
  }),
};
