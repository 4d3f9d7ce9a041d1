import { contentPages } from "#app/content/pages/index.ts";

/** Public pages that are not drawn from content data. */
const appPages = ["/", "/careers", "/featured-insights"] as const;

export function publicPaths(): string[] {
  return [...appPages, ...contentPages.map((page) => page.path)];
}

export type SitemapEntry = { path: string; lastModified?: Date };

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(siteUrl + path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
