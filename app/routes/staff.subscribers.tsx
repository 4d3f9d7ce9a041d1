import type { Route } from "./+types/staff.subscribers";
import { subscribersLoader } from "#app/features/staff/subscriber-pages.server.ts";
import { SubscribersPage } from "#app/features/staff/subscriber-pages.tsx";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => subscribersLoader(args, "newsletter");

export const meta: Route.MetaFunction = () => staffMeta("Newsletter subscribers");

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  return <SubscribersPage {...loaderData} />;
}
