import type { Route } from "./+types/staff.job-alerts.$id.erase";
import { eraseSubscriberAction, eraseSubscriberLoader } from "#app/features/staff/subscriber-pages.server.ts";
import { EraseSubscriberPage } from "#app/features/staff/subscriber-pages.tsx";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => eraseSubscriberLoader(args, "job-alerts");

export const action = (args: Route.ActionArgs) => eraseSubscriberAction(args, "job-alerts");

export const meta: Route.MetaFunction = () => staffMeta("Erase a job alert subscriber");

export default function EraseJobAlertSubscriber({ loaderData, actionData }: Route.ComponentProps) {
  return <EraseSubscriberPage {...loaderData} answer={actionData} />;
}
