import { createContext, use, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ROUTER_CONTEXTS } from "#app/layout/router-contexts.ts";
import { useSiteData } from "#app/layout/site-data.ts";

/** Gives a region's HTML for a key, rendering it only the first time (app/layout/region-cache.server.ts). */
export type RegionRenderer = (key: string, region: ReactNode) => string;

/** Set by the server entry for a GET; absent in the browser and for answers to posts. */
export const RegionRendererContext = createContext<RegionRenderer | null>(null);

const jsonKeys = new WeakMap<object, string>();

/**
 * `value` as JSON, for a region's `data`: written once per object, as the
 * published reads hand the same object to every request until content changes.
 */
export function regionData(value: object): string {
  let json = jsonKeys.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    jsonKeys.set(value, json);
  }
  return json;
}

/**
 * A part of a page that is the same on every visit to an address (the header,
 * the consultation panel and the footer are two thirds of a page's markup; a
 * content page's copy changes only when an editor publishes, which `data`
 * carries). On the server its HTML is
 * rendered once per address, site data and `data` and reused (decisions 014 and
 * 024); in the browser it is drawn and hydrated as usual. Whatever is inside
 * must depend on nothing else: no React `useId` (controls take fixed ids, see
 * FieldIdPrefix), no state from a post, and any data from the database named
 * in `data` (e.g. its JSON).
 */
export function SharedRegion({ name, data = "", children }: { name: string; data?: string; children: ReactNode }) {
  const renderRegion = use(RegionRendererContext);
  // The query too: forms record the address they were sent from and links carry a shared link's campaign (attribution).
  const { pathname, search } = useLocation();
  const siteData = useSiteData();
  if (!renderRegion) return <div className="contents">{children}</div>;
  let region = children;
  for (const RouterContext of ROUTER_CONTEXTS) region = <RouterContext value={use(RouterContext)}>{region}</RouterContext>;
  // The site facts by their revision: the same key, shorter.
  const siteKey = JSON.stringify({ ...siteData, siteFacts: siteData?.siteFacts?.revision });
  const html = renderRegion(`${name}|${pathname}${search}|${siteKey}|${data}`, region);
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
