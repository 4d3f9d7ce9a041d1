import { data, Link } from "react-router";
import type { Route } from "./+types/featured-insights.$id";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";

export function loader() {
  // Insights come from the database in the insights issue; until then no id matches.
  return data({ found: false }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: "Insight not found",
    description: "The requested insight could not be found.",
    path: location.pathname,
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function InsightDetail() {
  return (
    <section className="container-page py-20">
      <h1 className="text-3xl font-bold tracking-tight">Insight not found</h1>
      <p className="mt-4 text-lg text-slate-700">The requested insight could not be found.</p>
      <Link to="/featured-insights" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Back to Insights
      </Link>
    </section>
  );
}
