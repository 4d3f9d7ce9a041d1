import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, type AuditDetail } from "#app/platform/db/schema.server.ts";

export type AuditAction =
  | "sign-in"
  | "sign-in-failed"
  | "sign-out"
  | "password-set"
  | "password-changed"
  | "password-reset-requested"
  | "account-created"
  | "account-link-issued"
  | "account-role-changed"
  | "account-deactivated"
  | "account-reactivated"
  | "status-changed"
  | "note-added"
  | "file-downloaded"
  | "file-previewed"
  | "export"
  | "subscriber-erased"
  | "suppression-lifted"
  | "outbox-retried"
  | "job-created"
  | "job-edited"
  | "job-published"
  | "job-closed"
  | "job-reopened"
  | "job-deleted"
  | "insight-created"
  | "insight-edited"
  | "insight-published"
  | "insight-scheduled"
  | "insight-unpublished"
  | "insight-deleted"
  | "revision-restored"
  | "changes-published"
  | "changes-discarded"
  | "changes-scheduled"
  | "publication-scheduled"
  | "schedule-cancelled"
  | "image-uploaded"
  | "business-hours-changed"
  | "team-created"
  | "team-renamed"
  | "team-removed"
  | "team-member-added"
  | "team-member-removed"
  | "team-lead-set"
  | "team-webhook-set"
  | "team-webhook-removed"
  | "team-webhook-secret-regenerated"
  | "routing-rule-added"
  | "routing-rule-removed"
  | "routing-rule-moved"
  | "away-set"
  | "away-cleared"
  | "owner-changed"
  | "reply-sent"
  | "call-logged"
  | "reply-template-created"
  | "reply-template-edited"
  | "reply-template-deleted"
  | "reply-signature-changed"
  | "redirect-created"
  | "redirect-edited"
  | "redirect-deleted"
  | "edition-created"
  | "edition-edited"
  | "edition-published"
  | "edition-unpublished"
  | "edition-deleted"
  | "waitlist-place-given"
  | "site-facts-changed"
  | "page-edited"
  | "case-study-created"
  | "case-study-edited"
  | "case-study-published"
  | "case-study-unpublished"
  | "case-study-deleted"
  | "proof-created"
  | "proof-edited"
  | "proof-published"
  | "proof-unpublished"
  | "proof-deleted"
  | "stage-email-sending-changed"
  | "stage-email-template-edited"
  | "stage-email-sent"
  | "rejection-scheduled"
  | "rejection-cancelled"
  | "retention-changed"
  | "campaign-tracking-changed"
  | "candidate-exported"
  | "candidate-erased"
  | "application-kept"
  | "campaign-created"
  | "campaign-edited"
  | "campaign-test-sent"
  | "campaign-scheduled"
  | "campaign-unscheduled"
  | "campaign-started"
  | "campaign-paused"
  | "campaign-resumed"
  | "insight-digest-changed";

/** Who did it: a signed-in member of staff, the command line, or nobody known (a failed sign-in). */
export type AuditActor = { id: string | null; email: string | null };

export const COMMAND_LINE_ACTOR: AuditActor = { id: null, email: "command line" };

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  target?: { type: string; id: string | number };
  /** Facts about the action (a status, a count, filters); never a visitor's personal data. */
  detail?: AuditDetail;
  ipAddress?: string | null;
};

/** Writes one entry; pass the transaction that makes the change, so both stand or neither does. */
export async function audit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    detail: entry.detail ?? null,
    ipAddress: entry.ipAddress ?? null,
  });
}
