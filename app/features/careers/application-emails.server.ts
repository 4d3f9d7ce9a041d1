import { site } from "#app/content/site.ts";
import { detailsHtml, detailsText, escapeHtml, oneLine, type DetailRow } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";
import { bodyHtml } from "#app/features/staff/replies/reply-emails.server.ts";

/** What both job application emails are rendered from (stored in outbox.params). */
export type JobApplicationParams = {
  to_email: string;
  full_name: string;
  phone: string;
  /** The position applied for, or "General application". */
  position: string;
  reference: string;
  portfolio_url: string;
  years_experience: string;
  cover_letter: string;
  resume_name: string;
  /** The job's page when the application matched an open job, else "". */
  job_url: string;
  /**
   * The applicant's private status page; only in their confirmation. Messages
   * queued before the status page existed have none.
   */
  status_url?: string;
};

function details(p: JobApplicationParams): DetailRow[] {
  return [
    ["Reference", p.reference],
    ["Position", p.position],
    ["Full Name", p.full_name],
    ["Email Address", p.to_email],
    ["Phone Number", p.phone],
    ["LinkedIn or Portfolio URL", p.portfolio_url || "—"],
    ["Years of Experience", p.years_experience || "—"],
    ["Resume", p.resume_name],
    ["Cover Letter", p.cover_letter || "—"],
  ];
}

/** To the applicant: we have it, here is your reference; from and signed by the hiring team. */
function confirmation(p: JobApplicationParams): RenderedMail {
  const name = p.full_name.trim() || "there";
  const subject = oneLine(`We received your application (${p.reference}) – ${site.name}`);
  const text = [
    `Dear ${name},`,
    "",
    `Thank you for applying to ${site.name} for: ${p.position}. Your reference number is ${p.reference}.`,
    "Our talent team reads every application and will reply within a week.",
    ...(p.status_url ? ["", `See where your application stands at any time (this link is private; please do not share it):`, p.status_url] : []),
    "",
    "This is what you sent us:",
    "",
    detailsText(details(p), "Cover Letter"),
  ].join("\n");
  const html =
    `<p>Dear ${escapeHtml(name)},</p>` +
    `<p>Thank you for applying to ${escapeHtml(site.name)} for: <strong>${escapeHtml(p.position)}</strong>. ` +
    `Your reference number is <strong>${escapeHtml(p.reference)}</strong>.</p>` +
    `<p>Our talent team reads every application and will reply within a week.</p>` +
    (p.status_url ? `<p>The button below shows where your application stands at any time. The link is private; please do not share it.</p>` : "") +
    `<p>This is what you sent us:</p>${detailsHtml(details(p))}`;
  return {
    subject,
    text,
    html,
    preheader: `Reference ${oneLine(p.reference)}. Our talent team will reply within a week.`,
    sender: "hiring",
    signature: [],
    ...(p.status_url ? { action: { label: "See where your application stands", url: p.status_url } } : {}),
  };
}

/** To the hiring team; replying goes to the applicant. */
function notification(p: JobApplicationParams): RenderedMail {
  const subject = oneLine(`New application ${p.reference}: ${p.position} – ${p.full_name}`);
  const job = p.job_url ? `Job page: ${p.job_url}` : "Not linked to an open job (general application or an unknown title).";
  const text = [
    "A new job application arrived.",
    "",
    detailsText(details(p), "Cover Letter"),
    "",
    job,
    "The resume is in private storage; open the application in the staff area to download it.",
  ].join("\n");
  const html =
    `<p>A new job application arrived.</p>${detailsHtml(details(p))}<p>${escapeHtml(job)}</p>` +
    `<p>The resume is in private storage; open the application in the staff area to download it.</p>`;
  return { subject, text, html, replyTo: p.to_email };
}

/**
 * The confirmation's Message-ID, derived from the application and the site's
 * host alone, so a stage email can thread to it (In-Reply-To) however the
 * outbox row fares.
 */
export function applicationConfirmationMessageId(applicationId: number, siteUrl: string): string {
  return `<application-${applicationId}-confirmation@${new URL(siteUrl).hostname}>`;
}

/** A stage email as the recruiter sent it (stored in outbox.params). */
export type StageEmailParams = {
  subject: string;
  /** Plain text as the recruiter left it; the HTML part escapes it. */
  body: string;
  /** The confirmation's Message-ID, to thread under; empty when the applicant never got one. */
  in_reply_to: string;
};

/** To the applicant, from and signed by the hiring team, in the thread of their confirmation. */
function stageEmail(p: StageEmailParams): RenderedMail {
  const thread = oneLine(p.in_reply_to);
  return {
    subject: oneLine(p.subject),
    text: p.body,
    html: bodyHtml(p.body),
    sender: "hiring",
    signature: [],
    ...(thread ? { headers: { "In-Reply-To": thread, References: thread } } : {}),
  };
}

/** The job application's messages, by the names stored in `outbox.template`. */
export const applicationEmails = {
  "job-application-confirmation": defineMailTemplate<JobApplicationParams>({
    render: confirmation,
    emailjsTemplateSetting: "EMAILJS_APPLICATION_TEMPLATE_ID",
    emailjsParams: (p) => ({
      to_email: p.to_email,
      full_name: p.full_name,
      position: p.position,
      reference: p.reference,
      status_url: p.status_url ?? "",
    }),
    secretParams: ["status_url"],
  }),
  "job-application-notification": defineMailTemplate<JobApplicationParams>({
    render: notification,
    emailjsTemplateSetting: "EMAILJS_APPLICATION_NOTIFY_TEMPLATE_ID",
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
  "application-stage-email": defineMailTemplate<StageEmailParams>({
    render: stageEmail,
    // The staff template's fields (subject, message) carry it as well; EmailJS cannot set the threading headers.
    emailjsTemplateSetting: "EMAILJS_STAFF_TEMPLATE_ID",
    emailjsParams: (p, to) => ({ to_email: to, subject: oneLine(p.subject), message: p.body }),
  }),
};
