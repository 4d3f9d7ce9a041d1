import type { ConsultationStatus } from "#app/platform/db/schema.server.ts";

/** Consultation statuses as staff read them, in the order a lead moves through them. */
export const consultationStatusLabels: Record<ConsultationStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/** The emails a consultation request causes, by template: its two own, and the replies staff send from its page. */
export const consultationEmailNames: Record<string, string> = {
  "consultation-confirmation": "Confirmation to the visitor",
  "consultation-notification": "Notification to sales",
  "inbox-reply": "Reply from staff",
};
