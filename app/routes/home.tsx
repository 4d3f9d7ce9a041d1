import type { Route } from "./+types/home";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { lazyPageBody } from "#app/layout/deferred-part.tsx";
import { regionData, SharedRegion } from "#app/layout/shared-region.tsx";
import { siteFactsOf } from "#app/features/site-facts/site-facts.server.ts";
import { sitePageAt } from "#app/features/site-pages/site-pages.server.ts";
import { toInsightCard } from "#app/features/insights/insight.server.ts";
import { latestInsights } from "#app/features/insights/insights.server.ts";
import { organizationJsonLd } from "#app/features/seo/structured-data.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { JsonLd } from "#app/components/ui/json-ld.tsx";
import { env } from "#app/platform/env.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** How many of the newest insights the home page features. */
const FEATURED_INSIGHTS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const facts = await siteFactsOf(context);
  const homePage = (await sitePageAt(context, "/"))!;
  return {
    title: homePage.title,
    description: homePage.description,
    sections: homePage.sections,
    organization: organizationJsonLd(env().SITE_URL, facts),
    insights: await featuredInsights(context),
  };
}

/** The home page must not fail because the insights cannot be read: it then shows none. */
async function featuredInsights(context: Route.LoaderArgs["context"]) {
  try {
    const { db, content } = await servicesOf(context);
    return await content.read("home:insights", async () => (await latestInsights(db, FEATURED_INSIGHTS)).map(toInsightCard));
  } catch (error) {
    logger.error({ err: error }, "loading the home page's insights failed");
    return [];
  }
}

// Text and links only, with no client part of its own: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

// The same for every visitor: rendered once, then served from memory. Publishing
// empties every process's page cache (decision 011), so the TTL only bounds a
// change made outside the staff area (SQL, the seed).
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    path: "/",
    siteUrl: siteUrlFrom(matches),
  });

// Text and links only: its code is fetched, and it is hydrated, when the visitor reaches for it.
const HomeBody = lazyPageBody(() => import("#app/components/sections/home-body.tsx").then((module) => module.HomeBody));

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.organization} />
      <SharedRegion name="body" data={`${regionData(loaderData.sections)}${regionData(loaderData.insights)}`}>
        <HomeBody sections={loaderData.sections} insights={loaderData.insights} />
      </SharedRegion>
    </>
  );
}
