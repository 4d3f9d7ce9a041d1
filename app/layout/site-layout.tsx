import { useLocation } from "react-router";
import { AnnouncementBanner } from "#app/layout/header/announcement-banner.tsx";
import { SiteHeader } from "#app/layout/header/site-header.tsx";
import { CONSULTATION_ACTION } from "#app/features/consultation/consultation-action.ts";
import { NavigationProgress } from "#app/layout/navigation-progress.tsx";
import { usePendingSkeleton } from "#app/layout/pending-page.tsx";
import { Toaster } from "#app/components/ui/toast.tsx";
import { SharedRegion } from "#app/layout/shared-region.tsx";
import { deferredPart } from "#app/layout/deferred-part.tsx";
import { Island } from "#app/islands/island.tsx";

// Below the fold on every page, with the two forms: their code loads when they are wanted (decision 017).
const ConsultationPanel = deferredPart("consultation", () => import("#app/layout/consultation-panel.tsx").then((module) => module.ConsultationPanel));
const SiteFooter = deferredPart("site-footer", () => import("#app/layout/site-footer.tsx").then((module) => module.SiteFooter));

/**
 * Pages that draw the consultation panel themselves: the consultation page, with
 * the answer to its post, and the contact page, under its title.
 */
const PAGES_WITH_THEIR_OWN_PANEL = new Set([CONSULTATION_ACTION, "/contact-us"]);

/**
 * Every page: header, the page itself, the consultation panel and the footer (spec §2).
 * On an islands page the interactive parts are islands, each hydrated on its own (decision 078).
 */
export function SiteLayout({ children }: { children: React.ReactNode }) {
  const panelInPage = PAGES_WITH_THEIR_OWN_PANEL.has(useLocation().pathname);
  const skeleton = usePendingSkeleton();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <Island name="banner">
        <AnnouncementBanner />
      </Island>
      <SharedRegion name="header">
        <Island name="header">
          <SiteHeader />
        </Island>
      </SharedRegion>
      <main id="main" tabIndex={-1} className="outline-none">
        {skeleton ?? children}
      </main>
      <SharedRegion name="footer">
        {panelInPage ? null : (
          <Island name="consultation">
            <ConsultationPanel />
          </Island>
        )}
        <Island name="footer">
          <SiteFooter />
        </Island>
      </SharedRegion>
      <Island name="toasts">
        <Toaster />
      </Island>
      <NavigationProgress showSpinner={!skeleton} />
    </>
  );
}
