import { useRouteLoaderData } from "react-router";

/** What the root loader gives every page: the site's origin, whether the banner was closed, the year, the share of page views that report web vitals. */
export type SiteData = { siteUrl: string; bannerClosed: boolean; year: number; vitalsSampleRate?: number };

/** The root loader's data, read from the layout without importing root.tsx (which imports the layout). */
export function useSiteData(): SiteData | undefined {
  return useRouteLoaderData<SiteData>("root");
}
