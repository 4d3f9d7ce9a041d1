import { publicPaths, sitemapXml } from "#app/features/seo/sitemap.ts";
import { env } from "#app/platform/env.server.ts";

export function loader() {
  const xml = sitemapXml(
    env().SITE_URL,
    publicPaths().map((path) => ({ path })),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
