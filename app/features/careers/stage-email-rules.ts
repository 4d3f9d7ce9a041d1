import { site } from "#app/content/site.ts";
import { addBusinessMinutes, type BusinessHours } from "#app/features/leads/business-time.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { checkBody, checkSubject, fillNamedPlaceholders, unknownPlaceholder, type ReplyDraft } from "#app/features/staff/replies/reply-rules.ts";
import type { ApplicationStatus } from "#app/platform/db/schema.server.ts";

/*
 * What a stage email may say: the placeholders a template takes, the check a
 * template passes when an admin saves it, and the words each stage starts
 * with before anyone writes their own.
 */

export const STAGE_PLACEHOLDERS = ["name", "job", "reference"] as const;
export type StagePlaceholders = Record<(typeof STAGE_PLACEHOLDERS)[number], string>;

export const stagePlaceholderHelp = "{{name}} becomes the candidate's name, {{job}} the job title, {{reference}} the application's reference.";

/** The stages a move to can email the candidate: coming back to "new" tells them nothing. */
export const emailStages = ["screening", "interview", "offer", "hired", "rejected"] as const satisfies readonly ApplicationStatus[];
export type EmailStage = (typeof emailStages)[number];

export const isEmailStage = (stage: string): stage is EmailStage => (emailStages as readonly string[]).includes(stage);

export type StageEmailSetting = { stage: EmailStage; sendsEmail: boolean; subject: string; body: string; saved: boolean };

const team = `The ${site.name} talent team`;

/** Kind words for each stage until an admin writes their own; every stage but screening offers its email by default. */
export const defaultStageEmails: Record<EmailStage, Omit<StageEmailSetting, "stage" | "saved">> = {
  screening: {
    sendsEmail: false,
    subject: "Your application for {{job}} is being reviewed ({{reference}})",
    body: `Dear {{name}},\n\nThank you again for applying for {{job}}. Our talent team has started reviewing your application and will write to you about the next step.\n\nKind regards,\n${team}`,
  },
  interview: {
    sendsEmail: true,
    subject: "Let's talk: an interview for {{job}} ({{reference}})",
    body: `Dear {{name}},\n\nWe enjoyed reading your application for {{job}} and would like to meet you. We will be in touch shortly to find a time that suits you.\n\nIf you have any questions before then, reply to this email.\n\nKind regards,\n${team}`,
  },
  offer: {
    sendsEmail: true,
    subject: "Good news about {{job}} ({{reference}})",
    body: `Dear {{name}},\n\nWe are delighted to tell you that we would like to offer you the role of {{job}}. We will send you the details of the offer separately and are happy to answer any questions.\n\nKind regards,\n${team}`,
  },
  hired: {
    sendsEmail: true,
    subject: `Welcome to ${site.name}, {{name}}!`,
    body: `Dear {{name}},\n\nWe are thrilled that you are joining us as {{job}}. Welcome to the team! We will be in touch about your first day.\n\nKind regards,\n${team}`,
  },
  rejected: {
    sendsEmail: true,
    subject: "Your application for {{job}} ({{reference}})",
    body: `Dear {{name}},\n\nThank you for the time and care you put into your application for {{job}}. After careful consideration, we have decided not to take your application further this time.\n\nThis was not an easy decision, and we would be glad to hear from you again when a role fits your experience.\n\nWe wish you every success.\n\nKind regards,\n${team}`,
  },
};

type Checked<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

/** A template as an admin posted it: a one-line subject, a body within its limit, and no placeholder outside the three. */
export function checkStageTemplate(values: { subject?: string; body?: string }): Checked<ReplyDraft> {
  const subject = checkSubject(values.subject ?? "");
  if (!subject.ok) return subject;
  const body = checkBody(values.body ?? "");
  if (!body.ok) return body;
  for (const [field, text] of [
    ["subject", subject.value],
    ["body", body.value],
  ] as const) {
    const unknown = unknownPlaceholder(text, STAGE_PLACEHOLDERS);
    if (unknown) {
      const where = field === "subject" ? "The subject" : "The message";
      return {
        ok: false,
        field,
        message: `${where} holds the placeholder ${unknown}, which is none of {{name}}, {{job}} or {{reference}}; correct it or remove it.`,
      };
    }
  }
  return { ok: true, value: { subject: subject.value, body: body.value } };
}

/** The template with this candidate's name, job and reference filled in: the draft the recruiter edits. */
export function fillStageEmail(template: ReplyDraft, values: StagePlaceholders): ReplyDraft {
  return { subject: fillNamedPlaceholders(template.subject, values), body: fillNamedPlaceholders(template.body, values) };
}

/** "Interview", for sentences. */
export const stageName = (stage: ApplicationStatus) => applicationStatusLabels[stage];

/** A scheduled rejection waits this many business days (decision 073). */
export const REJECTION_DELAY_BUSINESS_DAYS = 2;

/** When a rejection scheduled at `now` goes: two business days of working time later, by the business hours in force. */
export function rejectionDueAt(now: Date, hours: BusinessHours): Date {
  return addBusinessMinutes(now, REJECTION_DELAY_BUSINESS_DAYS * (hours.end - hours.start), hours);
}
