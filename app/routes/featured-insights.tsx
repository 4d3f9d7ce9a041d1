import { Link } from "react-router";
import type { Route } from "./+types/featured-insights";
import { site } from "#app/content/site.ts";
import { FilterLinks } from "#app/components/ui/filter-links.tsx";
import { InsightGrid } from "#app/features/insights/insight-card.tsx";
import { toInsightCard } from "#app/features/insights/insight.server.ts";
import { INSIGHTS_PAGE_SIZE, INSIGHTS_PATH, INSIGHTS_RSS_PATH } from "#app/features/insights/insight.ts";
import { listInsights } from "#app/features/insights/insights.server.ts";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { countLabel, listingHref, parseListingQuery } from "#app/features/insights/listing-query.ts";
import { filterHeadingSuffix, listingMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListingQuery(new URL(request.url).searchParams);
  const { db, content } = await servicesOf(context);
  const listing = await content.read(`insights:${JSON.stringify(query)}`, async () => {
    const result = await listInsights(db, { ...query, pageSize: INSIGHTS_PAGE_SIZE });
    return {
      insights: result.items.map(toInsightCard),
      total: result.total,
      all: result.all,
      categories: result.categories,
      pageCount: Math.max(1, Math.ceil(result.total / INSIGHTS_PAGE_SIZE)),
    };
  });
  return { query, ...listing };
}

// Text, filter and page links and cards, with no client part of its own: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

// The same for every visitor; publishing empties the page cache at once (decision 011).
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", title: `${site.name} Insights`, href: INSIGHTS_RSS_PATH }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const query = loaderData?.query ?? { category: null, page: 1 };
  const parts = [query.category, query.page > 1 ? `Page ${query.page}` : null].filter(Boolean);
  return listingMeta({
    title: parts.length ? `Insights: ${parts.join(", ")}` : "Insights",
    description: `Articles and case notes from the ${site.name} team on software delivery, cloud, data, AI and digital commerce.`,
    // The listing's later pages are pages of it, not filters: each is indexed at its own address.
    path: listingHref(query),
    filter: query.category,
    listingPath: INSIGHTS_PATH,
    siteUrl: siteUrlFrom(matches),
  });
};

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { query, insights, total, all, categories, pageCount } = loaderData;
  const filters = [{ name: "All", count: all, category: null }, ...categories.map((c) => ({ ...c, category: c.name }))];
  return (
    <section className="container-page py-16">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Resources</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Insights{filterHeadingSuffix(query.category)}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        Articles from our engineers and consultants on building and running business software.{" "}
        <a href={INSIGHTS_RSS_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
          Follow by RSS
        </a>
      </p>

      {all > 0 ? (
        <FilterLinks
          label="Insight categories"
          className="mt-10"
          filters={filters.map((filter) => ({
            label: filter.name,
            count: filter.count,
            href: listingHref({ category: filter.category, page: 1 }),
            active: filter.category === query.category,
          }))}
        />
      ) : null}

      <p className="mt-8 text-slate-700" aria-live="polite" data-testid="insight-count">
        {countLabel(total)}
        {query.category ? ` in ${query.category}` : ""}
        {pageCount > 1 ? ` · page ${Math.min(query.page, pageCount)} of ${pageCount}` : ""}
      </p>

      {insights.length > 0 ? (
        <div className="mt-6">
          <InsightGrid insights={insights} />
        </div>
      ) : (
        <EmptyState query={query} total={total} />
      )}

      {pageCount > 1 && insights.length > 0 ? (
        <nav aria-label="Insight pages" className="mt-12 flex items-center justify-between gap-4">
          {query.page > 1 ? (
            <Link to={listingHref({ ...query, page: query.page - 1 })} className="font-semibold text-brand-700 underline underline-offset-4">
              <span aria-hidden="true">← </span>Previous page
            </Link>
          ) : (
            <span />
          )}
          {query.page < pageCount ? (
            <Link to={listingHref({ ...query, page: query.page + 1 })} className="font-semibold text-brand-700 underline underline-offset-4">
              Next page<span aria-hidden="true"> →</span>
            </Link>
          ) : null}
        </nav>
      ) : null}

      <Link to="/resources" className="mt-12 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Back to Resources
      </Link>
    </section>
  );
}

function EmptyState({ query, total }: { query: { category: string | null; page: number }; total: number }) {
  const message =
    total > 0
      ? "There are no insights on this page."
      : query.category
        ? `No insights in ${query.category} yet.`
        : "No insights are published yet. Subscribe to the newsletter below to hear when the first ones go live.";
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center" data-testid="insights-empty">
      <p className="text-lg text-slate-700">{message}</p>
      {query.category || query.page > 1 ? (
        <Link to={listingHref({ category: null, page: 1 })} className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4">
          Show all insights
        </Link>
      ) : null}
    </div>
  );
}
