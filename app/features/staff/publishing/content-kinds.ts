import { data } from "react-router";

/*
 * The kinds of content the staff area edits, by the folder of their pages
 * (/staff/jobs, /staff/insights, /staff/events/editions, /staff/pages, /staff/case-studies,
 * /staff/people, /staff/testimonials, /staff/logos). One set of route modules draws every kind
 * (app/routes/staff.content.*); each kind's own pages module draws its parts.
 */

export const contentKinds = ["jobs", "insights", "events/editions", "pages", "case-studies", "people", "testimonials", "logos"] as const;
export type ContentKind = (typeof contentKinds)[number];

/** The words of a kind's page titles. */
export const contentKindTitles: Record<ContentKind, { list: string; one: string }> = {
  jobs: { list: "Jobs", one: "job" },
  insights: { list: "Insights", one: "insight" },
  "events/editions": { list: "Event editions", one: "event edition" },
  pages: { list: "Pages", one: "page" },
  "case-studies": { list: "Case studies", one: "case study" },
  people: { list: "People", one: "person" },
  testimonials: { list: "Testimonials", one: "testimonial" },
  logos: { list: "Client logos", one: "client logo" },
};

/**
 * The kind whose pages `pathname` is under. The content routes take any folder under /staff
 * that no other staff route has, so an address under no kind is the staff area's 404.
 */
export function contentKindAt(pathname: string): ContentKind {
  const kind = contentKinds.find((candidate) => pathname === `/staff/${candidate}` || pathname.startsWith(`/staff/${candidate}/`));
  if (!kind) throw data("Not found", { status: 404 });
  return kind;
}
