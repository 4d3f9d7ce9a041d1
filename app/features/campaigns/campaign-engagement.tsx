/**
 * A campaign's opens and clicks (decision 080), when they were counted: how
 * many of its messages went out counted, and how many of those recipients
 * opened it and followed a link, each once, with every click beside. Null
 * when none of its messages was counted: the figures say so rather than
 * show zeros nobody measured.
 */
export type CampaignEngagement = { counted: number; opened: number; clicked: number; clicks: number };

export const engagementLabels: Record<keyof CampaignEngagement, string> = {
  counted: "Messages counted",
  opened: "Opened",
  clicked: "Clicked",
  clicks: "Clicks in all",
};

export const engagementKeys = Object.keys(engagementLabels) as (keyof CampaignEngagement)[];

export const NOT_COUNTED = "Not counted";

/** "12 (30%)": recipients who did it, and their share of the messages counted. */
export function shareText(count: number, counted: number): string {
  return counted > 0 ? `${count} (${Math.round((count / counted) * 100)}%)` : String(count);
}

/** Why a campaign shows no opens and clicks. */
function notCountedText(countingNow: boolean, stillToGo: boolean): string {
  if (!countingNow) return "Opens and clicks are not counted: counting is off. An admin can turn it on.";
  return stillToGo
    ? "Opens and clicks: none counted yet. Counting is on: each message is counted as it goes out."
    : "Opens and clicks were not counted for this campaign: counting was off while it went out.";
}

/** The opens and clicks of a campaign's page, or the sentence saying why there are none. */
export function EngagementFigures({
  engagement,
  countingNow,
  stillToGo,
}: {
  engagement: CampaignEngagement | null;
  countingNow: boolean;
  /** Some of its messages may still go out (it is not sent). */
  stillToGo: boolean;
}) {
  if (!engagement) return <p className="rounded-lg border border-slate-300 bg-white p-3">{notCountedText(countingNow, stillToGo)}</p>;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {engagementKeys.map((key) => (
        <div key={key} className="rounded-lg border border-slate-300 bg-white p-3">
          <dt className="text-sm text-slate-700">{engagementLabels[key]}</dt>
          <dd className="text-2xl font-bold text-ink">
            {key === "opened" || key === "clicked" ? shareText(engagement[key], engagement.counted) : engagement[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
