import { data, Link } from "react-router";
import type { Route } from "./+types/careers.$id";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";

export const JOB_NOT_FOUND = "Job not found. It may have been removed or the link is invalid.";

export function loader() {
  // Jobs come from the database in the careers issue; until then no id matches.
  return data({ found: false }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta({ title: "Job not found", description: JOB_NOT_FOUND, path: location.pathname, siteUrl: siteUrlFrom(matches), noindex: true });

export default function JobDetail() {
  return (
    <section className="container-page py-20">
      <h1 className="text-3xl font-bold tracking-tight">Job not found</h1>
      <p className="mt-4 text-lg text-slate-700">{JOB_NOT_FOUND}</p>
      <div className="mt-8 flex flex-wrap gap-6">
        <Link to="/careers" className="font-semibold text-brand-700 underline underline-offset-4">
          Back to Careers
        </Link>
      </div>
    </section>
  );
}
