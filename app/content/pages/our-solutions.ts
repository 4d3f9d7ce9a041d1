import type { LinkGridSection, PageContent } from "#app/content/page-types.ts";
import { solutionGroups } from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";

/** A short introduction per solution area, keyed by the group title in navigation.ts. */
const groupIntros: Record<string, string> = {
  "Business Solutions": "The systems that run the back office: money, stock, customers and the reports that tie them together.",
  "Software Development": "Products and applications built to your specification, from internal tools to customer-facing apps.",
  "E-commerce & Fintech": "Everything between a customer's first click and the money reaching your account.",
  "Security & Cloud": "The infrastructure underneath your software, and the practices that keep it safe and available.",
  "AI & Automation": "Practical AI that answers questions, predicts demand and removes repetitive work.",
};

const groupSections: LinkGridSection[] = solutionGroups.flatMap((group): LinkGridSection[] => {
  const items = group.links.flatMap((link) =>
    link.href ? [{ title: link.label, body: link.description ?? "", href: link.href }] : [],
  );
  if (items.length === 0) return [];
  const intro = groupIntros[group.title];
  return [{ kind: "links", title: group.title, ...(intro ? { intro } : {}), items }];
});

export const page: PageContent = {
  path: "/our-solutions",
  title: "Our Solutions",
  description: `Explore every solution ${site.name} delivers: ERP, CRM, analytics, custom software, e-commerce, payments, cloud, security and AI.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Solutions",
      title: "Solutions for every part of your business",
      lead: `From the back office to the storefront, ${site.name} builds and runs the software your teams rely on. Browse the solution areas below, or tell us your problem and we will recommend where to start.`,
    },
    ...groupSections,
    {
      kind: "cta",
      title: "Not sure which solution fits?",
      body: "Most projects touch more than one area. Describe what you need in the consultation form and we will put together the right mix, with a clear scope and estimate.",
    },
  ],
};
