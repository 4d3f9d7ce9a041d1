import { CASE_STUDIES_PATH, caseStudiesFor, caseStudyCard, newestFirst, type CaseStudy } from "#app/content/case-studies.ts";
import type { CaseStudiesSection, PageContent } from "#app/content/page-types.ts";
import { defaultSiteFacts, fillFacts, filledPerFacts, type SiteFacts } from "#app/content/site-facts.ts";
import { page as about } from "./about.ts";
import { page as aiMl } from "./ai-ml-solution.ts";
import { page as billing } from "./billing-system.ts";
import { page as bi } from "./business-intelligence-analytics.ts";
import { page as chatbot } from "./chatbot-and-virtual.ts";
import { page as cloud } from "./cloud-infrastructure.ts";
import { page as company } from "./company.ts";
import { page as contact } from "./contact-us.ts";
import { page as crm } from "./crm.ts";
import { page as customSoftware } from "./custom-software.ts";
import { page as cybersec } from "./cybersec-and-data-protection.ts";
import { page as devops } from "./devops.ts";
import { page as ecommerce } from "./ecommerce.ts";
import { page as erp } from "./erp.ts";
import { page as event } from "./kraf-think-2025.ts";
import { page as openInnovation } from "./open-innovation.ts";
import { page as ourSolutions } from "./our-solutions.ts";
import { page as partners } from "./partners.ts";
import { page as paymentGateway } from "./payment-gateway.ts";
import { page as portfolio } from "./portfolio.ts";
import { page as predictive } from "./predictive-analysis.ts";
import { page as privacy } from "./privacy-policy.ts";
import { page as products } from "./products.ts";
import { page as resources } from "./resources.ts";
import { page as services } from "./services.ts";
import { page as webMobile } from "./web-mobile-app-dev.ts";

import { page as home } from "./home.ts";

/** How many of the newest case studies a page without studies of its own shows in its case studies block. */
const RECENT_WORK = 3;

/**
 * A page's case studies block shows the published studies that belong to the
 * page, or the newest few when none does (the home page's "Recent work"). A
 * solution page without such a block shows its studies above its closing
 * call to action.
 */
function withCaseStudies(page: PageContent, published: readonly CaseStudy[]): PageContent {
  const studies = caseStudiesFor(published, page.path);
  const cards = (studies.length > 0 ? studies : newestFirst(published).slice(0, RECENT_WORK)).map(caseStudyCard);
  if (page.sections.some((section) => section.kind === "caseStudies")) {
    return { ...page, sections: page.sections.map((section) => (section.kind === "caseStudies" ? { ...section, cards } : section)) as PageContent["sections"] };
  }
  if (studies.length === 0) return page;
  const section: CaseStudiesSection = {
    kind: "caseStudies",
    title: "Case studies",
    intro: "Work of this kind, and what it changed for the client.",
    cards,
    more: { label: "See all case studies", href: CASE_STUDIES_PATH },
  };
  const [hero, ...rest] = page.sections;
  const closing = rest.at(-1)?.kind === "cta" ? rest.slice(-1) : [];
  return { ...page, sections: [hero, ...rest.slice(0, rest.length - closing.length), section, ...closing] };
}

/** Content pages drawn by a route module of their own (see `contentPages`), not the shared content route. */
export const pagesWithOwnRoute: readonly string[] = ["/portfolio", "/contact-us", "/kraf-think-2025"];

/**
 * Every page whose copy is data, as written here, in sitemap order. The shared
 * content route draws them all but three: /portfolio adds the case studies and
 * their filters (routes/portfolio.tsx), /contact-us draws the consultation form
 * right under its title (routes/contact-us.tsx), and /kraf-think-2025 adds the
 * event's date, venue, agenda and registration (routes/kraf-think-2025.tsx).
 * Editors change them in the staff area (app/features/site-pages); this copy
 * is each page's first revision, and what a new database shows.
 */
export const pagesAsWritten: readonly PageContent[] = [
  products,
  about,
  contact,
  event,
  ourSolutions,
  services,
  company,
  partners,
  resources,
  openInnovation,
  portfolio,
  erp,
  crm,
  bi,
  customSoftware,
  webMobile,
  aiMl,
  ecommerce,
  paymentGateway,
  billing,
  cybersec,
  cloud,
  devops,
  chatbot,
  predictive,
  privacy,
];

/** Every page editors change under /staff/pages: the home page, then the content pages. */
export const editablePages: readonly PageContent[] = [home, ...pagesAsWritten];

const writtenByPath = new Map(editablePages.map((page) => [page.path, page]));

/** The page at `path` as written in code, before its case studies and the site facts are put in. */
export function writtenPageAt(path: string): PageContent | undefined {
  return writtenByPath.get(path as PageContent["path"]);
}

/** A page as visitors see it: its blocks, the published case studies of its solution area, and the site facts in force. */
export function pageToShow(page: PageContent, facts: SiteFacts, published: readonly CaseStudy[]): PageContent {
  return fillFacts(withCaseStudies(page, published), facts);
}

// The copy as written has no case studies: they are the database's (decision 063).
const byPath = new Map(pagesAsWritten.map((page) => [page.path, filledPerFacts(withCaseStudies(page, []))]));

/** The page at `path` as written, with the site facts given (by default the code's, as tests and the sitemap want them). */
export function contentPageAt(path: string, facts: SiteFacts = defaultSiteFacts): PageContent | undefined {
  return byPath.get(path as PageContent["path"])?.(facts);
}

/** Every content page with the code's site facts: for their paths, and for tests of the copy as written. */
export const contentPages: readonly PageContent[] = pagesAsWritten.map((page) => contentPageAt(page.path)!);

/** The home page's copy as written, with the site facts given. */
export const homePageWith = filledPerFacts(withCaseStudies(home, []));
export const homePage = homePageWith(defaultSiteFacts);
