import type { ApplicationStatus } from "#app/platform/db/schema.server.ts";

/** What an applicant sees of where their application stands: a word and a sentence, never staff's own status names. */
export type ApplicantStage = { label: string; sentence: string };

const stages: Record<ApplicationStatus, ApplicantStage> = {
  new: { label: "Received", sentence: "We have your application and will start reviewing it soon." },
  screening: { label: "Under review", sentence: "Our talent team is reviewing your application." },
  interview: { label: "Interviewing", sentence: "You are in the interview stage; we will contact you about the next step." },
  offer: { label: "Offer made", sentence: "Good news: we would like you to join us. We will be in touch about the offer by email or phone." },
  hired: { label: "Hired", sentence: "Welcome to the team! We are delighted you are joining us and will be in touch about your first day." },
  rejected: {
    label: "Not selected",
    sentence:
      "Thank you for the time you gave us. We have decided not to take your application further this time, and we would be glad to hear from you again when a role fits.",
  },
};

/** The title an application was made for: what the applicant wrote, else its job's title. */
export function appliedFor(application: { position: string | null; jobTitle: string | null }): string {
  return application.position ?? application.jobTitle ?? "General application";
}

export function applicantStage(status: ApplicationStatus): ApplicantStage {
  return stages[status];
}
