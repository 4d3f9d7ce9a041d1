import type { ComponentType } from "react";

/**
 * The interactive parts of an islands page (decision 078): each is hydrated on
 * its own, as a React root of its own, and the rest of the page stays the
 * server's HTML. A part's props travel as JSON, so they must be serialisable;
 * it may read the root loader's data and use `Link`, `NavLink` and `useFetcher`.
 */
export const ISLANDS = {
  banner: () => import("#app/layout/header/announcement-banner.tsx").then((module) => module.AnnouncementBanner),
  header: () => import("#app/layout/header/site-header.tsx").then((module) => module.SiteHeader),
  toasts: () => import("#app/components/ui/toast.tsx").then((module) => module.Toaster),
  consultation: () => import("#app/layout/consultation-panel.tsx").then((module) => module.ConsultationPanel),
  footer: () => import("#app/layout/site-footer.tsx").then((module) => module.SiteFooter),
  jobFilters: () => import("#app/features/careers/job-filters.tsx").then((module) => module.JobFilters),
  jobAlert: () => import("#app/features/job-alerts/job-alert-form.tsx").then((module) => module.JobAlertForm),
  eventForm: () => import("#app/features/events/event-form.tsx").then((module) => module.EventForm),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof ISLANDS;

/**
 * When an island is hydrated: once the browser is idle after the first paint
 * (what is on screen at load), or as it comes within 300 px of the screen.
 * Either way at once when the visitor points at, touches or focuses something in it.
 */
export const ISLAND_WAKE: Record<IslandName, "idle" | "near"> = {
  banner: "idle",
  header: "idle",
  toasts: "idle",
  consultation: "near",
  footer: "near",
  jobFilters: "near",
  jobAlert: "near",
  eventForm: "near",
};

/**
 * The rule for which pages are drawn as islands: a public page without a client part of its own,
 * or whose client parts are all islands, whose route module says so with `export const handle = ISLANDS_PAGE`
 * (every public page's route but the application form's, the newsletter's and the job alerts', whose forms are
 * the page). Every other page hydrates as one app.
 */
export const ISLANDS_PAGE = { islands: true } as const;

/** True for the handle of a route whose pages are drawn as islands. */
export function drawsIslands(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { islands?: unknown }).islands === true;
}

/** The id of the inert script that holds the root loader's data on an islands page. */
export const ISLAND_SITE_DATA_ID = "island-site-data";
