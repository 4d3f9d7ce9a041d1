import { solutionGroups } from "#app/content/navigation.ts";

/*
 * The solution areas a lead can come from: every solution with a page of its
 * own in the navigation (app/content/navigation.ts), keyed by that page's
 * path without its slash ("/crm" → "crm", "CRM Solutions"). Entries that only
 * lead to a section of the overview page are not areas of their own.
 */

export type SolutionArea = { key: string; label: string };

export const solutionAreas: readonly SolutionArea[] = solutionGroups
  .flatMap((group) => group.links)
  .filter((link) => !link.href.includes("#"))
  .map((link) => ({ key: link.href.slice(1), label: link.label }));

const areaKeys = new Set(solutionAreas.map((area) => area.key));

/** The area of the page a form was sent on ("/crm", "/crm/", "/CRM?x=1"), or null for any other page. */
export function solutionAreaOf(pagePath: string | null): string | null {
  if (!pagePath) return null;
  const key = (pagePath.split(/[?#]/)[0] ?? "").replace(/^\/+|\/+$/g, "").toLowerCase();
  return areaKeys.has(key) ? key : null;
}

export function solutionAreaLabel(key: string): string {
  return solutionAreas.find((area) => area.key === key)?.label ?? key;
}
