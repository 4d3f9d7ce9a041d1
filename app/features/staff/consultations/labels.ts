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

/** The list's orders, as its Order menu names them. */
export const consultationSortLabels = {
  newest: "Newest first",
  urgent: "Most urgent",
  waiting: "Oldest waiting",
} as const;

export type ConsultationSort = keyof typeof consultationSortLabels;

/** The emails a consultation request causes, by template: its own, and the replies staff send from its page. */
export const consultationEmailNames: Record<string, string> = {
  "consultation-confirmation": "Confirmation to the visitor",
  "consultation-notification": "Notification to sales and the owner",
  "consultation-unassigned": "Alert to admins: nobody was available to own it",
  "consultation-overdue": "Alert: overdue, no response yet",
  webhook: "Post to the team's webhook",
  "inbox-reply": "Reply from staff",
};
