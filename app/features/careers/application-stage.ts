import type { ApplicationStatus } from "#app/platform/db/schema.server.ts";

/** What an applicant sees of where their application stands: a word and a sentence, never staff's own status names. */
export type ApplicantStage = { label: string; sentence: string };

const CLOSED: ApplicantStage = {
  label: "Closed",
  sentence: "The hiring process for this application has finished. If you have questions, write to us quoting your reference.",
};

const stages: Record<ApplicationStatus, ApplicantStage> = {
  new: { label: "Received", sentence: "We have your application and will start reviewing it soon." },
  screening: { label: "Under review", sentence: "Our talent team is reviewing your application." },
  interview: { label: "Interviewing", sentence: "You are in the interview stage; we will contact you about the next step." },
  offer: { label: "Offer", sentence: "We have made you an offer; we will be in touch about it by email or phone." },
  // Hired and rejected read the same, so the page never announces a decision the team has not told the applicant themselves.
  hired: CLOSED,
  rejected: CLOSED,
};

/** The title an application was made for: what the applicant wrote, else its job's title. */
export function appliedFor(application: { position: string | null; jobTitle: string | null }): string {
  return application.position ?? application.jobTitle ?? "General application";
}

export function applicantStage(status: ApplicationStatus): ApplicantStage {
  return stages[status];
}
