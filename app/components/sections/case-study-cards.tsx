import { Link } from "react-router";
import type { CaseStudyCard } from "#app/content/case-studies.ts";
import { srcSetOf } from "#app/features/images/image-rules.ts";

/** Marks a demo case study wherever one is shown: it is an example, not a client's project. */
export function DemoBadge() {
  return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Demo example</span>;
}

/** Case study cards: the whole card leads to the study, through the one link in its heading. */
export function CaseStudyGrid({ cards }: { cards: readonly CaseStudyCard[] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.href}>
          <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md">
            {card.cover ? (
              // The title names the card: its picture adds nothing to read out.
              <img
                src={card.cover.src}
                srcSet={srcSetOf(card.cover.src) ?? undefined}
                sizes="(min-width: 1024px) 22rem, (min-width: 768px) 45vw, 90vw"
                width={card.cover.width}
                height={card.cover.height}
                alt=""
                loading="lazy"
                decoding="async"
                className="-mx-6 -mt-6 mb-5 aspect-[40/21] w-[calc(100%+3rem)] max-w-none rounded-t-xl bg-slate-100 object-cover"
              />
            ) : null}
            <h3 className="text-lg font-semibold text-brand-900">
              <Link to={card.href} className="after:absolute after:inset-0 after:rounded-xl">
                {card.title}
              </Link>
            </h3>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span>{card.sector}</span>
              {card.demo ? <DemoBadge /> : null}
            </p>
            <p className="mt-3 text-slate-700">{card.summary}</p>
            {card.headline ? (
              <p className="mt-auto pt-4">
                <span className="text-2xl font-bold text-brand-800">{card.headline.value}</span> <span className="text-slate-700">{card.headline.label}</span>
              </p>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
