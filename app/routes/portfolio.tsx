import type { Route } from "./+types/portfolio";
import { CASE_STUDIES_PATH, caseStudiesIn, caseStudyCard, newestFirst, solutionAreas } from "#app/content/case-studies.ts";
import { readQueryParameter } from "#app/features/forms/query-params.ts";
import { listingMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { sitePageAt } from "#app/features/site-pages/site-pages.server.ts";
import { publishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { servicesOf } from "#app/services-context.server.ts";
import { lazyPageBody } from "#app/layout/deferred-part.tsx";
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

// Text, filter links and cards, with no client part of its own: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

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

// Text and links only: fetched and hydrated when the visitor reaches for them.
const PortfolioBody = lazyPageBody(() => import("#app/features/case-studies/portfolio-body.tsx").then((module) => module.PortfolioBody));

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { page, area, filters, cards } = loaderData;
  return <PortfolioBody sections={page.sections} area={area} filters={filters} cards={cards} />;
}
