import { Link } from "react-router";
import { InsightGrid } from "#app/features/insights/insight-card.tsx";
import { INSIGHTS_PATH, type InsightCard } from "#app/features/insights/insight.ts";

/** The home page's latest insights; nothing at all when none are published. */
export function FeaturedInsightsSection({ insights }: { insights: InsightCard[] }) {
  if (insights.length === 0) return null;
  return (
    <section aria-labelledby="featured-insights" className="bg-slate-50">
      <div className="container-page py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="featured-insights" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Featured insights
          </h2>
          <Link to={INSIGHTS_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
            View all insights<span aria-hidden="true"> →</span>
          </Link>
        </div>
        <div className="mt-8">
          <InsightGrid insights={insights} headingLevel={3} />
        </div>
      </div>
    </section>
  );
}
