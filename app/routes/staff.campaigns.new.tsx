import { redirect } from "react-router";
import type { Route } from "./+types/staff.campaigns.new";
import { CampaignForm } from "#app/features/campaigns/campaign-form.tsx";
import { readCampaignPost } from "#app/features/campaigns/campaign-posts.server.ts";
import { createCampaign } from "#app/features/campaigns/campaigns.server.ts";
import { answerRejection, formError, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { BackLink, FormNotice, PageHeading, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "campaigns");
  return null;
}

export async function action(args: Route.ActionArgs) {
  const user = requireStaff(args.context, args.request, "campaigns");
  const services = await servicesOf(args.context);
  try {
    const post = await readCampaignPost(args, services);
    if (post.intent !== "save") return unknownIntent();
    if (!post.parsed.ok) return formError(400, post.parsed.message, { [post.parsed.field]: post.parsed.message }, post.typed);
    const id = await createCampaign(services.db, post.parsed.input, user, clientAddressOf(args.context));
    return redirect(`/staff/campaigns/${id}?done=created`);
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("New campaign");

export default function NewCampaign({ actionData }: Route.ComponentProps) {
  return (
    <>
      <BackLink to="/staff/campaigns">All campaigns</BackLink>
      <PageHeading title="New campaign">Write it and save it as a draft; you can then preview it, send yourself a test, and send or schedule it.</PageHeading>
      <FormNotice answer={actionData} />
      <CampaignForm values={{ subject: "", preheader: "", body: "" }} answer={actionData} submitLabel="Save the draft" />
    </>
  );
}
