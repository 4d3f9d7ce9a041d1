import { data } from "react-router";
import type { Route } from "./+types/portfolio.$slug";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { caseStudyAt, caseStudyHref } from "#app/content/case-studies.ts";
import { caseStudySections } from "#app/content/case-study-page.ts";
import { caseStudyJsonLd } from "#app/features/seo/structured-data.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { lazyPageBody } from "#app/layout/deferred-part.tsx";
import { env } from "#app/platform/env.server.ts";
import { cachePageFor, STATIC_COPY } from "#app/platform/page-cache.ts";

export function loader({ params }: Route.LoaderArgs) {
  const study = caseStudyAt(params.slug);
  if (!study) throw data(null, { status: 404 });
  return {
    title: study.title,
    summary: study.summary,
    path: caseStudyHref(study),
    sections: caseStudySections(study),
    jsonLd: caseStudyJsonLd(study, env().SITE_URL),
  };
}

// The same for every visitor: rendered once, then served from memory.
export const headers = cachePageFor(300, STATIC_COPY);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: loaderData.title, description: loaderData.summary, path: loaderData.path, siteUrl: siteUrlFrom(matches), type: "article" })
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
