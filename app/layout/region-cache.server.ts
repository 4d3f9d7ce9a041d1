import { renderToString } from "react-dom/server";
import type { RegionRenderer } from "#app/layout/shared-region.tsx";
import { rememberedByKey } from "#app/platform/remembered.ts";

/** Addresses × banner states × regions; beyond this the least recently used is drawn again when asked for. */
const MAX_REGIONS = 300;

/**
 * The HTML of the layout's shared regions, by key (decision 014). What a
 * region shows changes with a deploy, which starts a new process, or with
 * what its key holds (the site facts' revision, a page's published blocks).
 */
export function createRegionCache(maxRegions = MAX_REGIONS): RegionRenderer {
  const remember = rememberedByKey<string>(maxRegions);
  return (key, region) => remember(key, () => renderToString(region));
}
