import { site } from "#app/content/site.ts";
import { escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";

/** What the consent-renewal email is rendered from (stored in outbox.params). */
export type FutureRolesRenewalParams = {
  full_name: string;
  reference: string;
  /** Days until the application is anonymised. */
  notice_days: number;
  /** Where job alerts are asked for: the way to keep hearing about roles once the application is gone. */
  alerts_url: string;
};

/*
 * To a candidate who ticked "keep me in mind for future roles", a notice
 * period before their application is anonymised: their consent ends with the
 * application, and job alerts (double opt-in) are how they renew it.
 */
function renewal(p: FutureRolesRenewalParams): RenderedMail {
  const name = p.full_name.trim() || "there";
  const subject = oneLine(`Shall we keep you in mind for future roles? – ${site.name}`);
  const when = `In ${p.notice_days} days we will delete your application ${p.reference}: your details, answers and resume, as our privacy policy promises.`;
  const ask = `You asked us to keep you in mind for future roles. To keep hearing from us, sign up for job alerts: we will email you when a role that suits you opens.`;
  const nothing = "If you would rather not, do nothing: after that date we keep no personal data of your application.";
  return {
    subject,
    text: [`Dear ${name},`, "", when, "", ask, "", p.alerts_url, "", nothing].join("\n"),
    html: `<p>Dear ${escapeHtml(name)},</p><p>${escapeHtml(when)}</p><p>${escapeHtml(ask)}</p>`,
    action: { label: "Sign up for job alerts", url: p.alerts_url },
    htmlAfterAction: `<p>${escapeHtml(nothing)}</p>`,
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
