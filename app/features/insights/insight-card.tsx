import { Link } from "react-router";
import type { InsightCard as InsightCardData } from "#app/features/insights/insight.ts";

/** A grid of insight cards; the listing and the home page share it. */
export function InsightGrid({ insights, headingLevel = 2 }: { insights: InsightCardData[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {insights.map((insight) => (
        <li key={insight.id}>
          <InsightCard insight={insight} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

export function InsightCard({ insight, headingLevel = 2 }: { insight: InsightCardData; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      {/* The title names the link; the picture adds nothing a screen reader needs. */}
      {/* The box keeps the banner's 40:21 shape whatever the upload's, so nothing moves as it loads. */}
      <img
        src={insight.image}
        srcSet={insight.imageSrcSet}
        sizes={insight.imageSizes}
        alt=""
        width={1200}
        height={630}
        loading="lazy"
        className="aspect-[40/21] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold text-brand-700">{insight.category}</p>
        <Heading className="mt-2 text-lg font-bold tracking-tight text-ink">
          {/* The whole card is the link's target area, without nesting the card in the link. */}
          <Link to={insight.href} prefetch="intent" className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline">
            {insight.title}
          </Link>
        </Heading>
        {insight.excerpt ? <p className="mt-2 text-sm text-slate-700">{insight.excerpt}</p> : null}
        <p className="mt-auto pt-4 text-sm text-slate-600">
          <time dateTime={insight.dateTime}>{insight.date}</time>
          <span aria-hidden="true"> · </span>
          <span>{insight.readTime}</span>
        </p>
      </div>
    </article>
  );
}
