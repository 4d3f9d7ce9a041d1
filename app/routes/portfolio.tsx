import type { Route } from "./+types/portfolio";
import { Sections } from "#app/components/sections/sections.tsx";
import { CaseStudyGrid } from "#app/components/sections/case-study-cards.tsx";
import { FilterLinks } from "#app/components/ui/filter-links.tsx";
import { CASE_STUDIES_PATH, caseStudiesIn, caseStudyCard, newestFirst, solutionAreas, type CaseStudyCard } from "#app/content/case-studies.ts";
import type { Section } from "#app/content/page-types.ts";
import { readQueryParameter } from "#app/features/forms/query-params.ts";
import { filterHeadingSuffix, listingMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { sitePageAt } from "#app/features/site-pages/site-pages.server.ts";
import { publishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { servicesOf } from "#app/services-context.server.ts";
import { staticPageBody } from "#app/layout/deferred-part.tsx";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";

const AREA = { name: "area", label: "solution area", maxLength: 100 };

/** `?area=` an unknown slug shows every study under the page's one address (its canonical link). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = (await sitePageAt(context, CASE_STUDIES_PATH))!;
  const studies = await publishedCaseStudies(await servicesOf(context));
  const slug = readQueryParameter(new URL(request.url).searchParams, AREA);
  const area = solutionAreas.find((candidate) => candidate.slug === slug);
  const filters = [
    { label: "All", count: studies.length, href: CASE_STUDIES_PATH, active: !area },
    ...solutionAreas.flatMap((candidate) => {
      const count = caseStudiesIn(studies, candidate).length;
      return count ? [{ label: candidate.title, count, href: `${CASE_STUDIES_PATH}?area=${candidate.slug}`, active: candidate === area }] : [];
    }),
  ];
  return { page, area: area?.title ?? null, filters, cards: newestFirst(caseStudiesIn(studies, area)).map(caseStudyCard) };
}

// The same for every visitor: rendered once per filter, then served from memory until an editor publishes a change.
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  listingMeta({
    title: loaderData.area ? `Case studies: ${loaderData.area}` : loaderData.page.title,
    description: loaderData.page.description,
    path: CASE_STUDIES_PATH,
    filter: loaderData.area,
    listingPath: CASE_STUDIES_PATH,
    siteUrl: siteUrlFrom(matches),
  });

// Text and links only: hydrated when the visitor reaches for it.
const PortfolioBody = staticPageBody(function PortfolioBody({
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
        <FilterLinks label="Solution areas" className="mt-6" filters={filters} />
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
});

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { page, area, filters, cards } = loaderData;
  return <PortfolioBody sections={page.sections} area={area} filters={filters} cards={cards} />;
}
