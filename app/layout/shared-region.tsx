import { createContext, use, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ROUTER_CONTEXTS } from "#app/layout/router-contexts.ts";
import { useSiteData } from "#app/layout/site-data.ts";

/** Gives a region's HTML for a key, rendering it only the first time (app/layout/region-cache.server.ts). */
export type RegionRenderer = (key: string, region: ReactNode) => string;

/** Set by the server entry for a GET; absent in the browser and for answers to posts. */
export const RegionRendererContext = createContext<RegionRenderer | null>(null);

/**
 * A part of the layout that is the same on every visit to a path (the header,
 * the consultation panel and the footer are two thirds of a page's markup).
 * On the server its HTML is rendered once per path and site data and reused
 * (decision 014); in the browser it is drawn and hydrated as usual. Whatever
 * is inside must depend on nothing else: no React `useId` (controls take fixed
 * ids, see FieldIdPrefix) and no state from a post.
 */
export function SharedRegion({ name, children }: { name: string; children: ReactNode }) {
  const renderRegion = use(RegionRendererContext);
  const { pathname } = useLocation();
  const siteData = useSiteData();
  if (!renderRegion) return <div className="contents">{children}</div>;
  let region = children;
  for (const RouterContext of ROUTER_CONTEXTS) region = <RouterContext value={use(RouterContext)}>{region}</RouterContext>;
  const html = renderRegion(`${name}|${pathname}|${JSON.stringify(siteData)}`, region);
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
