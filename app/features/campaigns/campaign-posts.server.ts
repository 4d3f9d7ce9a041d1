import type { RouterContextProvider } from "react-router";
import { campaignFormRules } from "#app/features/campaigns/campaign-form.tsx";
import { parseCampaign } from "#app/features/campaigns/campaigns.server.ts";
import { readStaffForm } from "#app/features/staff/staff-form.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/** A post of a campaign page: its intent, its fields, the words parsed, and the words as typed to draw again after a refusal. */
export async function readCampaignPost({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }, services: Services) {
  const { values } = await readStaffForm(request, context, services, campaignFormRules);
  const typed = { subject: values.subject ?? "", preheader: values.preheader ?? "", body: values.body ?? "" };
  return { intent: values.intent ?? "", values, parsed: parseCampaign(values), typed };
}
