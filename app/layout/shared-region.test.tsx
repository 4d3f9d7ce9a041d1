import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { DOCUMENT_IN_ONE_PIECE } from "#app/entry.server.tsx";
import { loadDeferredParts } from "#app/layout/deferred-part.tsx";
import { createRegionCache } from "#app/layout/region-cache.server.ts";
import { RegionRendererContext } from "#app/layout/shared-region.tsx";
import { SiteLayout } from "#app/layout/site-layout.tsx";
import type { SiteData } from "#app/layout/site-data.ts";

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

/** The layout at `path`, with the root's data, inside a router as the page has it. */
function site(path: string, siteData: SiteData) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
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
beforeAll(() => loadDeferredParts());

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
  expect(await draw("/newsletter")).not.toContain('id="newsletter-email"');
});
