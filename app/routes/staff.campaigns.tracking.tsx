import { Form } from "react-router";
import type { Route } from "./+types/staff.campaigns.tracking";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { readCampaignTracking, saveCampaignTracking } from "#app/features/campaigns/campaign-tracking.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "campaignTracking");
  const setting = await readCampaignTracking((await servicesOf(context)).db);
  return { ...setting, changedAt: setting.changedAt?.toISOString() ?? null };
}

const choices = { on: true, off: false } as const;

const savedMessages = {
  on: "Counting is on: every campaign message sent from now on carries the pixel and the counted links, and the privacy policy says so.",
  off: "Counting is off: no message sent from now on is counted, nothing more is recorded, and the privacy policy no longer mentions it.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "campaignTracking");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "campaign-tracking",
      fields: ["counting", "revision"],
      labels: { counting: "Count opens and clicks", revision: "Revision" },
    });
    const choice = values.counting;
    if (choice !== "on" && choice !== "off") return formError(400, "Choose on or off.", { counting: "Choose on or off." }, values);
    const revision = Number(values.revision);
    if (!Number.isInteger(revision) || !(await saveCampaignTracking(services.db, choices[choice], revision, user, clientAddressOf(context)))) {
      return formError(409, "Someone saved this after you opened the page. Reload it to see their choice, then save again.", undefined, values);
    }
    // This process's privacy policy and tracking routes follow at once; the others within a second.
    services.content.nudge();
    return { status: "success", messages: [savedMessages[choice]] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Newsletter opens and clicks");

const radioClass = "size-5 accent-brand-700";

export default function CampaignTrackingPage({ loaderData, actionData }: Route.ComponentProps) {
  const typed = actionData?.status === "error" ? actionData.values?.counting : undefined;
  const shown = typed ?? (loaderData.counting ? "on" : "off");
  const error = actionData?.status === "error" ? actionData.fields?.counting : undefined;
  return (
    <>
      <PageHeading title="Newsletter opens and clicks">
        Whether newsletter campaigns count who opens them and who follows their links. Off unless an admin turns it on. While it is on, each campaign message
        sent carries a one-pixel image and links that pass through the site, marked for its recipient; the campaign&apos;s figures and its CSV show how many
        recipients opened it and clicked, each counted once; and the privacy policy tells subscribers, with why. Turning it off stops it for the messages sent
        after, and counts nothing more for those sent before.
        {loaderData.changedAt ? (
          <>
            {" "}
            Last saved <LocalTime value={loaderData.changedAt} />.
          </>
        ) : (
          " Nobody has saved it yet: it is off."
        )}
      </PageHeading>
      <FormNotice answer={actionData} />
      <Form method="post" className="grid max-w-2xl gap-5 rounded-xl border border-slate-300 bg-white p-5">
        <input type="hidden" name="revision" value={loaderData.revision} />
        <fieldset className="space-y-2" aria-describedby={error ? "counting-error" : undefined}>
          <legend className="font-semibold">Count opens and clicks of newsletter campaigns</legend>
          <label className="flex items-center gap-3 py-1">
            <input type="radio" name="counting" value="on" defaultChecked={shown === "on"} className={radioClass} />
            On: count them, and say so in the privacy policy
          </label>
          <label className="flex items-center gap-3 py-1">
            <input type="radio" name="counting" value="off" defaultChecked={shown !== "on"} className={radioClass} />
            Off: count nothing
          </label>
          {error ? (
            <p id="counting-error" className="text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div>
          <button type="submit" className={buttonClass}>
            Save
          </button>
        </div>
      </Form>
    </>
  );
}
