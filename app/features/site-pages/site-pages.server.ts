import { asc, eq, inArray, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { PageContent } from "#app/content/page-types.ts";
import { pageToShow, editablePages, writtenPageAt } from "#app/content/pages/index.ts";
import { publishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { pageDataOf, type PageData } from "#app/features/site-pages/page-blocks.ts";
import { withPickedProof } from "#app/features/proof/proof-blocks.server.ts";
import { siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import type { VersionedContent } from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { sitePages } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * The pages whose copy is data, as editors publish them (decision 061). A
 * page nobody has published a change of is drawn from its copy in code
 * (app/content/pages), which is also its first revision. Its team,
 * testimonials and logos blocks draw the published items they pick.
 */

export type SitePageRow = { id: number; path: string; data: PageData | null; revision: number; changedAt: Date };

const columns = {
  id: sitePages.id,
  path: sitePages.path,
  data: sql<PageData | null>`${sitePages.data}`,
  revision: sitePages.revision,
  changedAt: sitePages.changedAt,
};

/** The page's fields as visitors see them: as published, or as written in code. */
function liveData(row: Pick<SitePageRow, "path" | "data">): PageData {
  if (row.data) return row.data;
  const written = writtenPageAt(row.path);
  return written ? pageDataOf(written) : { title: row.path, description: "", sections: [] };
}

export const pageContent: VersionedContent<SitePageRow, PageData> = {
  type: "page",
  noun: "page",
  fields: [
    { key: "title", label: "Title", kind: "text" },
    { key: "description", label: "Description", kind: "text" },
    { key: "sections", label: "Blocks", kind: "blocks" },
  ],
  lock: async (tx, id) => {
    const [row] = await tx.select(columns).from(sitePages).where(eq(sitePages.id, id)).for("update");
    return row && writtenPageAt(row.path) ? row : null;
  },
  dataOf: liveData,
  // Every page of the site is public: a change waits for "publish" unless saved to publish.
  isPublic: () => true,
  writeLive: async (tx, id, data) => {
    await tx
      .update(sitePages)
      .set({ data, revision: sql`${sitePages.revision} + 1`, changedAt: sql`now()` })
      .where(eq(sitePages.id, id));
  },
  touch: async (tx, id) => {
    await tx
      .update(sitePages)
      .set({ revision: sql`${sitePages.revision} + 1`, changedAt: sql`now()` })
      .where(eq(sitePages.id, id));
  },
  edited: "page-edited",
  savedMessage: () => "Saved and published: the page shows the change within seconds.",
};

/**
 * Every page whose copy is data, with its row: rows are made here for pages
 * that have none yet (a page added to the code since), in one statement that
 * runs only then, so reading the list writes nothing on other days.
 */
export async function listSitePages(db: Database): Promise<(SitePageRow & { title: string })[]> {
  const paths: string[] = editablePages.map((page) => page.path);
  let rows = await db.select(columns).from(sitePages).where(inArray(sitePages.path, paths));
  if (rows.length < paths.length) {
    const known = new Set(rows.map((row) => row.path));
    await db
      .insert(sitePages)
      .values(paths.filter((path) => !known.has(path)).map((path) => ({ path })))
      .onConflictDoNothing();
    rows = await db.select(columns).from(sitePages).where(inArray(sitePages.path, paths)).orderBy(asc(sitePages.id));
  }
  const order = new Map(paths.map((path, index) => [path, index]));
  return rows.map((row) => ({ ...row, title: liveData(row).title })).sort((a, b) => order.get(a.path)! - order.get(b.path)!);
}

export async function loadSitePage(db: Database, id: number): Promise<SitePageRow | null> {
  const [row] = await db.select(columns).from(sitePages).where(eq(sitePages.id, id));
  return row && writtenPageAt(row.path) ? row : null;
}

/** The published fields of the page at `path`: as published, or as written in code. */
export async function publishedPageData(services: { db: Database }, path: string): Promise<PageData | null> {
  if (!writtenPageAt(path)) return null;
  const [row] = await services.db.select({ path: sitePages.path, data: columns.data }).from(sitePages).where(eq(sitePages.path, path));
  return liveData(row ?? { path, data: null });
}

/**
 * The page at `path` as visitors see it now, with the site facts and the case
 * studies in force, made once per content version in each process (a publish
 * of the page, the facts or a case study moves it); undefined when there is no
 * such page. A database that cannot be read leaves the page as written,
 * rather than no page at all.
 */
export async function sitePageAt(context: Readonly<RouterContextProvider>, path: string): Promise<PageContent | undefined> {
  const written = writtenPageAt(path);
  if (!written) return undefined;
  const services = await servicesOf(context);
  try {
    return await services.content.read(`page:${path}`, async () => {
      const data = (await publishedPageData(services, path))!;
      return pageToShow(await withPickedProof(services, pageFrom(path, data)), (await siteFactsFor(services)).facts, await publishedCaseStudies(services));
    });
  } catch (error) {
    logger.error({ err: error, path }, "A page's published blocks could not be read; it is drawn as written in code");
    return pageToShow(written, (await siteFactsFor(services)).facts, []);
  }
}

/** A page's fields as a page to draw at `path`. */
export function pageFrom(path: string, data: PageData): PageContent {
  return { path: path as PageContent["path"], title: data.title, description: data.description, sections: data.sections as PageContent["sections"] };
}
