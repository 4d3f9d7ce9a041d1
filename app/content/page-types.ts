import type { CardIcon } from "#app/content/card-icons.ts";
import type { CaseStudyCard } from "#app/content/case-studies.ts";

/**
 * A page of the site is data: an ordered list of sections drawn by the shared
 * section components in `#app/components/sections`. Nothing here is JSX, so a
 * page's copy can change without touching any component.
 */

/** A link inside the site (a path starting with "/" or "#consultation"). */
export type Action = { label: string; href: string };

/** The hero artwork of a part of the site: `public/art/<name>.svg`. */
export type HeroArt = "solutions" | "products" | "company" | "careers" | "insights" | "event";

export type HeroSection = {
  kind: "hero";
  /** Small label above the heading, e.g. "Custom Software". */
  eyebrow: string;
  /** The page's only <h1>. */
  title: string;
  lead: string;
  /** Defaults to "Book a free consultation" pointing at #consultation. */
  primary?: Action;
  secondary?: Action;
  /** "document": a plain title block without artwork or buttons, for legal pages. */
  style?: "document";
  /** Drawn in the hero's right half on wide screens; decorative. */
  art?: HeroArt;
};

export type FeatureGridSection = {
  kind: "features";
  title: string;
  intro?: string;
  /** `id` makes a card a link target (`/products#id`), for navigation entries that lead to it. */
  items: { id?: string; title: string; body: string; /** Drawn above the title; decorative. */ icon?: CardIcon }[];
};

export type StepsSection = {
  kind: "steps";
  title: string;
  intro?: string;
  steps: { title: string; body: string }[];
};

export type FiguresSection = {
  kind: "figures";
  title: string;
  /** `source`: where the figure comes from ("Annual report 2025"), shown under it. */
  items: { value: string; label: string; source?: string }[];
};

/** A picture stored by the image pipeline (`/media/{id}/{width}.webp`), with its largest size. */
export type ImageRef = { src: string; width: number; height: number };

export type FaqSection = {
  kind: "faq";
  title: string;
  items: { question: string; answer: string }[];
};

export type LinkGridSection = {
  kind: "links";
  title: string;
  intro?: string;
  items: { title: string; body: string; href: string; /** Drawn above the title; decorative. */ icon?: CardIcon }[];
};

export type ProseSection = {
  kind: "prose";
  title: string;
  /** Paragraphs and bullet lists, in order. Plain text only. */
  blocks: ({ p: string } | { list: string[] })[];
};

/** Case study cards (app/content/case-studies.ts), resolved when the page's data is built. */
export type CaseStudiesSection = {
  kind: "caseStudies";
  title: string;
  intro?: string;
  cards: CaseStudyCard[];
  /** A link under the cards, to the whole portfolio. */
  more?: Action;
};

export type CallToActionSection = {
  kind: "cta";
  title: string;
  body: string;
  /** Defaults to "Book a free consultation" pointing at #consultation. */
  action?: Action;
};

/**
 * Which published items a team, testimonials or logos block draws (decision
 * 064): all of them in order, those that belong to the page (a solution
 * page), or those chosen, in the chosen order.
 */
export type ProofPick = { from: "all" | "page" | "chosen"; ids: number[] };

/** What clients said, each quote under the name, role and company of who said it, linked to the case study it is about. */
export type TestimonialsSection = {
  kind: "testimonials";
  title: string;
  intro?: string;
  pick: ProofPick;
  /** The picked testimonials, resolved when the page is drawn. */
  items: { quote: string; name: string; role: string; company: string; photo?: ImageRef; caseStudy?: Action; demo: boolean }[];
};

/** Clients' logos, each named (its alt text) and maybe linked to the client's site. */
export type LogosSection = {
  kind: "logos";
  title: string;
  intro?: string;
  pick: ProofPick;
  /** The picked logos, resolved when the page is drawn. */
  items: { logo: ImageRef; name: string; href?: string; demo: boolean }[];
};

/** The people of the company. */
export type TeamSection = {
  kind: "team";
  title: string;
  intro?: string;
  pick: ProofPick;
  /** The picked people, resolved when the page is drawn. */
  items: { photo?: ImageRef; name: string; role: string; bio?: string; linkedin?: string; demo: boolean }[];
};

/** Certifications and partner badges, each named (its alt text) with a line on what it attests. */
export type BadgesSection = {
  kind: "badges";
  title: string;
  intro?: string;
  items: { image: ImageRef; name: string; detail?: string }[];
};

/** One picture with its description for people who cannot see it, and an optional caption. */
export type ImageSection = {
  kind: "image";
  image: ImageRef;
  alt: string;
  caption?: string;
};

export type Section =
  | HeroSection
  | LogosSection
  | TeamSection
  | BadgesSection
  | ImageSection
  | FeatureGridSection
  | StepsSection
  | FiguresSection
  | FaqSection
  | LinkGridSection
  | ProseSection
  | CaseStudiesSection
  | CallToActionSection
  | TestimonialsSection;

export type PageContent = {
  /** The route path, e.g. "/crm". */
  path: `/${string}`;
  /** Shown in <title> (before " | {company}") and as the Open Graph title. */
  title: string;
  /** Meta description: one or two sentences, 70 to 160 characters. */
  description: string;
  /** The first section is always the hero (it holds the page's <h1>). */
  sections: [HeroSection, ...Section[]];
};
