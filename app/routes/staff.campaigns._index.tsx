import { Link } from "react-router";
import type { Route } from "./+types/staff.campaigns._index";
import { campaignFigureKeys, campaignFigureLabels } from "#app/features/campaigns/campaign-figures.tsx";
import { NOT_COUNTED, shareText } from "#app/features/campaigns/campaign-engagement.tsx";
import { campaignStateLabels } from "#app/features/campaigns/campaign-rules.ts";
import { countingInForce } from "#app/features/campaigns/campaign-tracking.server.ts";
import { listCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import { digestCampaignIds } from "#app/features/campaigns/insight-digest.server.ts";
import { canOpen } from "#app/features/staff/roles.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { ListRow, ListTable } from "#app/features/staff/table-ui.tsx";
import { buttonClass, linkClass, PageHeading, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

/** Every campaign fits one page for years (one a week is fifty a year); the export has them all. */
const SHOWN = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "campaigns");
  const services = await servicesOf(context);
  const campaigns = await listCampaigns(services.db, null, SHOWN);
  const digests = await digestCampaignIds(
    services.db,
    campaigns.map((campaign) => campaign.id),
  );
  return {
    campaigns: campaigns.map((campaign) => ({ ...campaign, isDigest: digests.has(campaign.id) })),
    counting: await countingInForce(services),
    mayChangeCounting: canOpen(user, "campaignTracking"),
  };
}

export const meta: Route.MetaFunction = () => staffMeta("Newsletter campaigns");

const shownFigures = campaignFigureKeys.filter((key) => key !== "waiting" && key !== "notSent");

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns, counting, mayChangeCounting } = loaderData;
  return (
    <>
      <PageHeading title="Newsletter campaigns">
        Write a campaign, preview it, send yourself a test, then send it to the confirmed subscribers now or at a time. It goes out at the configured rate and
        can be paused.{" "}
        {counting
          ? "Opens and clicks are counted: each message sent carries a pixel and counted links, and the privacy policy says so."
          : "Opens and clicks are not counted."}{" "}
        {mayChangeCounting ? (
          <Link to="/staff/campaigns/tracking" className={linkClass}>
            Change whether they are counted
          </Link>
        ) : null}
      </PageHeading>
      <p className="mb-6 flex flex-wrap gap-4">
        <Link to="/staff/campaigns/new" className={buttonClass}>
          New campaign
        </Link>
        <Link to="/staff/campaigns/digest" className={`${linkClass} self-center`}>
          Digest of new insights
        </Link>
        <a href="/staff/campaigns/export.csv" className={`${linkClass} self-center`} download>
          Export all as CSV
        </a>
      </p>
      {campaigns.length === 0 ? (
        <p>No campaigns yet.</p>
      ) : (
        <ListTable
          caption="Campaigns, newest first"
          columns={["Subject", "State", "When", ...shownFigures.map((key) => campaignFigureLabels[key]), "Opened", "Clicked"]}
          cards
        >
          {campaigns.map((campaign) => (
            <ListRow
              key={campaign.id}
              cells={[
                <>
                  <Link to={`/staff/campaigns/${campaign.id}`} className={linkClass}>
                    {campaign.subject}
                  </Link>
                  {campaign.isDigest ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">Digest</span> : null}
                </>,
                campaignStateLabels[campaign.state],
                campaign.finishedAt ? (
                  <LocalTime value={campaign.finishedAt} />
                ) : campaign.startedAt ? (
                  <LocalTime value={campaign.startedAt} />
                ) : campaign.sendAt ? (
                  <LocalTime value={campaign.sendAt} />
                ) : (
                  "Not sent"
                ),
                ...shownFigures.map((key) => campaign.figures[key]),
                campaign.engagement ? shareText(campaign.engagement.opened, campaign.engagement.counted) : NOT_COUNTED,
                campaign.engagement ? shareText(campaign.engagement.clicked, campaign.engagement.counted) : NOT_COUNTED,
              ]}
            />
          ))}
        </ListTable>
      )}
    </>
  );
}
