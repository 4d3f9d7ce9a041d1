import { Writable } from "node:stream";
import type { ComponentType, ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { DOCUMENT_IN_ONE_PIECE } from "#app/entry.server.tsx";
import { loadDeferredParts } from "#app/layout/deferred-part.tsx";
import { loadIslands } from "#app/islands/island.tsx";
import { createRegionCache } from "#app/layout/region-cache.server.ts";
import { RegionRendererContext } from "#app/layout/shared-region.tsx";
import { SiteLayout } from "#app/layout/site-layout.tsx";
import type { SiteData } from "#app/layout/site-data.ts";
import { contentPages, homePage, pagesWithOwnRoute } from "#app/content/pages/index.ts";
import type { InsightCard } from "#app/features/insights/insight.ts";
import { toJobView } from "#app/features/careers/job-view.server.ts";
import { seedDemoContent } from "#app/platform/db/demo-content.server.ts";
import { jobs } from "#app/platform/db/schema.server.ts";
import ContentPage, { handle as contentPageHandle } from "#app/routes/content-page.tsx";
import JobDetail from "#app/routes/careers.$id.tsx";
import Home, { handle as homeHandle } from "#app/routes/home.tsx";
import { openTestDatabase } from "#tests/support/databases.ts";

/** Renders as the server entry does (a stream, all of it), so the regions are drawn apart as in production. */
function render(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe } = renderToPipeableStream(element, {
      progressiveChunkSize: DOCUMENT_IN_ONE_PIECE,
      onAllReady: () =>
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              resolve(Buffer.concat(chunks).toString());
              callback();
            },
          }),
        ),
      onShellError: reject,
    });
  });
}

/** The paths the content route draws, as `app/routes.ts` registers them. */
const contentRoutePaths: readonly string[] = contentPages.map((page) => page.path).filter((path) => !pagesWithOwnRoute.includes(path));

/** The layout at `path`, with the root's data, inside a router as the page has it (its route's handle included). */
function site(path: string, siteData: SiteData) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      handle: path === "/" ? homeHandle : contentRoutePaths.includes(path) ? contentPageHandle : undefined,
      loader: () => siteData,
      Component: () => (
        <SiteLayout>
          <h1>The page</h1>
        </SiteLayout>
      ),
    },
  ]);
  return <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: siteData } }} />;
}

// As the server entry does before its first render.
beforeAll(() => Promise.all([loadDeferredParts(), loadIslands()]));

const siteData = (bannerClosed: boolean): SiteData => ({ siteUrl: "https://www.example.com", bannerClosed, year: 2026 });

test("the layout's shared regions drawn from the cache are the HTML the page would draw in place", async () => {
  const regions = createRegionCache();
  for (const path of ["/", "/crm", "/careers/7", "/consultation", "/newsletter"]) {
    for (const bannerClosed of [false, true]) {
      const page = site(path, siteData(bannerClosed));
      const inPlace = await render(page);
      const fromCache = await render(<RegionRendererContext value={regions}>{page}</RegionRendererContext>);
      expect(fromCache, `${path}, banner closed: ${bannerClosed}`).toBe(inPlace);
      // And again, now that the regions are stored.
      expect(await render(<RegionRendererContext value={regions}>{page}</RegionRendererContext>)).toBe(inPlace);
    }
  }
});

test("each path gets its own regions: the current section is marked in the header, forms move to their pages", async () => {
  const regions = createRegionCache();
  const draw = (path: string) => render(<RegionRendererContext value={regions}>{site(path, siteData(false))}</RegionRendererContext>);
  const contact = await draw("/contact-us");
  const crm = await draw("/crm");
  expect(contact).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/contact-us"|<a[^>]*href="\/contact-us"[^>]*aria-current="page"/);
  expect(crm).not.toMatch(/href="\/contact-us"[^>]*aria-current="page"/);
  expect(crm).toContain('id="consultation"');
  expect(await draw("/consultation")).not.toContain('id="consultation"');
  expect(crm).toContain('id="newsletter-email"');
  // An islands page draws its interactive parts as islands; any other page draws the full app's layout.
  for (const island of ["banner", "header", "consultation", "footer", "toasts"]) expect(crm).toContain(`data-island="${island}"`);
  expect(contact).not.toContain("data-island");
  // The rule, not a list: the home page and every page of the content route, and no page with a client part of its own.
  for (const path of ["/", "/erp", "/privacy-policy"]) expect(await draw(path), path).toContain('data-island="header"');
  expect(await draw("/careers/7")).not.toContain("data-island");
  expect(await draw("/newsletter")).not.toContain('id="newsletter-email"');
});

test("an address's query is its own: a form records the address it was sent from, not the first visitor's", async () => {
  const regions = createRegionCache();
  const draw = (address: string) => render(<RegionRendererContext value={regions}>{site(address, siteData(false))}</RegionRendererContext>);
  const formPages = (page: string) => [...page.matchAll(/name="attribution_page" value="([^"]*)"/g)].map((match) => match[1]);
  expect(formPages(await draw("/crm?utm_source=jobfair"))).toEqual(["/crm?utm_source=jobfair", "/crm?utm_source=jobfair"]);
  expect(formPages(await draw("/crm"))).toEqual(["/crm", "/crm"]);
});

/** A page route at `path` with its loader's data, inside a router as the page has it. */
function pageAt(path: string, Page: ComponentType, loaderData: unknown) {
  const data = siteData(false);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => data,
      Component: Outlet,
      children: [{ id: "page", ...(path === "/" ? { index: true } : { path: "*" }), loader: () => loaderData, Component: Page }],
    },
  ]);
  return <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: data, page: loaderData } }} />;
}

const insightCard = (id: number, title: string): InsightCard => ({
  id,
  href: `/featured-insights/${id}`,
  title,
  category: "Cloud",
  image: "/images/insights/cloud.svg",
  dateTime: "2026-11-02T00:00:00.000Z",
  date: "November 2, 2026",
  readTime: "4 min read",
});

test("a content page's copy and the home page's drawn from the cache are the HTML they would draw in place (decision 024)", async () => {
  const regions = createRegionCache();
  const pages = contentPages.filter((page) => !pagesWithOwnRoute.includes(page.path));
  expect(pages.length).toBeGreaterThan(15);
  for (const page of pages) {
    const element = pageAt(page.path, ContentPage as ComponentType, { page });
    const inPlace = await render(element);
    expect(inPlace, page.path).toContain(page.sections[0]?.kind === "hero" ? "<h1" : "<section");
    expect(await render(<RegionRendererContext value={regions}>{element}</RegionRendererContext>), page.path).toBe(inPlace);
  }
  // A published change of a page's blocks is another region, never the old one.
  const [first] = pages;
  const edited = { ...first!, sections: [{ ...first!.sections[0], title: "A title an editor published" }, ...first!.sections.slice(1)] };
  expect(
    await render(<RegionRendererContext value={regions}>{pageAt(first!.path, ContentPage as ComponentType, { page: edited })}</RegionRendererContext>),
  ).toContain("A title an editor published");
  // The home page's copy follows the insights it shows: other insights are another region, never the old one.
  const home = (insights: InsightCard[]) =>
    pageAt("/", Home as ComponentType, { title: "Home", description: "", organization: {}, sections: homePage.sections, insights });
  for (const insights of [[insightCard(1, "Moving to the cloud")], [insightCard(2, "A newer insight"), insightCard(1, "Moving to the cloud")], []]) {
    const inPlace = await render(home(insights));
    for (const card of insights) expect(inPlace).toContain(card.title);
    expect(await render(<RegionRendererContext value={regions}>{home(insights)}</RegionRendererContext>)).toBe(inPlace);
  }
});

test("a job's page drawn from the cache is the HTML it would draw in place, and an edit is drawn anew", async () => {
  const database = await openTestDatabase("pglite");
  try {
    await seedDemoContent(database.db, { force: true });
    const regions = createRegionCache();
    const [job] = await database.db.select().from(jobs).limit(1);
    for (const title of ["As seeded", "Edited by the recruiter"]) {
      const jobPage = pageAt(`/careers/${job!.id}`, JobDetail as ComponentType, { job: toJobView({ ...job!, title }, "https://www.example.com"), related: [] });
      const inPlace = await render(jobPage);
      expect(inPlace).toContain(title);
      expect(await render(<RegionRendererContext value={regions}>{jobPage}</RegionRendererContext>)).toBe(inPlace);
    }
  } finally {
    await database.dispose();
  }
});
