import { site } from "#app/content/site.ts";
import { escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";

/** What both staff messages are rendered from (stored in outbox.params). */
export type PasswordLinkParams = {
  name: string;
  /** The one-time link to /staff/set-password. */
  url: string;
  /** How long it works, in words ("24 hours", "30 minutes"). */
  valid_for: string;
  /** Who invited them (invitations only). */
  invited_by?: string;
  role?: string;
};

function invitation(p: PasswordLinkParams): RenderedMail {
  const subject = oneLine(`Your ${site.name} staff account`);
  const intro = `${p.invited_by ?? "An administrator"} created a ${site.name} staff account for you${p.role ? ` (${p.role})` : ""}.`;
  const action = `Choose your password with this link. It works once, for ${p.valid_for}:`;
  return {
    subject,
    text: [`Hello ${p.name},`, "", intro, action, "", p.url, "", "If you did not expect this, ignore this message."].join("\n"),
    html: `<p>Hello ${escapeHtml(p.name)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(action)}</p>`,
    action: { label: "Choose your password", url: p.url },
    htmlAfterAction: "<p>If you did not expect this, ignore this message.</p>",
  };
}

function passwordReset(p: PasswordLinkParams): RenderedMail {
  const subject = oneLine(`Reset your ${site.name} staff password`);
  const action = `Someone asked to reset the password of your ${site.name} staff account. Choose a new one with this link. It works once, for ${p.valid_for}:`;
  const ignore = "If it was not you, ignore this message: your password stays as it is.";
  return {
    subject,
    text: [`Hello ${p.name},`, "", action, "", p.url, "", ignore].join("\n"),
    html: `<p>Hello ${escapeHtml(p.name)},</p><p>${escapeHtml(action)}</p>`,
    action: { label: "Choose a new password", url: p.url },
    htmlAfterAction: `<p>${escapeHtml(ignore)}</p>`,
  };
}

const emailjsParams = (p: PasswordLinkParams, to: string, render: (p: PasswordLinkParams) => RenderedMail) => {
  const mail = render(p);
  return { to_email: to, subject: mail.subject, message: mail.text };
};

/** Staff account messages, by the names stored in `outbox.template`. */
export const staffEmails = {
  "staff-invitation": defineMailTemplate<PasswordLinkParams>({
    render: invitation,
    emailjsTemplateSetting: "EMAILJS_STAFF_TEMPLATE_ID",
    emailjsParams: (p, to) => emailjsParams(p, to, invitation),
    secretParams: ["url"],
  }),
  "staff-password-reset": defineMailTemplate<PasswordLinkParams>({
    render: passwordReset,
    emailjsTemplateSetting: "EMAILJS_STAFF_TEMPLATE_ID",
    emailjsParams: (p, to) => emailjsParams(p, to, passwordReset),
    secretParams: ["url"],
  }),
};
