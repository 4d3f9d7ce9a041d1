import { Link, NavLink as RouterNavLink } from "react-router";
import { anchorOf, type NavGroup, type NavLink } from "#app/content/navigation.ts";
import { useNavigation } from "#app/layout/site-data.ts";
import { ArrowRightIcon, ExternalIcon } from "#app/layout/header/icons.tsx";
import { site } from "#app/content/site.ts";

/**
 * One dropdown or mobile-menu entry: a link, marked as the current page when it
 * is one. An entry that leads to a section of an overview page (`/products#…`)
 * is a plain link: the overview is not "current" for each of its sections.
 */
export function NavEntry({ link, compact = false }: { link: NavLink; compact?: boolean }) {
  const className = `block rounded-lg px-3 ${compact ? "min-h-11 py-2.5" : "py-2"} hover:bg-brand-50`;
  const content = (
    <>
      <span className="block font-medium text-ink">{link.label}</span>
      {link.description && !compact ? <span className="mt-0.5 block text-sm text-slate-600">{link.description}</span> : null}
    </>
  );
  if (anchorOf(link.href)) {
    return (
      <Link to={link.href} className={className}>
        {content}
      </Link>
    );
  }
  return (
    <RouterNavLink to={link.href} className={({ isActive }) => `${className} ${isActive ? "bg-brand-50" : ""}`}>
      {content}
    </RouterNavLink>
  );
}

/** The overview link at the foot of a dropdown ("All solutions", "All products"). */
export function OverviewLink({ label, href }: { label: string; href: string }) {
  return (
    <Link to={href} className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 font-semibold text-brand-700 hover:bg-brand-50 hover:text-brand-800">
      {label}
      <ArrowRightIcon className="size-4" />
    </Link>
  );
}

/** Spec §2: both dropdowns carry an Open Innovation button; it leads to its page. */
export function OpenInnovationButton({ className = "" }: { className?: string }) {
  const { openInnovation } = useNavigation();
  return (
    <Link
      to={openInnovation.href}
      className={`inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 ${className}`}
    >
      {openInnovation.label}
    </Link>
  );
}

/** Employee Login: an external site, opened in a new tab without giving it this window. */
export function EmployeeLoginLink({ className = "" }: { className?: string }) {
  return (
    <a href={site.employeeLoginUrl} target="_blank" rel="noopener noreferrer" className={className}>
      Employee Login
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalIcon className="size-4 shrink-0" />
    </a>
  );
}

/** One titled group of solution links, as the dropdown and the mobile menu both show it. */
export function NavGroupList({ group, titleId, listClassName }: { group: NavGroup; titleId: string; listClassName: string }) {
  return (
    <div>
      <p id={titleId} className="px-3 text-xs font-semibold tracking-wider text-slate-600 uppercase">
        {group.title}
      </p>
      <ul aria-labelledby={titleId} className={listClassName}>
        {group.links.map((link) => (
          <li key={link.href}>
            <NavEntry link={link} compact />
          </li>
        ))}
      </ul>
    </div>
  );
}
