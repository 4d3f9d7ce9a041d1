import { useCallback, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useEventLink, useNavigation } from "#app/layout/site-data.ts";
import { site } from "#app/content/site.ts";
import { LogoMark } from "#app/layout/logo.tsx";
import { MOBILE_MENU_ANCHOR_ID, WIDE_SCREEN_QUERY } from "#app/layout/header/breakpoints.ts";
import { DesktopNav, type OpenMenu } from "#app/layout/header/desktop-nav.tsx";
import { CalendarIcon } from "#app/layout/header/icons.tsx";
import { EmployeeLoginLink } from "#app/layout/header/nav-entries.tsx";
import { useMediaQueryChange } from "#app/layout/header/use-media-query.ts";
import { deferredPart } from "#app/layout/deferred-part.tsx";

// Hidden on a wide screen, where its code is never loaded (decision 017).
const MobileMenu = deferredPart(MOBILE_MENU_ANCHOR_ID, () => import("#app/layout/header/mobile-menu.tsx").then((module) => module.MobileMenu));

/**
 * The site header (spec §2 Header, §4). It owns the menu state so the rules
 * that tie the parts together live in one place: opening the mobile menu
 * collapses any dropdown, a wide screen clears the mobile state, and every
 * navigation closes everything.
 *
 * Desktop (wider than 768 px): a slim utility row (event, Employee Login) that
 * scrolls away, and a sticky main row (logo, navigation, Contact Us).
 * Mobile: logo and hamburger; everything else is in the hamburger panel.
 * (No backdrop-filter or transform on the header: either would make it the
 * containing block of the fixed mobile panel.)
 */
export function SiteHeader() {
  const eventLink = useEventLink();
  const headerRef = useRef<HTMLElement>(null);
  const { headerLinks } = useNavigation();
  const [openMenu, setOpenMenu] = useState<OpenMenu>("none");
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileSection, setMobileSection] = useState<OpenMenu>("none");

  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setOpenMenu("none");
    setMobileOpen(false);
    setMobileSection("none");
  }

  // Spec §4: when the screen becomes wide, any open state other than solutions/products is cleared.
  useMediaQueryChange(WIDE_SCREEN_QUERY, (wide) => {
    if (!wide) return;
    setMobileOpen(false);
    setMobileSection("none");
  });

  const onMobileOpenChange = useCallback((open: boolean) => {
    // Spec §4: opening the mobile menu collapses any open dropdown.
    if (open) setOpenMenu("none");
    else setMobileSection("none");
    setMobileOpen(open);
  }, []);

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white min-[769px]:-top-9">
      <div className="hidden h-9 border-b border-slate-200 bg-slate-50 min-[769px]:block">
        <div className="container-page flex h-full items-center justify-end gap-6 text-sm">
          <NavLink
            to={eventLink.href}
            className={({ isActive }) =>
              `inline-flex items-center gap-1.5 rounded font-semibold hover:text-brand-800 ${isActive ? "text-brand-800 underline underline-offset-4" : "text-brand-700"}`
            }
          >
            <CalendarIcon className="size-4" />
            {eventLink.label}
          </NavLink>
          <EmployeeLoginLink className="inline-flex items-center gap-1.5 rounded font-medium text-slate-700 hover:text-brand-700" />
        </div>
      </div>
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:gap-8">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg" data-home-link="">
          <LogoMark />
          <span className="text-lg font-bold tracking-tight text-brand-900 min-[769px]:max-lg:sr-only">{site.name}</span>
        </Link>
        <div className="hidden h-full flex-1 min-[769px]:block">
          <DesktopNav openMenu={openMenu} setOpenMenu={setOpenMenu} />
        </div>
        <NavLink
          to={headerLinks.contact.href}
          className="hidden min-h-11 shrink-0 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white shadow-sm hover:bg-brand-800 min-[769px]:inline-flex"
        >
          {headerLinks.contact.label}
        </NavLink>
        <MobileMenu open={mobileOpen} onOpenChange={onMobileOpenChange} section={mobileSection} onSectionChange={setMobileSection} headerRef={headerRef} />
      </div>
    </header>
  );
}
