import type { AuditAction } from "#app/features/staff/audit.server.ts";

/** What each audit action means, in the words the audit log shows. */
export const auditActionLabels: Record<AuditAction, string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in",
  "sign-out": "Signed out",
  "password-set": "Chose a password with a link",
  "password-changed": "Changed their password",
  "password-reset-requested": "Asked for a password reset link",
  "account-created": "Created a staff account",
  "account-link-issued": "Issued a password link",
  "account-role-changed": "Changed roles",
  "account-deactivated": "Deactivated an account",
  "account-reactivated": "Reactivated an account",
  "status-changed": "Changed a status",
  "note-added": "Added a note",
  "file-downloaded": "Downloaded a file",
  export: "Exported a list",
  "subscriber-erased": "Erased a subscriber",
  "outbox-retried": "Retried an email",
  "job-created": "Created a job draft",
  "job-edited": "Edited a job",
  "job-published": "Published a job",
  "job-closed": "Closed a job",
  "job-reopened": "Reopened a job",
  "job-deleted": "Deleted a job",
  "insight-created": "Created an insight draft",
  "insight-edited": "Edited an insight",
  "insight-published": "Published an insight",
  "insight-scheduled": "Scheduled an insight",
  "insight-unpublished": "Unpublished an insight",
  "insight-deleted": "Deleted an insight",
  "image-uploaded": "Uploaded an image",
  "business-hours-changed": "Changed the business hours",
  "team-created": "Created a team",
  "team-renamed": "Renamed a team",
  "team-removed": "Removed a team",
  "team-member-added": "Added a team member",
  "team-member-removed": "Removed a team member",
  "team-lead-set": "Chose a team's lead",
  "team-webhook-set": "Set a team's webhook",
  "team-webhook-removed": "Removed a team's webhook",
  "team-webhook-secret-regenerated": "Made a team's webhook secret anew",
  "routing-rule-added": "Added a routing rule",
  "routing-rule-removed": "Removed a routing rule",
  "routing-rule-moved": "Moved a routing rule",
  "away-set": "Marked someone away",
  "away-cleared": "Marked someone back",
  "owner-changed": "Changed a lead's owner",
  "reply-sent": "Sent a reply to a lead",
  "call-logged": "Logged a call",
  "reply-template-created": "Added a reply template",
  "reply-template-edited": "Edited a reply template",
  "reply-template-deleted": "Removed a reply template",
  "reply-signature-changed": "Changed the reply signature",
};

export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

/** An action stored before its label existed still shows, as its name. */
export function auditActionLabel(action: string): string {
  return auditActionLabels[action as AuditAction] ?? action;
}
