import type { Route } from "./+types/careers.alerts.confirm";
import { confirmJobAlert } from "#app/features/job-alerts/job-alert-links.server.ts";
import { ALERT_CONFIRMED_TITLE, AlertConfirmedView, AlertConfirmLinkNotValidView } from "#app/features/job-alerts/job-alert-pages.tsx";
import { linkPageHeaders, linkPageMeta } from "#app/features/mail-lists/list-link-pages.tsx";
import { confirmFromLink } from "#app/features/mail-lists/list-link-routes.server.ts";

/** GET /careers/alerts/confirm?s=…: the link in the job alert's confirmation email (double opt-in). */
export const loader = (args: Route.LoaderArgs) => confirmFromLink(args, confirmJobAlert);

export const headers: Route.HeadersFunction = linkPageHeaders;

export const meta: Route.MetaFunction = ({ data: loaderData }) => linkPageMeta(loaderData?.email ? ALERT_CONFIRMED_TITLE : "Link not valid");

export default function JobAlertConfirm({ loaderData }: Route.ComponentProps) {
  return loaderData.email ? <AlertConfirmedView email={loaderData.email} /> : <AlertConfirmLinkNotValidView />;
}
