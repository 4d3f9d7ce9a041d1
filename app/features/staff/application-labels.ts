import type { ApplicationStatus } from "#app/platform/db/schema.server.ts";

/** Staff's names for an application's status, in the order of the hiring process. */
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  new: "New",
  screening: "Screening",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Rejected",
};

/** The application's emails as staff read them in its delivery list. */
export const applicationEmailNames: Record<string, string> = {
  "job-application-confirmation": "Confirmation to the applicant",
  "job-application-notification": "Notice to the hiring team",
  "application-stage-email": "Stage email to the applicant",
};
