import { cardIconOf } from "#app/content/card-icons.ts";
import type { FeatureGridSection, LinkGridSection, PageContent } from "#app/content/page-types.ts";
import { anchorOf, solutionGroups } from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";

/** A short introduction per solution area, keyed by the group title in navigation.ts. */
const groupIntros: Record<string, string> = {
  "Business Solutions": "The systems that run the back office: money, stock, customers and the reports that tie them together.",
  "Software Development": "Products and applications built to your specification, from internal tools to customer-facing apps.",
  "E-commerce & Fintech": "Everything between a customer's first click and the money reaching your account.",
  "Security & Cloud": "The infrastructure underneath your software, and the practices that keep it safe and available.",
  "AI & Automation": "Practical AI that answers questions, predicts demand and removes repetitive work.",
};

const PATH = "/our-solutions";

/** Entries that lead to a section of this page rather than to a page of their own, keyed by label. */
const sectionDescriptions: Record<string, string> = {
  "Workflow Automation":
    "Approvals, document handling and hand-offs between teams that run without chasing: forms that route themselves, rules that escalate what is late, and integrations that move data between your ERP, CRM and e-mail instead of people retyping it. We automate the process you have, measure the hours it saves, and keep a person in the loop where judgement matters.",
  "B2B SaaS Products":
    "For software companies building their own product: multi-tenant architecture, subscription billing, single sign-on, role-based access, public APIs and the admin tools your support team needs. We join as your engineering team or alongside it, and plan for the scale and security reviews your enterprise customers will ask about.",
  "Healthcare & Pharma":
    "Systems for clinics, laboratories, pharmacies and manufacturers: patient and sample records, appointment and lab workflows, batch and inventory tracking, and reporting. Access control, audit trails and encrypted storage are built in from the start, so the software supports your compliance work instead of adding to it.",
};

const isSectionHere = (href: string) => href.startsWith(`${PATH}#`);

const groupSections: LinkGridSection[] = solutionGroups.flatMap((group): LinkGridSection[] => {
  const items = group.links.flatMap((link) =>
    isSectionHere(link.href) ? [] : [{ title: link.label, body: link.description ?? "", href: link.href, ...cardIconOf(link.label) }],
  );
  if (items.length === 0) return [];
  const intro = groupIntros[group.title];
  return [{ kind: "links", title: group.title, ...(intro ? { intro } : {}), items }];
});

const moreSection: FeatureGridSection = {
  kind: "features",
  title: "Automation and the industries we know best",
  intro: "Some work cuts across every solution area: taking manual steps out of a process, and knowing the rules of the industry the software serves.",
  items: solutionGroups.flatMap((group) =>
    group.links.flatMap((link) =>
      isSectionHere(link.href) ? [{ id: anchorOf(link.href), title: link.label, body: sectionDescriptions[link.label] ?? "", ...cardIconOf(link.label) }] : [],
    ),
  ),
};

export const page: PageContent = {
  path: PATH,
  title: "Our Solutions",
  description: `Explore every solution ${site.name} delivers: ERP, CRM, analytics, custom software, e-commerce, payments, cloud, security and AI.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Solutions",
      art: "solutions",
      title: "Solutions for every part of your business",
      lead: `From the back office to the storefront, ${site.name} builds and runs the software your teams rely on. Browse the solution areas below, or tell us your problem and we will recommend where to start.`,
    },
    ...groupSections,
    moreSection,
    {
      kind: "cta",
      title: "Not sure which solution fits?",
      body: "Most projects touch more than one area. Describe what you need in the consultation form and we will put together the right mix, with a clear scope and estimate.",
    },
  ],
};
