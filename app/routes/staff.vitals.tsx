import type { Route } from "./+types/staff.vitals";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { vitalsPercentiles } from "#app/features/vitals/vitals-store.server.ts";
import { VitalsTable, VitalsThresholds } from "#app/features/vitals/vitals-table.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "vitals");
  const services = await servicesOf(context);
  return { rows: await vitalsPercentiles(services.db), sampleRate: services.env.VITALS_SAMPLE_RATE };
}

export const meta: Route.MetaFunction = () => staffMeta("Web vitals");

export default function Vitals({ loaderData }: Route.ComponentProps) {
  const { rows, sampleRate } = loaderData;
  return (
    <>
      <PageHeading title="Web vitals">
        <p>
          How fast the public pages are for real visitors: the 75th percentile of each metric, the figure search engines judge a page by. Three visits in four
          were at least this fast. A job&apos;s or an insight&apos;s pages are counted together (<code>/careers/:id</code>, <code>/featured-insights/:id</code>
          ).
        </p>
        <p className="mt-2">
          {sampleRate === 0
            ? "Reporting is off (VITALS_SAMPLE_RATE is 0): no new figures arrive."
            : `${formatShare(sampleRate)} of page views report their figures (VITALS_SAMPLE_RATE).`}
        </p>
      </PageHeading>
      <VitalsTable rows={rows} />
      <div className="mt-8">
        <VitalsThresholds />
      </div>
    </>
  );
}

function formatShare(rate: number): string {
  return `${Number((rate * 100).toFixed(2))}%`;
}
