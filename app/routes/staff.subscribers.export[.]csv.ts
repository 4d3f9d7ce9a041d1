import type { Route } from "./+types/staff.subscribers.export[.]csv";
import { subscribersExport } from "#app/features/staff/subscriber-pages.server.ts";

export const loader = (args: Route.LoaderArgs) => subscribersExport(args, "newsletter");
