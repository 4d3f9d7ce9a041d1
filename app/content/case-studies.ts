import { anchorOf, solutionGroups } from "#app/content/navigation.ts";
/** A picture of a case study the image pipeline stored, its largest size, and its words for people who cannot see it. */
export type CaseStudyPicture = { src: string; width: number; height: number; alt: string };

/**
 * Case studies: what we built for whom and what it changed. Editors write
 * them in the staff area (decision 063); the six the site starts with are
 * demo examples, marked as such wherever they appear until the company turns
 * the mark off. Clients are anonymised (sector and size) unless `client.name`
 * says they agreed to be named.
 */
export type CaseStudy = {
  slug: string;
  title: string;
  /** One or two sentences for cards, search snippets and the page's lead (70 to 160 characters). */
  summary: string;
  client: { sector: string; size: string; name?: string };
  /** The solution pages this work belongs to ("/crm"); their areas are the portfolio's filters. */
  solutions: `/${string}`[];
  problem: string;
  /** What we built, one point per entry. */
  built: string[];
  stack: string[];
  /** Measured after go-live; the first is the card's headline figure. */
  outcomes: { value: string; label: string }[];
  /** When the study was written up (ISO date): the Article's datePublished. */
  published: string;
  /** A demo example written for this site, not a client's real project. */
  demo: boolean;
  /** Shown on the cards and under the page's title. */
  cover: CaseStudyPicture | null;
  /** Shown on the page after what was built. */
  screenshots: CaseStudyPicture[];
  /** What search engines and link previews show instead of the title and summary; null falls back to them. */
  metaTitle: string | null;
  metaDescription: string | null;
  socialImage: string | null;
  noindex: boolean;
};

export const CASE_STUDIES_PATH = "/portfolio";

/** A study's own page. */
export const caseStudyHref = (study: Pick<CaseStudy, "slug">) => `${CASE_STUDIES_PATH}/${study.slug}`;

/** A solution area, as the portfolio filters by it: a navigation group with solution pages. */
export type SolutionArea = { slug: string; title: string; paths: string[] };

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const solutionAreas: readonly SolutionArea[] = solutionGroups
  .map((group) => ({ slug: slugOf(group.title), title: group.title, paths: group.links.map((link) => link.href).filter((href) => !anchorOf(href)) }))
  .filter((area) => area.paths.length > 0);

/** The studies of `studies` in an area (all of them without one). */
export function caseStudiesIn<Study extends Pick<CaseStudy, "solutions">>(studies: readonly Study[], area: SolutionArea | undefined): Study[] {
  return studies.filter((study) => !area || study.solutions.some((path) => area.paths.includes(path)));
}

/** The studies of `studies` that belong to a solution page, newest first. */
export function caseStudiesFor<Study extends Pick<CaseStudy, "solutions" | "published">>(studies: readonly Study[], solutionPath: string): Study[] {
  return newestFirst(studies.filter((study) => study.solutions.includes(solutionPath as `/${string}`)));
}

export function newestFirst<Study extends Pick<CaseStudy, "published">>(studies: readonly Study[]): Study[] {
  return [...studies].sort((a, b) => b.published.localeCompare(a.published));
}

/** What a card shows: enough to choose, nothing the card does not draw. */
export type CaseStudyCard = Pick<CaseStudy, "title" | "summary" | "demo" | "cover"> & {
  href: string;
  sector: string;
  /** Absent for a study without outcomes yet. */
  headline: CaseStudy["outcomes"][number] | null;
};

export function caseStudyCard(study: CaseStudy): CaseStudyCard {
  return {
    title: study.title,
    summary: study.summary,
    demo: study.demo,
    cover: study.cover,
    href: caseStudyHref(study),
    sector: study.client.name ? `${study.client.name}, ${study.client.sector}` : study.client.sector,
    headline: study.outcomes[0] ?? null,
  };
}
