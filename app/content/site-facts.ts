import {
  bannerMessages,
  footerLinks,
  headerLinks,
  mainNav,
  openInnovation,
  productLinks,
  solutionGroups,
  type NavGroup,
  type NavLink,
} from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";
import { DEFAULT_RETENTION_PERIODS, monthsText, type RetentionPeriods } from "#app/features/retention/retention-periods.ts";

/*
 * The site-wide facts an admin edits at /staff/site (decision 057): the
 * banner's messages, the navigation's labels and the company's contact
 * details and figures. The values in app/content/site.ts and navigation.ts are
 * the defaults: until an admin saves, the site shows exactly them. This module
 * goes to the browser (the layout draws from it); what checks a save does not.
 */

export type BannerMessage = { text: string; href: string };
export type SocialProfile = { name: string; href: string };

export type SiteFacts = {
  banner: BannerMessage[];
  /** A label for each entry of `navLabelEntries`, by its key; a missing one keeps its default. */
  navLabels: Record<string, string>;
  phone: { display: string; href: string };
  whatsapp: { display: string; href: string };
  emails: { general: string; sales: string; careers: string };
  address: { label: string; street: string; locality: string; postalCode: string; country: string; countryCode: string };
  social: SocialProfile[];
  /** The trust figures (spec §9) every "in numbers" section shows. */
  figures: { years: string; clients: string; professionals: string };
  /** The consultation panel's trust points. */
  trustPoints: string[];
  /**
   * How long personal data is kept, in words ("12 months"), for the privacy policy: not edited with the
   * other facts but set at /staff/retention, and laid over them when they are read (decision 077).
   */
  retention: { applications: string; consultations: string };
};

/** One navigation entry whose label can be changed: where it is (for the form's groups), its key and its default. */
export type NavLabelEntry = { key: string; place: string; label: string };

const dropdowns = mainNav.filter((entry) => entry.kind === "dropdown");

/** Every navigation label, in the order the header, its menus and the footer show them. Keys stay put when labels change. */
export const navLabelEntries: readonly NavLabelEntry[] = [
  ...mainNav.map((entry) => ({ key: `main:${entry.kind === "dropdown" ? entry.id : entry.href}`, place: "Header", label: entry.label })),
  ...[openInnovation, headerLinks.event, headerLinks.contact].map((link) => ({ key: `header:${link.href}`, place: "Header", label: link.label })),
  ...dropdowns.map((entry) => ({ key: `overview:${entry.overview.href}`, place: "Header menus", label: entry.overview.label })),
  ...solutionGroups.map((group) => ({ key: `group:${group.title}`, place: "Solutions menu", label: group.title })),
  ...solutionGroups.flatMap((group) => group.links.map((link) => ({ key: `link:${link.href}`, place: "Solutions menu", label: link.label }))),
  ...productLinks.map((link) => ({ key: `link:${link.href}`, place: "Products menu", label: link.label })),
  ...footerLinks.map((link) => ({ key: `footer:${link.href}`, place: "Footer", label: link.label })),
];

/** What the site shows before an admin saves: the spec's values, as in code. */
export const defaultSiteFacts: SiteFacts = {
  banner: bannerMessages.map((message) => ({ text: message.text, href: message.href })),
  navLabels: Object.fromEntries(navLabelEntries.map((entry) => [entry.key, entry.label])),
  phone: { ...site.phone },
  whatsapp: { ...site.whatsapp },
  emails: { ...site.emails },
  address: { ...site.address },
  social: site.social.map((profile) => ({ ...profile })),
  figures: { ...site.figures },
  trustPoints: [...site.trustPoints],
  retention: retentionFacts(DEFAULT_RETENTION_PERIODS),
};

/** The retention periods as the privacy policy words them. */
export function retentionFacts(periods: RetentionPeriods): SiteFacts["retention"] {
  return { applications: monthsText(periods.applicationMonths), consultations: monthsText(periods.consultationMonths) };
}

/** The navigation with the labels of `facts`: what the header, its menus and the footer draw. */
export type Navigation = {
  mainNav: ({ kind: "dropdown"; id: "solutions" | "products"; label: string; overview: NavLink } | { kind: "link"; label: string; href: `/${string}` })[];
  solutionGroups: NavGroup[];
  productLinks: NavLink[];
  openInnovation: NavLink;
  headerLinks: { event: NavLink; contact: NavLink };
  footerLinks: typeof footerLinks;
};

const navigations = new WeakMap<SiteFacts, Navigation>();

export function navigationOf(facts: SiteFacts): Navigation {
  const known = navigations.get(facts);
  if (known) return known;
  const label = (key: string, fallback: string) => facts.navLabels[key] || fallback;
  const relabel = <Link extends { label: string; href: string }>(prefix: string, link: Link): Link => ({
    ...link,
    label: label(`${prefix}:${link.href}`, link.label),
  });
  const navigation: Navigation = {
    mainNav: mainNav.map((entry) =>
      entry.kind === "dropdown"
        ? { ...entry, label: label(`main:${entry.id}`, entry.label), overview: relabel("overview", entry.overview) }
        : { ...entry, label: label(`main:${entry.href}`, entry.label) },
    ),
    solutionGroups: solutionGroups.map((group) => ({
      title: label(`group:${group.title}`, group.title),
      links: group.links.map((link) => relabel("link", link)),
    })),
    productLinks: productLinks.map((link) => relabel("link", link)),
    openInnovation: relabel("header", openInnovation),
    headerLinks: { event: relabel("header", headerLinks.event), contact: relabel("header", headerLinks.contact) },
    footerLinks: footerLinks.map((link) => relabel("footer", link)),
  };
  navigations.set(facts, navigation);
  return navigation;
}

/** The phone number as schema.org and `tel:` want it: "+919810042275". */
export function telephoneOf(facts: SiteFacts): string {
  return facts.phone.href.replace(/^tel:/, "");
}

/*
 * Page copy names the facts by placeholder ("Call us on {phone.display}"),
 * the way the spec writes {phone} and {email}; a page is filled with the facts
 * in force when its loader reads it.
 */

type FactGroup = "phone" | "whatsapp" | "emails" | "address" | "figures" | "retention";

function placeholders<Group extends FactGroup>(group: Group): SiteFacts[Group] {
  return Object.fromEntries(Object.keys(defaultSiteFacts[group]).map((name) => [name, `{${group}.${name}}`])) as SiteFacts[Group];
}

/** The facts as placeholders, for writing copy: `${fact.phone.display}` becomes the phone number in force. */
export const fact = {
  phone: placeholders("phone"),
  whatsapp: placeholders("whatsapp"),
  emails: placeholders("emails"),
  address: placeholders("address"),
  figures: placeholders("figures"),
  retention: placeholders("retention"),
};

const PLACEHOLDER = /\{(phone|whatsapp|emails|address|figures|retention)\.([a-zA-Z]+)\}/g;

/** `value` (a string, or any data holding strings) with every fact placeholder replaced by its value in `facts`. */
export function fillFacts<T>(value: T, facts: SiteFacts): T {
  if (typeof value === "string") {
    return value.replace(PLACEHOLDER, (whole, group: FactGroup, name: string) => {
      const filled = (facts[group] as Record<string, string>)[name];
      return typeof filled === "string" ? filled : whole;
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fillFacts(item, facts)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillFacts(item, facts)])) as T;
  }
  return value;
}

/** `value` filled with each set of facts, once per set (a set changes only when an admin saves). */
export function filledPerFacts<T>(value: T): (facts: SiteFacts) => T {
  const filled = new WeakMap<SiteFacts, T>();
  return (facts) => {
    let known = filled.get(facts);
    if (known === undefined) {
      known = fillFacts(value, facts);
      filled.set(facts, known);
    }
    return known;
  };
}
