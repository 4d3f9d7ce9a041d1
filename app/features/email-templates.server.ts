import { campaignEmails } from "#app/features/campaigns/campaign-emails.server.ts";
import { applicationEmails } from "#app/features/careers/application-emails.server.ts";
import { consultationEmails } from "#app/features/consultation/consultation-emails.server.ts";
import { eventEmails } from "#app/features/events/event-emails.server.ts";
import { jobAlertEmails } from "#app/features/job-alerts/job-alert-emails.server.ts";
import { newsletterEmails } from "#app/features/newsletter/newsletter-emails.server.ts";
import { retentionEmails } from "#app/features/retention/retention-emails.server.ts";
import { replyEmails } from "#app/features/staff/replies/reply-emails.server.ts";
import { staffEmails } from "#app/features/staff/staff-emails.server.ts";
import type { MailTemplates } from "#app/platform/email/templates.server.ts";

/**
 * Every message the site sends, by the name stored in `outbox.template`: the
 * registry the server entry hands to openServices. Rows already in the outbox
 * are rendered by these names, so a name stays as long as rows may carry it.
 */
export const mailTemplates = {
  ...consultationEmails,
  ...applicationEmails,
  ...staffEmails,
  ...newsletterEmails,
  ...campaignEmails,
  ...jobAlertEmails,
  ...eventEmails,
  ...replyEmails,
  ...retentionEmails,
} satisfies MailTemplates;

declare module "#app/platform/email/templates.server.ts" {
  interface Register {
    mailTemplates: typeof mailTemplates;
  }
}
