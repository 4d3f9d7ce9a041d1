import { site } from "#app/content/site.ts";
// A cycle with the template map, but only through functions called after both modules load.
import { escapeHtml, type RenderedMail } from "#app/platform/email/templates.server.ts";

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
};

// eslint-disable-next-line no-control-regex
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

function page(body: string): string {
  return `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">${body}</body></html>`;
}

function details(p: JobApplicationParams): [string, string][] {
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

const detailsText = (p: JobApplicationParams) =>
  details(p)
    .map(([label, value]) => (label === "Cover Letter" ? `${label}:\n${value}` : `${label}: ${value}`))
    .join("\n");

const detailsHtml = (p: JobApplicationParams) =>
  `<table role="presentation" cellspacing="0" cellpadding="0">${details(p)
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

/** To the applicant: we have it, here is your reference. */
export function jobApplicationConfirmation(p: JobApplicationParams): RenderedMail {
  const name = p.full_name.trim() || "there";
  const subject = oneLine(`We received your application (${p.reference}) – ${site.name}`);
  const text = [
    `Dear ${name},`,
    "",
    `Thank you for applying to ${site.name} for: ${p.position}. Your reference number is ${p.reference}.`,
    "Our talent team reads every application and will reply within a week.",
    "",
    "This is what you sent us:",
    "",
    detailsText(p),
    "",
    `${site.name}\n${site.emails.careers}`,
  ].join("\n");
  const html = page(
    `<p>Dear ${escapeHtml(name)},</p>` +
      `<p>Thank you for applying to ${escapeHtml(site.name)} for: <strong>${escapeHtml(p.position)}</strong>. ` +
      `Your reference number is <strong>${escapeHtml(p.reference)}</strong>.</p>` +
      `<p>Our talent team reads every application and will reply within a week.</p>` +
      `<p>This is what you sent us:</p>${detailsHtml(p)}` +
      `<p>${escapeHtml(site.name)}<br>${escapeHtml(site.emails.careers)}</p>`,
  );
  return { subject, text, html };
}

/** To the hiring team; replying goes to the applicant. */
export function jobApplicationNotification(p: JobApplicationParams): RenderedMail {
  const subject = oneLine(`New application ${p.reference}: ${p.position} – ${p.full_name}`);
  const job = p.job_url ? `Job page: ${p.job_url}` : "Not linked to an open job (general application or an unknown title).";
  const text = [
    "A new job application arrived.",
    "",
    detailsText(p),
    "",
    job,
    "The resume is in private storage; open the application in the staff area to download it.",
  ].join("\n");
  const html = page(
    `<p>A new job application arrived.</p>${detailsHtml(p)}<p>${escapeHtml(job)}</p>` +
      `<p>The resume is in private storage; open the application in the staff area to download it.</p>`,
  );
  return { subject, text, html, replyTo: p.to_email };
}
