import { data } from "react-router";
import type { Route } from "./+types/content-page";
import { withTrackingPolicy } from "#app/features/campaigns/tracking-policy.server.ts";
import { ISLANDS_PAGE } from "#app/islands/island-registry.ts";
import { lazyPageBody } from "#app/layout/deferred-part.tsx";
import { regionData, SharedRegion } from "#app/layout/shared-region.tsx";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { sitePageAt } from "#app/features/site-pages/site-pages.server.ts";
import { cachePageFor, PUBLISHED_CONTENT } from "#app/platform/page-cache.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const page = await sitePageAt(context, path);
  if (!page) throw data(null, { status: 404 });
  return { page: await withTrackingPolicy(await servicesOf(context), page) };
}

// Text and links only, with no client part of its own: drawn as islands (decision 078).
export const handle = ISLANDS_PAGE;

// The same for every visitor: rendered once, then served from memory until an editor publishes a change.
export const headers = cachePageFor(300, PUBLISHED_CONTENT);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.page.title,
        description: loaderData.page.description,
        path: loaderData.page.path,
        siteUrl: siteUrlFrom(matches),
      })
    : [];

// Text and links only: its code is fetched, and it is hydrated, when the visitor reaches for it.
const PageBody = lazyPageBody(() => import("#app/components/sections/sections.tsx").then((module) => module.Sections));

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    // Its blocks as published are part of the key: a published change is drawn anew.
    <SharedRegion name="body" data={regionData(loaderData.page.sections)}>
      <PageBody sections={loaderData.page.sections} />
    </SharedRegion>
  );
}
