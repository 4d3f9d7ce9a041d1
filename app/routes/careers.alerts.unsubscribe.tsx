import type { Route } from "./+types/careers.alerts.unsubscribe";
import { jobAlertToUnsubscribe, unsubscribeJobAlert } from "#app/features/job-alerts/job-alert-links.server.ts";
import { AlertUnsubscribedView, AlertUnsubscribeView } from "#app/features/job-alerts/job-alert-pages.tsx";
import { linkPageHeaders, linkPageMeta } from "#app/features/mail-lists/list-link-pages.tsx";
import { askToUnsubscribe, unsubscribeFromLink } from "#app/features/mail-lists/list-link-routes.server.ts";

/** GET /careers/alerts/unsubscribe?s=…: asks first. */
export const loader = (args: Route.LoaderArgs) => askToUnsubscribe(args, jobAlertToUnsubscribe);

/** POST /careers/alerts/unsubscribe?s=…: the button and mail programs' one-click unsubscribe. */
export const action = (args: Route.ActionArgs) => unsubscribeFromLink(args, unsubscribeJobAlert);

export const headers: Route.HeadersFunction = linkPageHeaders;

export const meta: Route.MetaFunction = () => linkPageMeta("Stop job alerts");

export default function JobAlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.unsubscribed) return <AlertUnsubscribedView email={actionData.email} />;
  return loaderData.email && loaderData.token ? (
    <AlertUnsubscribeView email={loaderData.email} token={loaderData.token} />
  ) : (
    <AlertUnsubscribedView email={null} />
  );
}
