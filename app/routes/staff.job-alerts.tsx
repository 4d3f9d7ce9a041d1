import type { Route } from "./+types/staff.job-alerts";
import { subscribersLoader } from "#app/features/staff/subscriber-pages.server.ts";
import { SubscribersPage } from "#app/features/staff/subscriber-pages.tsx";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => subscribersLoader(args, "job-alerts");

export const meta: Route.MetaFunction = () => staffMeta("Job alert subscribers");

export default function JobAlertSubscribers({ loaderData }: Route.ComponentProps) {
  return <SubscribersPage {...loaderData} />;
}
