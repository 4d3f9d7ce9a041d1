import { data } from "react-router";
import type { Route } from "./+types/portfolio.$slug";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { caseStudyHref } from "#app/content/case-studies.ts";
import { caseStudySections } from "#app/content/case-study-page.ts";
import { publishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { testimonialsAbout } from "#app/features/proof/proof-blocks.server.ts";
import { caseStudyJsonLd } from "#app/features/seo/structured-data.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { seoTitle } from "#app/features/seo/seo-fields.ts";
import { lazyPageBody } from "#app/layout/deferred-part.tsx";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** A published study's page; a draft, an unpublished study or an unknown address is the site's 404 (or a redirect from an old address). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = await servicesOf(context);
  const study = (await publishedCaseStudies(services)).find((candidate) => candidate.slug === params.slug);
  if (!study) throw data(null, { status: 404 });
  return {
    title: seoTitle(study, study.title),
    description: study.metaDescription ?? study.summary,
    path: caseStudyHref(study),
    image: study.socialImage ?? study.cover?.src,
    noindex: study.noindex,
    sections: caseStudySections(study, await testimonialsAbout(services, study.slug)),
    jsonLd: caseStudyJsonLd(study, services.env.SITE_URL),
  };
}

// Text, links and pictures, with no client part of its own: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

// The same for every visitor: rendered once, then served from memory until an editor publishes a change.
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.title,
        description: loaderData.description,
        path: loaderData.path,
        siteUrl: siteUrlFrom(matches),
        image: loaderData.image,
        type: "article",
        noindex: loaderData.noindex,
      })
    : [];

// Text and links only: its code is fetched, and it is hydrated, when the visitor reaches for it.
const PageBody = lazyPageBody(() => import("#app/components/sections/sections.tsx").then((module) => module.Sections));

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <PageBody sections={loaderData.sections} />
    </>
  );
}
