import type { CampaignFigures } from "#app/features/campaigns/campaign-rules.ts";

export const campaignFigureLabels: Record<keyof CampaignFigures, string> = {
  recipients: "Recipients",
  sent: "Sent",
  waiting: "Waiting",
  failed: "Failed",
  notSent: "Not sent (suppressed or left)",
  bounced: "Bounced",
  complaints: "Complaints",
  unsubscribes: "Unsubscribed since",
};

export const campaignFigureKeys = Object.keys(campaignFigureLabels) as (keyof CampaignFigures)[];

/** A campaign's figures as a list of terms and counts. */
export function CampaignFigureList({ figures }: { figures: CampaignFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {campaignFigureKeys.map((key) => (
        <div key={key} className="rounded-lg border border-slate-300 bg-white p-3">
          <dt className="text-sm text-slate-700">{campaignFigureLabels[key]}</dt>
          <dd className="text-2xl font-bold text-ink">{figures[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
