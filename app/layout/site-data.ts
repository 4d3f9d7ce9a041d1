import { use } from "react";
import { UNSAFE_DataRouterStateContext, useRouteLoaderData } from "react-router";
import { defaultSiteFacts, navigationOf, type Navigation, type SiteFacts } from "#app/content/site-facts.ts";

/**
 * What the root loader gives every page: the site's origin, whether the banner was closed, the year, the share of
 * page views that report web vitals, the header's event link (named after the current edition), and the site facts an admin saved (absent while the defaults stand, so a page
 * carries them only once they differ from the code's).
 */
export type SiteData = {
  siteUrl: string;
  bannerClosed: boolean;
  year: number;
  vitalsSampleRate?: number;
  siteFacts?: { revision: number; facts: SiteFacts };
  /** The header's event link, named after the current edition. */
  eventLink?: { label: string; href: string };
};

/** The root loader's data, read from the layout without importing root.tsx (which imports the layout). */
export function useSiteData(): SiteData | undefined {
  return useRouteLoaderData<SiteData>("root");
}

/** The site facts in force: the banner, the navigation's labels, the company's contact details and figures. */
export function useSiteFacts(): SiteFacts {
  // Read from the router's state without useRouteLoaderData, which throws outside a router: copy drawn on its own
  // (a test, a preview) shows the defaults.
  const root = use(UNSAFE_DataRouterStateContext)?.loaderData.root as SiteData | undefined;
  return root?.siteFacts?.facts ?? defaultSiteFacts;
}

/** The navigation with the labels in force. */
export function useNavigation(): Navigation {
  return navigationOf(useSiteFacts());
}

/** The header's event link: the current edition's, or the navigation's own where the root loader gave none. */
export function useEventLink(): { label: string; href: string } {
  const { headerLinks } = useNavigation();
  return useSiteData()?.eventLink ?? headerLinks.event;
}
