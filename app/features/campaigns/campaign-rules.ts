import type { CampaignState } from "#app/platform/db/schema.server.ts";

/** A campaign's limits and words, shared by the staff form and the server (decision 075). */

export const MAX_CAMPAIGN_SUBJECT_LENGTH = 150;
export const MAX_CAMPAIGN_PREHEADER_LENGTH = 200;
/** A long newsletter's HTML with its images' markup, far below the staff form's body limit. */
export const MAX_CAMPAIGN_BODY_LENGTH = 100_000;

export const campaignStateLabels: Record<CampaignState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
};

/** What can still change: the words until it starts sending. */
export const isEditable = (state: CampaignState) => state === "draft" || state === "scheduled";

export const NO_RECIPIENTS_MESSAGE = "Nobody would get this campaign: the newsletter has no confirmed subscribers it may go to.";

/** Per campaign: its outbox rows by what became of them, and what its recipients did after (decision 075). */
export type CampaignFigures = {
  recipients: number;
  sent: number;
  waiting: number;
  failed: number;
  notSent: number;
  bounced: number;
  complaints: number;
  unsubscribes: number;
};
