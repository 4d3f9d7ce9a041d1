import type { OutboxStatus } from "#app/platform/db/schema.server.ts";

/** A message's state as the outbox list and a message's page name it. */
export const outboxStatusLabels: Record<OutboxStatus, string> = {
  pending: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  suppressed: "Not sent: suppressed address",
};

/** The states staff may retry a message from: failed, or suppressed (after its address was lifted; still suppressed, it is skipped again). */
export const retryableStatuses: readonly OutboxStatus[] = ["failed", "suppressed"];
