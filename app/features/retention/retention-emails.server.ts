import { site } from "#app/content/site.ts";
import { escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";

/** What the consent-renewal email is rendered from (stored in outbox.params). */
export type FutureRolesRenewalParams = {
  full_name: string;
  reference: string;
  /** Days until the application is anonymised. */
  notice_days: number;
  /** The signed page where the candidate keeps the application for another period (renewal-link.server.ts). */
  renew_url: string;
  /** Where job alerts are asked for: the way to keep hearing about roles once the application is gone. */
  alerts_url: string;
};

/*
 * To a candidate who ticked "keep me in mind for future roles", a notice
 * period before their application is anonymised: the link lets them keep it
 * for another period (the page asks first; opening the link changes
 * nothing), and job alerts remain a way to hear of roles without it.
 */
function renewal(p: FutureRolesRenewalParams): RenderedMail {
  const name = p.full_name.trim() || "there";
  const subject = oneLine(`Shall we keep you in mind for future roles? – ${site.name}`);
  const when = `In ${p.notice_days} days we will delete your application ${p.reference}: your details, answers and resume, as our privacy policy promises.`;
  const ask =
    "You asked us to keep you in mind for future roles. If you still would like that, keep your application: the page the link opens shows what we keep and asks you to confirm.";
  const alerts = "You can also sign up for job alerts, and we will email you when a role that suits you opens:";
  const nothing = "If you would rather not, do nothing: after that date we keep no personal data of your application.";
  return {
    subject,
    text: [`Dear ${name},`, "", when, "", ask, "", p.renew_url, "", alerts, p.alerts_url, "", nothing].join("\n"),
    html: `<p>Dear ${escapeHtml(name)},</p><p>${escapeHtml(when)}</p><p>${escapeHtml(ask)}</p>`,
    action: { label: "Keep my application", url: p.renew_url },
    htmlAfterAction: `<p>${escapeHtml(alerts)} <a href="${escapeHtml(p.alerts_url)}">Sign up for job alerts</a></p><p>${escapeHtml(nothing)}</p>`,
    preheader: oneLine(`Your application ${p.reference} will be deleted in ${p.notice_days} days.`),
    sender: "hiring",
    signature: [],
  };
}

/** The retention messages, by the names stored in `outbox.template`. */
export const retentionEmails = {
  "future-roles-renewal": defineMailTemplate<FutureRolesRenewalParams>({
    render: renewal,
    emailjsTemplateSetting: "EMAILJS_STAFF_TEMPLATE_ID",
    emailjsParams: (p, to) => {
      const mail = renewal(p);
      return { to_email: to, subject: mail.subject, message: mail.text };
    },
  }),
};
