import { useEffect, useRef, type Dispatch, type SetStateAction } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { mainNav, productLinks, solutionGroups } from "#app/content/navigation.ts";
import type { Navigation } from "#app/content/site-facts.ts";
import { useNavigation } from "#app/layout/site-data.ts";
import { deferredPart, type DeferredPart } from "#app/layout/deferred-part.tsx";
import { ChevronDownIcon } from "#app/layout/header/icons.tsx";
import { NavEntry, NavGroupList, OpenInnovationButton, OverviewLink } from "#app/layout/header/nav-entries.tsx";
import { useHydratedInTransition } from "#app/components/ui/use-hydrated.ts";

/** Spec §4: the dropdown state. */
export type OpenMenu = "none" | "solutions" | "products";
type DropdownId = Exclude<OpenMenu, "none">;
type DropdownEntry = Extract<Navigation["mainNav"][number], { kind: "dropdown" }>;

/** Leaving the item for this long closes it, so crossing the gap from toggle to panel does not. */
export const HOVER_CLOSE_DELAY_MS = 150;
/**
 * A mouse click right after the hover that opened the dropdown is the visitor
 * meaning "open", not "close again": within this window it keeps it open.
 */
const HOVER_CLICK_GRACE_MS = 500;

const dropdownPanelId = (id: DropdownId) => `${id}-menu`;

const itemClass = "inline-flex h-full items-center gap-1 rounded-md px-3 text-[0.9375rem] font-semibold text-slate-800 hover:text-brand-700";

/** Paths under a dropdown, so its toggle can show that the current page belongs to it (paths, not labels: the code's lists). */
function dropdownPaths(id: DropdownId): string[] {
  const links = id === "solutions" ? solutionGroups.flatMap((group) => group.links) : productLinks;
  const overview = mainNav.find((entry) => entry.kind === "dropdown" && entry.id === id);
  return [...links.map((link) => link.href.split("#")[0]!), ...(overview?.kind === "dropdown" ? [overview.overview.href] : [])];
}

/**
 * The desktop navigation (wider than 768 px). Solutions and Products follow the
 * disclosure pattern: a button with aria-expanded that shows a panel placed
 * right after it in the DOM, so Tab walks from the toggle into its links.
 *
 * Without JavaScript the toggles render as plain links to the overview pages
 * (/our-solutions, /products), which list every entry of the dropdown: nothing
 * is out of reach and no button is left that does nothing. After hydration the
 * same spot becomes the button (same size and look, so nothing moves).
 */
export function DesktopNav({ openMenu, setOpenMenu }: { openMenu: OpenMenu; setOpenMenu: Dispatch<SetStateAction<OpenMenu>> }) {
  const hydrated = useHydratedInTransition();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const items = useRef<Partial<Record<DropdownId, HTMLLIElement | null>>>({});
  const toggles = useRef<Partial<Record<DropdownId, HTMLButtonElement | null>>>({});
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hoverOpenedAt = useRef<number | null>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // While a dropdown is open: Escape closes it (focus back on its toggle),
  // a press anywhere outside it closes it, and so does following a link in it.
  useEffect(() => {
    if (openMenu === "none") return;
    const item = items.current[openMenu];
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const active = document.activeElement;
      setOpenMenu("none");
      if (!active || active === document.body || item?.contains(active)) toggles.current[openMenu]?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (item && !item.contains(event.target as Node)) setOpenMenu("none");
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest("a")) setOpenMenu("none");
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    item?.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      item?.removeEventListener("click", onClick);
    };
  }, [openMenu, setOpenMenu]);

  function openOnHover(id: DropdownId, event: React.PointerEvent) {
    if (event.pointerType !== "mouse") return;
    clearTimeout(closeTimer.current);
    if (openMenu !== id) {
      hoverOpenedAt.current = event.timeStamp;
      DROPDOWN_LINKS[id].want();
      setOpenMenu(id);
    }
  }

  function closeOnLeave(id: DropdownId, event: React.PointerEvent) {
    if (event.pointerType !== "mouse") return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      setOpenMenu((current) => (current === id ? "none" : current));
    }, HOVER_CLOSE_DELAY_MS);
  }

  function toggle(id: DropdownId, event: React.MouseEvent) {
    clearTimeout(closeTimer.current);
    const justHovered = hoverOpenedAt.current !== null && event.timeStamp - hoverOpenedAt.current < HOVER_CLICK_GRACE_MS;
    hoverOpenedAt.current = null;
    if (openMenu === id && justHovered) return;
    if (openMenu !== id) DROPDOWN_LINKS[id].want();
    setOpenMenu(openMenu === id ? "none" : id);
  }

  function closeWhenFocusLeaves(id: DropdownId, event: React.FocusEvent<HTMLLIElement>) {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) setOpenMenu((current) => (current === id ? "none" : current));
  }

  return (
    <nav aria-label="Main" className="hidden h-full min-[769px]:block">
      <ul className="flex h-full items-stretch gap-0.5">
        {navigation.mainNav.map((entry) => {
          if (entry.kind === "link") {
            return (
              <li key={entry.href} className="flex">
                <NavLink
                  to={entry.href}
                  className={({ isActive }) => `${itemClass} ${isActive ? "text-brand-700 underline decoration-2 underline-offset-8" : ""}`}
                >
                  {entry.label}
                </NavLink>
              </li>
            );
          }
          const open = openMenu === entry.id;
          const inSection = dropdownPaths(entry.id).includes(pathname);
          const toggleClass = `${itemClass} ${open || inSection ? "text-brand-700" : ""}`;
          const chevron = <ChevronDownIcon className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`} />;
          return (
            <li
              key={entry.id}
              ref={(node) => {
                items.current[entry.id] = node;
              }}
              className="flex"
              onPointerEnter={hydrated ? (event) => openOnHover(entry.id, event) : undefined}
              onPointerLeave={hydrated ? (event) => closeOnLeave(entry.id, event) : undefined}
              onBlur={hydrated ? (event) => closeWhenFocusLeaves(entry.id, event) : undefined}
            >
              {hydrated ? (
                <button
                  ref={(node) => {
                    toggles.current[entry.id] = node;
                  }}
                  type="button"
                  className={toggleClass}
                  aria-expanded={open}
                  aria-controls={dropdownPanelId(entry.id)}
                  onClick={(event) => toggle(entry.id, event)}
                >
                  {entry.label}
                  {chevron}
                </button>
              ) : (
                <Link to={entry.overview.href} className={toggleClass}>
                  {entry.label}
                  {chevron}
                </Link>
              )}
              <DropdownPanel entry={entry} open={open} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function DropdownPanel({ entry, open }: { entry: DropdownEntry; open: boolean }) {
  const Links = DROPDOWN_LINKS[entry.id];
  return (
    <div id={dropdownPanelId(entry.id)} hidden={!open} className="absolute inset-x-0 top-full border-t border-slate-200 bg-white shadow-xl shadow-slate-900/10">
      <Links entry={entry} />
    </div>
  );
}

const dropdownLinksId = (id: DropdownId) => `${id}-menu-links`;

/**
 * A dropdown's links are hidden until it opens and are only links, so they keep
 * the server's HTML until the dropdown opens, or the visitor tabs into them
 * (decision 017). Opening it wants them, which hydrates them before the pointer
 * gets there.
 */
const DROPDOWN_LINKS: Record<DropdownId, DeferredPart<{ entry: DropdownEntry }>> = {
  solutions: deferredPart(dropdownLinksId("solutions"), () => Promise.resolve(DropdownLinks)),
  products: deferredPart(dropdownLinksId("products"), () => Promise.resolve(DropdownLinks)),
};

function DropdownLinks({ entry }: { entry: DropdownEntry }) {
  const { solutionGroups, productLinks } = useNavigation();
  return (
    <div id={dropdownLinksId(entry.id)} className="container-page grid grid-cols-[1fr_16rem] gap-8 py-8 lg:grid-cols-[1fr_18rem]">
      {entry.id === "solutions" ? (
        <div className="grid grid-cols-2 gap-x-6 gap-y-6 lg:grid-cols-3">
          {solutionGroups.map((group, index) => (
            <NavGroupList key={index} group={group} titleId={`solutions-group-${index}`} listClassName="mt-2 space-y-0.5" />
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-2 content-start gap-2">
          {productLinks.map((link) => (
            <li key={link.href}>
              <NavEntry link={link} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col items-start gap-3 rounded-xl bg-brand-50 p-5">
        <p className="text-sm text-slate-700">
          {entry.id === "solutions"
            ? "See every solution area on one page, or bring us an idea of your own."
            : "See our products on one page, or build something new with us."}
        </p>
        <OverviewLink label={entry.overview.label} href={entry.overview.href} />
        <OpenInnovationButton className="mt-auto w-full" />
      </div>
    </div>
  );
}
