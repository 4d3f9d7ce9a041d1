import type { Route } from "./+types/staff.campaigns.export[.]csv";
import { campaignFigureKeys, campaignFigureLabels } from "#app/features/campaigns/campaign-figures.tsx";
import { engagementKeys, engagementLabels } from "#app/features/campaigns/campaign-engagement.tsx";
import { campaignStateLabels } from "#app/features/campaigns/campaign-rules.ts";
import { listCampaigns, type CampaignRow } from "#app/features/campaigns/campaigns.server.ts";
import { csvFileName, csvResponse, inPages, type CsvColumn } from "#app/features/staff/csv.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

const columns: CsvColumn<CampaignRow>[] = [
  { header: "Campaign", value: (row) => row.id },
  { header: "Subject", value: (row) => row.subject },
  { header: "State", value: (row) => campaignStateLabels[row.state] },
  { header: "Scheduled for (UTC)", value: (row) => row.sendAt },
  { header: "Started at (UTC)", value: (row) => row.startedAt },
  { header: "Finished at (UTC)", value: (row) => row.finishedAt },
  ...campaignFigureKeys.map((key): CsvColumn<CampaignRow> => ({ header: campaignFigureLabels[key], value: (row) => row.figures[key] })),
  // Empty, not 0, for a campaign whose opens and clicks were not counted.
  ...engagementKeys.map((key): CsvColumn<CampaignRow> => ({ header: engagementLabels[key], value: (row) => row.engagement?.[key] ?? null })),
];

/** Every campaign with its figures, as a CSV file (counts only: no subscriber's address is in it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "campaigns");
  const { db } = await servicesOf(context);
  return csvResponse(
    csvFileName("campaigns"),
    columns,
    inPages((beforeId, size) => listCampaigns(db, beforeId, size)),
  );
}
