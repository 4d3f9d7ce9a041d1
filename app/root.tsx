import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/root";
import appCss from "#app/app.css?url";
import type { SiteData } from "#app/layout/site-data.ts";
import { SiteLayout } from "#app/layout/site-layout.tsx";
import { RouteErrorView } from "#app/layout/route-error.tsx";
import { IslandScripts, useIslandsPage } from "#app/islands/island.tsx";
import { TOUCH_SCRIPT } from "#app/features/attribution/touch-script.ts";
import { isBannerClosed } from "#app/features/banner/banner-cookie.ts";
import { isStaffPath } from "#app/features/staff/staff-path.ts";
import { useVitalsReporting } from "#app/features/vitals/use-vitals-reporting.ts";
import { headerEventLink } from "#app/features/events/header-event.server.ts";
import { siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import { env } from "#app/platform/env.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

// A PNG, not an SVG: Chromium draws an SVG icon as a document of its own on the page's main thread (decision 027).
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.png", type: "image/png", sizes: "48x48" }];

export async function loader({ request, context }: Route.LoaderArgs): Promise<SiteData> {
  const siteFacts = await siteFactsFor(await servicesOf(context));
  return {
    siteUrl: env().SITE_URL,
    bannerClosed: isBannerClosed(request.headers.get("Cookie")),
    year: new Date().getFullYear(),
    vitalsSampleRate: env().VITALS_SAMPLE_RATE,
    eventLink: await headerEventLink(context),
    // The defaults come with the code: a page carries the facts only once an admin has changed them.
    ...(siteFacts.revision > 0 ? { siteFacts } : {}),
  };
}

// Site-wide facts do not change between pages; only a form post may change them.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? defaultShouldRevalidate : false);

export function Layout({ children }: { children: React.ReactNode }) {
  const visitorPage = !isStaffPath(useLocation().pathname);
  const islandsPage = useIslandsPage();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d3793" />
        {/* A precedence makes React emit the stylesheet before the script preloads. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* First, so the visit's landing page is kept even when the visitor leaves before the page's code runs. */}
        {visitorPage ? <script dangerouslySetInnerHTML={{ __html: TOUCH_SCRIPT }} /> : null}
        {children}
        {islandsPage ? (
          <IslandScripts />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  useVitalsReporting();
  // The staff area draws its own frame (routes/staff.tsx).
  if (isStaffPath(useLocation().pathname)) return <Outlet />;
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isStaffPath(useLocation().pathname)) return <RouteErrorView error={error} />;
  return (
    <SiteLayout>
      <RouteErrorView error={error} />
    </SiteLayout>
  );
}
