import { Link } from "react-router";
import type { Route } from "./+types/careers.alerts";
import { listOpenJobs } from "#app/features/careers/jobs.server.ts";
import { JobAlertForm } from "#app/features/job-alerts/job-alert-form.tsx";
import { handleJobAlertPost } from "#app/features/job-alerts/subscribe-job-alert.server.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** The departments of the open jobs to pick from. */
export async function loader({ context }: Route.LoaderArgs) {
  const listing = await listOpenJobs((await servicesOf(context)).db, { q: "", department: "", jobType: "", location: "" });
  return { departments: listing.facets.department.map((option) => option.label) };
}

/** POST /careers/alerts: the job-alert form on /careers posts here. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleJobAlertPost(request, context, await servicesOf(context));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Job alerts",
    description: "Get an email when a job opens in the departments and workplaces you choose, at most once a day.",
    path: "/careers/alerts",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

/** The job alert on a page of its own: where the form on /careers lands when JavaScript is off. */
export default function JobAlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Job alerts</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Get an email when a job opens in the departments and workplaces you choose, at most once a day. Unsubscribe at any time.
      </p>
      <div className="mt-8 max-w-2xl rounded-2xl border border-slate-200 p-6">
        <JobAlertForm
          id="job-alert"
          departments={loaderData.departments}
          result={actionData}
          defaultEmail={actionData?.status === "error" ? actionData.values?.email : undefined}
        />
      </div>
      <Link to="/careers#open-roles" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Back to the open roles
      </Link>
    </section>
  );
}
