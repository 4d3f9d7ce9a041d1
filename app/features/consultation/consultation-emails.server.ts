import { site } from "#app/content/site.ts";
import { dueByNamedZone } from "#app/features/leads/response-due.ts";
import { detailsHtml, detailsText, escapeHtml, oneLine, type DetailRow } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";

/** Spec §3: the confirmation email's template parameters, by these exact names. */
export type ConsultationConfirmationParams = {
  to_email: string;
  full_name: string;
  country: string;
  phone: string;
  project_brief: string;
};

/**
 * The request's reference and when it is due (an ISO time and the zone to tell it in: the visitor's
 * when their browser said it, else the company's), and who a reply reaches: the owner, or the sales
 * inbox. Absent on messages queued before requests had references.
 */
export type ConsultationReceiptParams = {
  reference?: string;
  due_at?: string;
  time_zone?: string;
  reply_to?: string;
  /** The phone number the signature quotes, as the site showed it (decision 057); absent on older messages. The signature's address is the sending inbox's (decision 067). */
  company_phone?: string;
};

export type ConsultationNotificationParams = ConsultationConfirmationParams & {
  /** Absent on messages queued before requests had references. */
  reference?: string;
  attachment_count: number;
  /** The request's page in the staff area, absolute; absent on messages queued before leads had owners. */
  record_url?: string;
  /** Who the rotation gave it to; null when nobody was available. */
  owner_name?: string | null;
};

/** To every active admin when a lead arrived and nobody in its team was available to own it. */
export type ConsultationUnassignedParams = { full_name: string; country: string; reference?: string; team: string; record_url: string };

/** To the owner and the team's lead (or the admins) when a lead passed its due time unanswered. */
export type ConsultationOverdueParams = {
  full_name: string;
  country: string;
  reference?: string;
  owner_name: string | null;
  due_at: string;
  record_url: string;
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

/**
 * The confirmation's Message-ID, derived from the request and the site's host
 * alone, so a reply from staff can thread to it (In-Reply-To) however the
 * outbox row fares.
 */
export function confirmationMessageId(consultationId: number, siteUrl: string): string {
  return `<consultation-${consultationId}-confirmation@${new URL(siteUrl).hostname}>`;
}

/** The company's phone number as the signature quotes it: the site's when it was queued, else the default. */
const phoneOf = (params: ConsultationReceiptParams): string => params.company_phone ?? site.phone.display;

/** "by 10:10 on Monday, 30 November, India Standard Time", or null without a due time. */
function dueText(params: ConsultationReceiptParams): string | null {
  if (!params.due_at || !params.time_zone) return null;
  return dueByNamedZone(new Date(params.due_at), params.time_zone);
}

/** To the visitor who booked a consultation: the reference to quote, and when the answer is due; from and signed by the sales team. */
function confirmation(params: ConsultationConfirmationParams & ConsultationReceiptParams): RenderedMail {
  const name = params.full_name.trim() || "there";
  const reference = params.reference ? oneLine(params.reference) : null;
  const due = dueText(params);
  const subject = `We received your consultation request${reference ? ` ${reference}` : ""} – ${site.name}`;
  const referenceSentence = reference ? `Your reference is ${reference}; please quote it when you write or call.` : null;
  const text = [
    `Dear ${name},`,
    "",
    `Thank you for booking a free consultation with ${site.name}. We have received your request and will respond within ${site.responseWindow}${due ? `: ${due}` : ""}.`,
    ...(referenceSentence ? ["", referenceSentence] : []),
    "",
    "This is what you sent us:",
    "",
    detailsText(details(params), "Project Brief"),
    "",
    "If anything is wrong, just reply to this email.",
  ].join("\n");
  const html =
    `<p>Dear ${escapeHtml(name)},</p>` +
    `<p>Thank you for booking a free consultation with ${escapeHtml(site.name)}. ` +
    `We have received your request and will respond <strong>within ${escapeHtml(site.responseWindow)}</strong>` +
    `${due ? `: <strong>${escapeHtml(due)}</strong>` : ""}.</p>` +
    (reference ? `<p>Your reference is <strong>${escapeHtml(reference)}</strong>; please quote it when you write or call.</p>` : "") +
    `<p>This is what you sent us:</p>${detailsHtml(details(params))}` +
    `<p>If anything is wrong, just reply to this email.</p>`;
  const preheader = `${reference ? `Reference ${reference}. ` : ""}We will respond within ${site.responseWindow}${due ? `: ${due}` : ""}.`;
  const mail: RenderedMail = { subject, text, html, preheader, sender: "sales", signature: [phoneOf(params)] };
  return params.reply_to ? { ...mail, replyTo: params.reply_to } : mail;
}

function ownerSentence(params: ConsultationNotificationParams): string | null {
  if (params.owner_name === undefined) return null;
  return params.owner_name === null ? "Owner: nobody yet (everyone in the team is away); the admins are told." : `Owner: ${params.owner_name}.`;
}

/** To the sales inbox and to the lead's owner, so someone answers within the promised hour. */
function notification(params: ConsultationNotificationParams): RenderedMail {
  const count = params.attachment_count;
  const files = count === 0 ? "no files" : count === 1 ? "1 file" : `${count} files`;
  const subject = oneLine(`New consultation request${params.reference ? ` ${params.reference}` : ""} from ${params.full_name} (${params.country})`);
  const owner = ownerSentence(params);
  const link = params.record_url;
  const reference = params.reference ? `Reference: ${params.reference} (the visitor has it; search for it in the staff area).` : null;
  const text = [
    `A visitor booked a free consultation. The site promised a response within ${site.responseWindow}.`,
    ...(reference ? ["", reference] : []),
    ...(owner ? ["", owner] : []),
    "",
    detailsText(details(params), "Project Brief"),
    "",
    `Attachments: ${files} (open the request in the staff area to download them).`,
    ...(link ? ["", `Open the request: ${link}`] : []),
  ].join("\n");
  const html =
    `<p>A visitor booked a free consultation. The site promised a response within ${escapeHtml(site.responseWindow)}.</p>` +
    (reference ? `<p>${escapeHtml(reference)}</p>` : "") +
    (owner ? `<p>${escapeHtml(owner)}</p>` : "") +
    `${detailsHtml(details(params))}<p>Attachments: ${escapeHtml(files)} (open the request in the staff area to download them).</p>`;
  return { subject, text, html, replyTo: params.to_email, ...(link ? { action: openRequest(link) } : {}) };
}

const openRequest = (url: string) => ({ label: "Open the request in the staff area", url });

/** An alert to staff about one request: a sentence and the link to its page. */
function staffAlert(subject: string, intro: string, recordUrl: string): RenderedMail {
  return {
    subject,
    text: [intro, "", `Open the request: ${recordUrl}`].join("\n"),
    html: `<p>${escapeHtml(intro)}</p>`,
    action: openRequest(recordUrl),
  };
}

/** To the admins: a lead that nobody owns, because everyone in its team is away or inactive. */
function unassigned(params: ConsultationUnassignedParams): RenderedMail {
  const subject = oneLine(`Nobody owns the consultation request${params.reference ? ` ${params.reference}` : ""} from ${params.full_name}`);
  const intro = `A consultation request${params.reference ? ` (${params.reference})` : ""} from ${params.full_name} (${params.country}) went to the team ${params.team}, but nobody in it is available: every member is away or inactive. Give it an owner by hand, and check the team.`;
  return staffAlert(subject, intro, params.record_url);
}

/** Once per lead, from the overdue sweep (decision 041). */
function overdue(params: ConsultationOverdueParams): RenderedMail {
  const subject = oneLine(`Overdue: the consultation request${params.reference ? ` ${params.reference}` : ""} from ${params.full_name} has no response yet`);
  const owner = params.owner_name ? `Its owner is ${params.owner_name}.` : "Nobody owns it yet: give it an owner.";
  const intro = `The consultation request from ${params.full_name} (${params.country}) was due for its first response at ${params.due_at} and has none yet. ${owner} Reply or log a call from its page.`;
  return staffAlert(subject, intro, params.record_url);
}

/** The consultation's messages, by the names stored in `outbox.template`. */
export const consultationEmails = {
  "consultation-confirmation": defineMailTemplate<ConsultationConfirmationParams & ConsultationReceiptParams>({
    render: confirmation,
    emailjsTemplateSetting: "EMAILJS_TEMPLATE_ID",
    // Exactly the spec's five parameters.
    emailjsParams: (p) => ({
      to_email: p.to_email,
      full_name: p.full_name,
      country: p.country,
      phone: p.phone,
      project_brief: p.project_brief,
    }),
  }),
  "consultation-notification": defineMailTemplate<ConsultationNotificationParams>({
    render: notification,
    emailjsTemplateSetting: "EMAILJS_NOTIFY_TEMPLATE_ID",
    emailjsParams: (p, to) => ({
      to_email: to,
      reply_to: p.to_email,
      full_name: p.full_name,
      email: p.to_email,
      country: p.country,
      phone: p.phone,
      project_brief: p.project_brief,
      attachment_count: p.attachment_count,
      record_url: p.record_url ?? "",
      owner_name: p.owner_name ?? "",
    }),
  }),
  "consultation-unassigned": defineMailTemplate<ConsultationUnassignedParams>({
    render: unassigned,
    emailjsTemplateSetting: "EMAILJS_STAFF_TEMPLATE_ID",
    emailjsParams: (p, to) => {
      const mail = unassigned(p);
      return { to_email: to, subject: mail.subject, message: mail.text };
    },
  }),
  "consultation-overdue": defineMailTemplate<ConsultationOverdueParams>({
    render: overdue,
    emailjsTemplateSetting: "EMAILJS_STAFF_TEMPLATE_ID",
    emailjsParams: (p, to) => {
      const mail = overdue(p);
      return { to_email: to, subject: mail.subject, message: mail.text };
    },
  }),
};
