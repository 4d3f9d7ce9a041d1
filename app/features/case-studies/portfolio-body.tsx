import { Sections } from "#app/components/sections/sections.tsx";
import { CaseStudyGrid } from "#app/components/sections/case-study-cards.tsx";
import { FilterLinks } from "#app/components/ui/filter-links.tsx";
import type { CaseStudyCard } from "#app/content/case-studies.ts";
import type { Section } from "#app/content/page-types.ts";
import { filterHeadingSuffix } from "#app/features/seo/meta.ts";

/** The case studies page's text, filter links and cards: text and links only. */
export function PortfolioBody({
  sections,
  area,
  filters,
  cards,
}: {
  sections: readonly Section[];
  area: string | null;
  filters: Parameters<typeof FilterLinks>[0]["filters"];
  cards: CaseStudyCard[];
}) {
  const [hero, ...rest] = sections;
  return (
    <>
      <Sections sections={hero?.kind === "hero" ? [{ ...hero, title: `${hero.title}${filterHeadingSuffix(area)}` }] : hero ? [hero] : []} />
      <section className="container-page py-14 sm:py-16" aria-labelledby="case-studies-title">
        <h2 id="case-studies-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          Case studies
        </h2>
        {/* Below the hero: a chosen area opens at the list, since the page is loaded whole (drawn as islands). */}
        <FilterLinks label="Solution areas" anchor="case-studies-title" className="mt-6" filters={filters} />
        <p className="mt-6 text-slate-700" aria-live="polite" data-testid="case-study-count">
          {cards.length} {cards.length === 1 ? "case study" : "case studies"}
          {area ? ` in ${area}` : ""}
        </p>
        <div className="mt-6">
          <CaseStudyGrid cards={cards} />
        </div>
      </section>
      <Sections sections={rest} />
    </>
  );
}
