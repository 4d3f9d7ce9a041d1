import { data } from "react-router";
import type { Route } from "./+types/applications.status.$token";
import { site } from "#app/content/site.ts";
import { applicationForToken } from "#app/features/careers/application-status.server.ts";
import { ApplicationStatusView, StatusLinkNotValidView } from "#app/features/careers/application-status-view.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const application = await applicationForToken((await servicesOf(context)).db, params.token);
  // The same answer for a token that never existed and one whose application was erased.
  if (!application) return data({ application: null }, { status: 404 });
  return { application };
}

// The token is the only key to the page: no cache keeps it, and no link on it passes the address on.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
});

// No canonical or og:url here: those would repeat the private address.
export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.application ? "Your application" : "Link not valid"} | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function ApplicationStatus({ loaderData }: Route.ComponentProps) {
  return loaderData.application ? <ApplicationStatusView {...loaderData.application} /> : <StatusLinkNotValidView />;
}
