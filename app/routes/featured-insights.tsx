import { Link } from "react-router";
import type { Route } from "./+types/featured-insights";
import { site } from "#app/content/site.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { cachePageFor } from "#app/platform/page-cache.ts";

// The same for every visitor: rendered once, then served from memory.
export const headers = cachePageFor(300);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Insights",
    description: `Articles and case notes from the ${site.name} team on software delivery, cloud, data, AI and digital commerce.`,
    path: "/featured-insights",
    siteUrl: siteUrlFrom(matches),
  });

export default function Insights() {
  return (
    <section className="container-page py-16">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Resources</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Insights</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Articles from our engineers and consultants on building and running business software. No articles are
        published yet; subscribe to the newsletter below to hear when the first ones go live.
      </p>
      <Link to="/resources" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Back to Resources
      </Link>
    </section>
  );
}
