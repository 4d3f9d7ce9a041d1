import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { RegionRenderer } from "#app/layout/shared-region.tsx";

/** Paths × banner states × regions; beyond this the least recently used is drawn again when asked for. */
const MAX_REGIONS = 300;

/**
 * The HTML of the layout's shared regions, by key (decision 014). What a
 * region shows changes only with a deploy, which starts a new process.
 */
export function createRegionCache(maxRegions = MAX_REGIONS): RegionRenderer {
  const regions = new Map<string, string>();
  return (key: string, region: ReactNode) => {
    let html = regions.get(key);
    if (html === undefined) {
      html = renderToString(region);
      if (regions.size >= maxRegions) regions.delete(regions.keys().next().value as string);
    } else {
      regions.delete(key);
    }
    regions.set(key, html);
    return html;
  };
}
