import { data } from "react-router";
import type { Route } from "./+types/staff.campaigns.$id";
import { EngagementFigures } from "#app/features/campaigns/campaign-engagement.tsx";
import { CampaignFigureList } from "#app/features/campaigns/campaign-figures.tsx";
import { CampaignForm } from "#app/features/campaigns/campaign-form.tsx";
import { readCampaignPost } from "#app/features/campaigns/campaign-posts.server.ts";
import { campaignStateLabels, isEditable } from "#app/features/campaigns/campaign-rules.ts";
import {
  countRecipients,
  editCampaign,
  findCampaignWithFigures,
  pauseCampaign,
  previewCampaign,
  resumeCampaign,
  scheduleCampaign,
  sendCampaignNow,
  sendCampaignTest,
  unscheduleCampaign,
} from "#app/features/campaigns/campaigns.server.ts";
import { countingInForce } from "#app/features/campaigns/campaign-tracking.server.ts";
import { instantFromLocalField, localFieldValue } from "#app/features/zoned-time.ts";
import { ScheduleForm } from "#app/features/staff/publishing/schedule-form.tsx";
import { answerRejection, changeAnswer, formError, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { staffTimeZone } from "#app/features/staff/staff-time.server.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { IntentButton, RecordPageHeader, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

const notFound = () => data({ message: "There is no such campaign." }, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "campaigns");
  const services = await servicesOf(context);
  const id = parseRecordId(params.id);
  const campaign = id === null ? null : await findCampaignWithFigures(services.db, id);
  if (!campaign) throw notFound();
  const timeZone = await staffTimeZone(services.db, user);
  const done = new URL(request.url).searchParams.get("done") === "created" ? "Draft saved." : null;
  return {
    campaign,
    preview: await previewCampaign(services, campaign),
    recipients: await countRecipients(services.db),
    counting: await countingInForce(services),
    sendAtField: campaign.sendAt ? localFieldValue(campaign.sendAt, timeZone) : "",
    done,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireStaff(args.context, args.request, "campaigns");
  const services = await servicesOf(args.context);
  const ipAddress = clientAddressOf(args.context);
  const id = parseRecordId(args.params.id);
  if (id === null) throw notFound();
  try {
    const post = await readCampaignPost(args, services);
    switch (post.intent) {
      case "save":
        if (!post.parsed.ok) return formError(400, post.parsed.message, { [post.parsed.field]: post.parsed.message }, post.typed);
        return changeAnswer(await editCampaign(services.db, id, post.parsed.input, user, ipAddress));
      case "test":
        return changeAnswer(await sendCampaignTest(services, id, user, ipAddress));
      case "schedule": {
        const at = instantFromLocalField(post.values.publishAt, post.values.timeZone ?? "");
        if (at === "invalid") return formError(400, "Choose the date and time to send at.", { publishAt: "Enter a date and a time." });
        return changeAnswer(await scheduleCampaign(services.db, id, at, user, ipAddress));
      }
      case "unschedule":
        return changeAnswer(await unscheduleCampaign(services.db, id, user, ipAddress));
      case "send":
        return changeAnswer(await sendCampaignNow(services.db, id, user, ipAddress));
      case "pause":
        return changeAnswer(await pauseCampaign(services.db, id, user, ipAddress));
      case "resume":
        return changeAnswer(await resumeCampaign(services.db, id, user, ipAddress));
      default:
        return unknownIntent();
    }
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = ({ data: loaded }) => staffMeta(loaded ? `Campaign: ${loaded.campaign.subject}` : "Campaign");

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, preview, recipients, sendAtField, done, counting } = loaderData;
  const editable = isEditable(campaign.state);
  const fieldError = actionData?.status === "error" ? actionData.fields?.publishAt : undefined;
  return (
    <>
      <RecordPageHeader back={{ to: "/staff/campaigns", label: "All campaigns" }} title={campaign.subject} done={done} answer={actionData}>
        {campaignStateLabels[campaign.state]}
        {campaign.state === "scheduled" && campaign.sendAt ? (
          <>
            {" "}
            for <LocalTime value={campaign.sendAt} />
          </>
        ) : null}
        {campaign.startedAt ? (
          <>
            {" "}
            · started <LocalTime value={campaign.startedAt} />
          </>
        ) : null}
        {campaign.finishedAt ? (
          <>
            {" "}
            · finished <LocalTime value={campaign.finishedAt} />
          </>
        ) : null}
        {campaign.note ? <span className="block">{campaign.note}</span> : null}
      </RecordPageHeader>

      <section aria-labelledby="campaign-sending" className="mb-8 grid gap-4">
        <h2 id="campaign-sending" className="text-xl font-bold text-ink">
          Sending
        </h2>
        {editable ? (
          <>
            <p>
              It goes to the newsletter&apos;s confirmed subscribers whose address is not suppressed: {recipients} {recipients === 1 ? "person" : "people"} now.
            </p>
            <div className="flex flex-wrap gap-3">
              <IntentButton intent="test" label="Send a test to me" />
              <IntentButton intent="send" label="Send now" primary />
              {campaign.state === "scheduled" ? <IntentButton intent="unschedule" label="Cancel the schedule" /> : null}
            </div>
            <ScheduleForm value={sendAtField} error={fieldError} label="Send at" result="The campaign starts sending by itself at that time." />
            <EngagementFigures engagement={campaign.engagement} countingNow={counting} stillToGo />
          </>
        ) : (
          <>
            <CampaignFigureList figures={campaign.figures} />
            <EngagementFigures engagement={campaign.engagement} countingNow={counting} stillToGo={campaign.state !== "sent"} />
            <div className="flex flex-wrap gap-3">
              <IntentButton intent="test" label="Send a test to me" />
              {campaign.state === "sending" ? <IntentButton intent="pause" label="Pause" /> : null}
              {campaign.state === "paused" ? <IntentButton intent="resume" label="Resume" primary /> : null}
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="campaign-preview" className="mb-8 grid gap-4">
        <h2 id="campaign-preview" className="text-xl font-bold text-ink">
          Preview
        </h2>
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-semibold">From</dt>
          <dd className="break-all">{preview.from}</dd>
          <dt className="font-semibold">Subject</dt>
          <dd>{preview.subject}</dd>
          <dt className="font-semibold">Preheader</dt>
          <dd>{preview.preheader || "None"}</dd>
        </dl>
        {/* Sandboxed without scripts; of the site's origin, so its images (served for this origin only, but the campaign's) load. */}
        <div className="flex flex-wrap items-start gap-6">
          <figure className="grid max-w-full gap-2">
            <figcaption className="text-sm font-semibold">On a desktop</figcaption>
            <iframe
              title="The campaign on a desktop"
              srcDoc={preview.html}
              sandbox="allow-same-origin"
              className="h-[40rem] w-[40rem] max-w-full rounded-lg border border-slate-300 bg-white"
            />
          </figure>
          <figure className="grid max-w-full gap-2">
            <figcaption className="text-sm font-semibold">On a phone</figcaption>
            <iframe
              title="The campaign on a phone"
              srcDoc={preview.html}
              sandbox="allow-same-origin"
              className="h-[40rem] w-[375px] max-w-full rounded-lg border border-slate-300 bg-white"
            />
          </figure>
        </div>
      </section>

      {editable ? (
        <section aria-labelledby="campaign-words" className="grid gap-4">
          <h2 id="campaign-words" className="text-xl font-bold text-ink">
            Words
          </h2>
          <CampaignForm values={{ subject: campaign.subject, preheader: campaign.preheader, body: campaign.bodyHtml }} answer={actionData} submitLabel="Save" />
        </section>
      ) : null}
    </>
  );
}
