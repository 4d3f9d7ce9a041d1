import type { Route } from "./+types/vitals";
import { acceptBeacon } from "#app/features/vitals/vitals-beacon.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** Browsers post their web vitals here (decision 015); answers 204 with no body. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = await servicesOf(context);
  return acceptBeacon(request, { db, sampleRate: env.VITALS_SAMPLE_RATE, siteUrl: env.SITE_URL, clientAddress: clientAddressOf(context) });
}

export function loader() {
  return new Response("Beacons are posted here.", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
