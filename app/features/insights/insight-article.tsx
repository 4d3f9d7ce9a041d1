import { Link } from "react-router";
import { INSIGHTS_PATH, type InsightDetail } from "#app/features/insights/insight.ts";

function BackToInsights() {
  return (
    <Link to={INSIGHTS_PATH} className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline">
      <span aria-hidden="true">←</span> Back to Insights
    </Link>
  );
}

/** The article view of an insight (spec §2 "Insight detail", loaded state). */
export function InsightArticle({ insight }: { insight: InsightDetail }) {
  return (
    <article className="container-page max-w-4xl py-12" data-testid="insight-article">
      <BackToInsights />
      <img
        src={insight.image}
        srcSet={insight.imageSrcSet}
        sizes={insight.bannerSizes}
        alt={`Banner for ${insight.title}`}
        width={1200}
        height={630}
        // The largest thing above the fold: fetched first.
        fetchPriority="high"
        className="mt-8 aspect-[40/21] w-full rounded-2xl bg-slate-100 object-cover"
      />
      <header className="mt-8">
        <p>
          <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{insight.category}</span>
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{insight.title}</h1>
        <p className="mt-4 flex flex-wrap gap-x-2 text-slate-700">
          <span>
            By <span className="font-semibold text-ink">{insight.author}</span>
          </span>
          <span aria-hidden="true">·</span>
          <time dateTime={insight.dateTime}>{insight.date}</time>
          <span aria-hidden="true">·</span>
          <span>{insight.readTime}</span>
        </p>
      </header>
      {/* Sanitised by an allow-list on the server (insight.server.ts); nothing else reaches this. */}
      <div className="rich-text mt-10" dangerouslySetInnerHTML={{ __html: insight.descriptionHtml }} />
      {insight.tags.length > 0 ? (
        <section aria-labelledby="insight-tags" className="mt-10">
          <h2 id="insight-tags" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            Tags
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {insight.tags.map((tag) => (
              <li key={tag} className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <aside aria-labelledby="insight-author" className="mt-12 flex items-start gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white">
          {insight.authorInitial}
        </span>
        <div>
          <h2 id="insight-author" className="text-lg font-bold">
            {insight.author}
          </h2>
          <p className="mt-1 text-slate-700">{insight.authorBio}</p>
        </div>
      </aside>
      <p className="mt-12">
        <BackToInsights />
      </p>
    </article>
  );
}

/** Spec §2, not found: these texts to the letter. */
export function InsightNotFound() {
  return (
    <section className="container-page max-w-4xl py-20">
      <h1 className="text-3xl font-bold tracking-tight">Insight not found</h1>
      <p className="mt-4 text-lg text-slate-700">The requested insight could not be found.</p>
      <p className="mt-8">
        <BackToInsights />
      </p>
    </section>
  );
}

export const INSIGHT_LOAD_FAILED = "Failed to load insight.";

/** Spec §2, error: an error box with the message (or the spec's default) and a back link. */
export function InsightLoadError({ message }: { message?: string }) {
  return (
    <section className="container-page max-w-4xl py-20">
      <h1 className="text-3xl font-bold tracking-tight">Insight unavailable</h1>
      <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
        <p className="font-semibold">{message || INSIGHT_LOAD_FAILED}</p>
        <p className="mt-1 text-sm">Please try again in a moment.</p>
      </div>
      <p className="mt-8">
        <BackToInsights />
      </p>
    </section>
  );
}
