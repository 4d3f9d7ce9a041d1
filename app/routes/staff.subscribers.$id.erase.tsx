import type { Route } from "./+types/staff.subscribers.$id.erase";
import { eraseSubscriberAction, eraseSubscriberLoader } from "#app/features/staff/subscriber-pages.server.ts";
import { EraseSubscriberPage } from "#app/features/staff/subscriber-pages.tsx";
import { staffMeta } from "#app/features/staff/staff-ui.tsx";

export const loader = (args: Route.LoaderArgs) => eraseSubscriberLoader(args, "newsletter");

export const action = (args: Route.ActionArgs) => eraseSubscriberAction(args, "newsletter");

export const meta: Route.MetaFunction = () => staffMeta("Erase a subscriber");

export default function EraseSubscriber({ loaderData, actionData }: Route.ComponentProps) {
  return <EraseSubscriberPage {...loaderData} answer={actionData} />;
}
