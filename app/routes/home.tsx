import type { Route } from "./+types/home";
import { Sections } from "#app/components/sections/sections.tsx";
import { homePage } from "#app/content/pages/index.ts";
import { organizationJsonLd } from "#app/features/seo/structured-data.ts";
import { pageMeta, siteUrlFrom } from "#app/features/seo/meta.ts";
import { JsonLd } from "#app/components/json-ld.tsx";
import { env } from "#app/platform/env.server.ts";
import { cachePageFor } from "#app/platform/page-cache.ts";

export function loader() {
  return { page: homePage, organization: organizationJsonLd(env().SITE_URL) };
}

// The same for every visitor: rendered once, then served from memory.
export const headers = cachePageFor(300);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData.page.title,
    description: loaderData.page.description,
    path: "/",
    siteUrl: siteUrlFrom(matches),
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.organization} />
      <Sections sections={loaderData.page.sections} />
    </>
  );
}
