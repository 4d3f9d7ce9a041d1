import { site } from "#app/content/site.ts";
import { detailsHtml, detailsText, escapeHtml, htmlPage, oneLine, type DetailRow } from "#app/platform/email/layout.server.ts";
import {
  jobApplicationConfirmation,
  jobApplicationNotification,
  type JobApplicationParams,
} from "#app/platform/email/application-templates.server.ts";

/** Spec §3: the confirmation email's template parameters, by these exact names. */
export type ConsultationConfirmationParams = {
  to_email: string;
  full_name: string;
  country: string;
  phone: string;
  project_brief: string;
};

export type ConsultationNotificationParams = ConsultationConfirmationParams & { attachment_count: number };

export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  /** For staff mail: answering goes straight to the visitor. */
  replyTo?: string;
};

function details(params: ConsultationConfirmationParams): DetailRow[] {
  return [
    ["Full Name", params.full_name],
    ["Email Address", params.to_email],
    ["Country", params.country],
    ["Phone Number", params.phone],
    ["Project Brief", params.project_brief],
  ];
}

const signature = `${site.name}\n${site.phone.display} · ${site.emails.sales}`;

/** To the visitor who booked a consultation. */
export function consultationConfirmation(params: ConsultationConfirmationParams): RenderedMail {
  const name = params.full_name.trim() || "there";
  const subject = `We received your consultation request – ${site.name}`;
  const text = [
    `Dear ${name},`,
    "",
    `Thank you for booking a free consultation with ${site.name}. We have received your request and will respond within 1 business hour.`,
    "",
    "This is what you sent us:",
    "",
    detailsText(details(params), "Project Brief"),
    "",
    "If anything is wrong, just reply to this email.",
    "",
    signature,
  ].join("\n");
  const html = htmlPage(
    `<p>Dear ${escapeHtml(name)},</p>` +
      `<p>Thank you for booking a free consultation with ${escapeHtml(site.name)}. ` +
      `We have received your request and will respond <strong>within 1 business hour</strong>.</p>` +
      `<p>This is what you sent us:</p>${detailsHtml(details(params))}` +
      `<p>If anything is wrong, just reply to this email.</p>` +
      `<p>${escapeHtml(site.name)}<br>${escapeHtml(site.phone.display)} · ${escapeHtml(site.emails.sales)}</p>`,
  );
  return { subject, text, html };
}

/** To the sales inbox, so someone answers within the promised hour. */
export function consultationNotification(params: ConsultationConfirmationParams, attachmentCount: number): RenderedMail {
  const files = attachmentCount === 0 ? "no files" : attachmentCount === 1 ? "1 file" : `${attachmentCount} files`;
  const subject = oneLine(`New consultation request from ${params.full_name} (${params.country})`);
  const text = [
    "A visitor booked a free consultation. The site promised a response within 1 business hour.",
    "",
    detailsText(details(params), "Project Brief"),
    "",
    `Attachments: ${files} (open the request in the staff area to download them).`,
  ].join("\n");
  const html = htmlPage(
    `<p>A visitor booked a free consultation. The site promised a response within 1 business hour.</p>` +
      `${detailsHtml(details(params))}<p>Attachments: ${escapeHtml(files)} (open the request in the staff area to download them).</p>`,
  );
  return { subject, text, html, replyTo: params.to_email };
}

type TemplateDefinition<Params> = {
  render(params: Params): RenderedMail;
  /** The parameters an EmailJS template receives for this message. */
  emailjsParams(params: Params, to: string): Record<string, string | number>;
};

function defineTemplate<Params>(definition: TemplateDefinition<Params>): TemplateDefinition<Params> {
  return definition;
}

/**
 * Every message the site sends, keyed by the name stored in `outbox.template`.
 * A feature adds its own entry here (e.g. job applications).
 */
export const mailTemplates = {
  "consultation-confirmation": defineTemplate<ConsultationConfirmationParams>({
    render: consultationConfirmation,
    // Exactly the spec's five parameters.
    emailjsParams: (p) => ({
      to_email: p.to_email,
      full_name: p.full_name,
      country: p.country,
      phone: p.phone,
      project_brief: p.project_brief,
    }),
  }),
  "consultation-notification": defineTemplate<ConsultationNotificationParams>({
    render: (p) => consultationNotification(p, p.attachment_count),
    emailjsParams: (p, to) => ({
      to_email: to,
      reply_to: p.to_email,
      full_name: p.full_name,
      email: p.to_email,
      country: p.country,
      phone: p.phone,
      project_brief: p.project_brief,
      attachment_count: p.attachment_count,
    }),
  }),
  "job-application-confirmation": defineTemplate<JobApplicationParams>({
    render: jobApplicationConfirmation,
    emailjsParams: (p) => ({
      to_email: p.to_email,
      full_name: p.full_name,
      position: p.position,
      reference: p.reference,
    }),
  }),
  "job-application-notification": defineTemplate<JobApplicationParams>({
    render: jobApplicationNotification,
    emailjsParams: (p, to) => ({
      to_email: to,
      reply_to: p.to_email,
      full_name: p.full_name,
      email: p.to_email,
      phone: p.phone,
      position: p.position,
      reference: p.reference,
      portfolio_url: p.portfolio_url,
      years_experience: p.years_experience,
      cover_letter: p.cover_letter,
      resume_name: p.resume_name,
      job_url: p.job_url,
    }),
  }),
};

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateParams<Name extends MailTemplateName> = Parameters<(typeof mailTemplates)[Name]["render"]>[0];

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplates, name);
}

export function renderTemplate(name: string, params: unknown, to: string) {
  if (!isMailTemplateName(name)) throw new Error(`Unknown email template "${name}"`);
  const template = mailTemplates[name] as TemplateDefinition<unknown>;
  return { ...template.render(params), emailjsParams: template.emailjsParams(params, to) };
}
