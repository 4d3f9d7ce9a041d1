import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { Link, NavLink } from "react-router";
import type { Navigation } from "#app/content/site-facts.ts";
import { useEventLink, useNavigation } from "#app/layout/site-data.ts";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "#app/layout/header/icons.tsx";
import type { OpenMenu } from "#app/layout/header/desktop-nav.tsx";
import { MOBILE_MENU_ANCHOR_ID } from "#app/layout/header/breakpoints.ts";
import { EmployeeLoginLink, NavEntry, NavGroupList, OpenInnovationButton, OverviewLink } from "#app/layout/header/nav-entries.tsx";
import { useHydratedInTransition } from "#app/components/ui/use-hydrated.ts";

type DropdownEntry = Extract<Navigation["mainNav"][number], { kind: "dropdown" }>;

/** Also named in app.css (the `menu-open` variant). */
const MOBILE_PANEL_ID = "mobile-menu";
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const hamburgerClass = "inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 min-[769px]:hidden";
const rowClass = "flex min-h-12 w-full items-center justify-between gap-2 px-1 text-base font-semibold text-ink";

/**
 * The menu at 768 px or less (spec §2, §4).
 *
 * With JavaScript: a hamburger button (aria-expanded, aria-controls) shows a
 * panel under the header. While it is open, focus stays in the hamburger and
 * the panel (Tab and Shift+Tab wrap), the rest of the page is inert, the page
 * does not scroll, and Escape closes it and returns focus to the hamburger.
 * Solutions and Products are sections behind buttons with aria-expanded.
 *
 * Without JavaScript (the server HTML, before hydration): the same hamburger
 * and sections are <details>/<summary>, which open natively, so a phone
 * without JavaScript still reaches every link.
 */
export function MobileMenu({
  open,
  onOpenChange,
  section,
  onSectionChange,
  headerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  section: OpenMenu;
  onSectionChange: (section: OpenMenu) => void;
  headerRef: RefObject<HTMLElement | null>;
}) {
  const hydrated = useHydratedInTransition();
  const hamburger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [panelTop, setPanelTop] = useState<number | undefined>(undefined);
  // The scripted panel's links are drawn when it first opens, not when the page hydrates: until then
  // it is hidden, and drawing them would re-create every link of the server's menu at load (decision 027).
  const [everOpened, setEverOpened] = useState(open);
  if (open && !everOpened) setEverOpened(true);

  // A visitor who opened the server's menu or one of its sections (their <details>) before the scripts took
  // over keeps them open: the switch to the scripted panel, in the same transition, opens the panel and the
  // section instead of closing them. A tap between hydration and that switch (drawn in slices, long on a slow
  // phone) toggles the server's menu too, so its toggles are followed until the switch.
  useEffect(() => {
    const serverMenu = document.getElementById(MOBILE_MENU_ANCHOR_ID);
    if (!(serverMenu instanceof HTMLDetailsElement)) return;
    const follow = () => {
      const openSection = serverMenu.querySelector<HTMLDetailsElement>("details[data-section][open]")?.dataset.section as OpenMenu | undefined;
      startTransition(() => {
        onOpenChange(serverMenu.open);
        onSectionChange(openSection ?? "none");
      });
    };
    if (serverMenu.open) follow();
    // A <details>' toggle event does not bubble: it is caught on its way down.
    serverMenu.addEventListener("toggle", follow, true);
    return () => serverMenu.removeEventListener("toggle", follow, true);
  }, [onOpenChange, onSectionChange]);

  // The panel sits flush under the header, wherever the page was scrolled to:
  // measured when it opens (so the first frame is right) and on resize.
  const measurePanelTop = useCallback(() => setPanelTop(headerRef.current?.getBoundingClientRect().bottom), [headerRef]);
  useEffect(() => {
    if (!open) return;
    window.addEventListener("resize", measurePanelTop);
    return () => window.removeEventListener("resize", measurePanelTop);
  }, [open, measurePanelTop]);

  // Opening moves focus to the first entry of the panel.
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open]);

  // While open: Tab wraps, Escape closes, links close, the page behind is inert and still.
  useEffect(() => {
    const container = panel.current;
    if (!open || !container) return;
    const focusables = () =>
      [hamburger.current, ...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element): element is HTMLElement => !!element && element.getClientRects().length > 0,
      );

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onOpenChange(false);
        hamburger.current?.focus();
        return;
      }
      if (event.key !== "Tab") return;
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      const active = document.activeElement as HTMLElement | null;
      if (!first || !last) return;
      if (!active || !list.includes(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest("a")) onOpenChange(false);
    };

    const header = headerRef.current;
    const madeInert = [...document.body.children].filter(
      (element): element is HTMLElement => element instanceof HTMLElement && !element.inert && !!header && !element.contains(header),
    );
    for (const element of madeInert) element.inert = true;
    const { documentElement, body } = document;
    const previousOverflow = [documentElement.style.overflow, body.style.overflow] as const;
    documentElement.style.overflow = "hidden";
    body.style.overflow = "hidden";

    document.addEventListener("keydown", onKeyDown);
    container.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      container.removeEventListener("click", onClick);
      for (const element of madeInert) element.inert = false;
      [documentElement.style.overflow, body.style.overflow] = previousOverflow;
    };
  }, [open, onOpenChange, headerRef]);

  if (!hydrated) {
    return (
      <details id={MOBILE_MENU_ANCHOR_ID} className="group min-[769px]:hidden">
        <summary className={`${hamburgerClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          <MenuIcon className="size-6 group-open:hidden" />
          <CloseIcon className="hidden size-6 group-open:block" />
          <span className="sr-only">Menu</span>
        </summary>
        <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-xl">
          <MenuContents hydrated={false} section="none" onSectionChange={onSectionChange} />
        </div>
      </details>
    );
  }

  return (
    <>
      <button
        ref={hamburger}
        type="button"
        className={hamburgerClass}
        aria-expanded={open}
        aria-controls={MOBILE_PANEL_ID}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => {
          if (!open) measurePanelTop();
          onOpenChange(!open);
        }}
      >
        {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
      </button>
      <div
        ref={panel}
        id={MOBILE_PANEL_ID}
        hidden={!open}
        style={panelTop === undefined ? undefined : { top: panelTop }}
        className="fixed inset-x-0 top-16 bottom-0 overflow-y-auto overscroll-contain border-t border-slate-200 bg-white min-[769px]:hidden"
      >
        {everOpened ? <MenuContents hydrated section={section} onSectionChange={onSectionChange} /> : null}
      </div>
    </>
  );
}

function MenuContents({ hydrated, section, onSectionChange }: { hydrated: boolean; section: OpenMenu; onSectionChange: (section: OpenMenu) => void }) {
  const eventLink = useEventLink();
  const { mainNav, headerLinks } = useNavigation();
  return (
    <div className="container-page pt-2 pb-10">
      <nav aria-label="Menu">
        <ul className="divide-y divide-slate-200">
          {mainNav.map((entry) =>
            entry.kind === "link" ? (
              <li key={entry.href}>
                <NavLink to={entry.href} className={({ isActive }) => `${rowClass} ${isActive ? "text-brand-700" : ""}`}>
                  {entry.label}
                </NavLink>
              </li>
            ) : (
              <li key={entry.id}>
                <MobileSection
                  entry={entry}
                  hydrated={hydrated}
                  expanded={section === entry.id}
                  onToggle={() => onSectionChange(section === entry.id ? "none" : entry.id)}
                />
              </li>
            ),
          )}
        </ul>
      </nav>
      <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-6">
        <NavLink to={eventLink.href} className="flex min-h-11 items-center rounded-lg px-1 font-semibold text-brand-700 hover:text-brand-800">
          {eventLink.label}
        </NavLink>
        <EmployeeLoginLink className="flex min-h-11 items-center gap-1.5 rounded-lg px-1 font-semibold text-slate-800 hover:text-brand-700" />
        <Link
          to={headerLinks.contact.href}
          className="inline-flex min-h-12 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {headerLinks.contact.label}
        </Link>
      </div>
    </div>
  );
}

function MobileSection({ entry, hydrated, expanded, onToggle }: { entry: DropdownEntry; hydrated: boolean; expanded: boolean; onToggle: () => void }) {
  const { solutionGroups, productLinks } = useNavigation();
  const regionId = `mobile-${entry.id}`;
  const body = (
    <div id={regionId} hidden={hydrated && !expanded} className="pb-4">
      {entry.id === "solutions" ? (
        <div className="space-y-4">
          {solutionGroups.map((group, index) => (
            <NavGroupList key={index} group={group} titleId={`mobile-solutions-group-${index}`} listClassName="mt-1" />
          ))}
        </div>
      ) : (
        <ul>
          {productLinks.map((link) => (
            <li key={link.href}>
              <NavEntry link={link} compact />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-col items-start gap-3">
        <OverviewLink label={entry.overview.label} href={entry.overview.href} />
        <OpenInnovationButton className="w-full" />
      </div>
    </div>
  );

  if (!hydrated) {
    return (
      <details className="group/section" data-section={entry.id}>
        <summary className={`${rowClass} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          {entry.label}
          <ChevronDownIcon className="size-5 group-open/section:rotate-180" />
        </summary>
        {body}
      </details>
    );
  }
  return (
    <>
      <button type="button" className={rowClass} aria-expanded={expanded} aria-controls={regionId} onClick={onToggle}>
        {entry.label}
        <ChevronDownIcon className={`size-5 transition-transform motion-reduce:transition-none ${expanded ? "rotate-180" : ""}`} />
      </button>
      {body}
    </>
  );
}
