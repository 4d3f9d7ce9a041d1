import type { SuppressionReason } from "#app/platform/db/schema.server.ts";

/** Why an address is on the suppression list, as the staff screen says it. */
export const suppressionReasonLabels: Record<SuppressionReason, string> = {
  "hard-bounce": "Hard bounce",
  complaint: "Complaint (marked as spam)",
  "smtp-failure": "Refused by our mail server",
};

/** A lift's reason: required, one line, short. */
export const MAX_LIFT_REASON_LENGTH = 300;
