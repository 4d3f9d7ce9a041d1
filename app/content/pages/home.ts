import { cardIconOf } from "#app/content/card-icons.ts";
import { CASE_STUDIES_PATH } from "#app/content/case-studies.ts";
import { companyFigures } from "#app/content/company-figures.ts";
import type { LinkGridSection, PageContent } from "#app/content/page-types.ts";
import { solutionGroups } from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";

/** One sentence per solution area, keyed by the group title in navigation.ts. */
const groupSummaries: Record<string, string> = {
  "Business Solutions": "ERP, CRM and business intelligence that put finance, sales, operations and reporting on one reliable footing.",
  "Software Development": "Custom applications, web and mobile products and AI features, designed and engineered around the way your teams work.",
  "E-commerce & Fintech": "Storefronts, payment gateways and billing systems that take orders, collect money and raise GST-ready invoices.",
  "Security & Cloud": "Cloud infrastructure, DevOps and security reviews that keep your systems fast, available and compliant.",
  "AI & Automation": "Chatbots, virtual assistants and predictive analytics that take repetitive work off your people.",
};

const solutionAreas: LinkGridSection["items"] = solutionGroups.flatMap((group) => {
  const first = group.links[0];
  const body = groupSummaries[group.title];
  return first && body ? [{ title: group.title, body, href: first.href, ...cardIconOf(group.title) }] : [];
});

export const page: PageContent = {
  path: "/",
  title: "Business Software Services",
  description: `${site.name} designs, builds and runs SaaS, custom software, CRM, ERP, e-commerce and AI solutions for growing businesses.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "B2B Software Services",
      art: "solutions",
      title: site.tagline,
      lead: `${site.name} designs, builds and runs the software growing companies depend on, from CRM and ERP to e-commerce, payments and AI. One team takes your idea from first workshop to a system in production, and stays to keep it running.`,
      secondary: { label: "Explore our solutions", href: "/our-solutions" },
    },
    {
      kind: "links",
      title: "What we build",
      intro: "Five solution areas, one delivery team. Pick the area closest to your problem, or talk to us and we will point you to the right one.",
      items: solutionAreas,
    },
    {
      kind: "caseStudies",
      title: "Recent work",
      intro: "What we built for clients like you, and what it changed for them.",
      // The newest three, chosen when the page is drawn (app/content/pages/index.ts).
      cards: [],
      more: { label: "See all case studies", href: CASE_STUDIES_PATH },
    },
    companyFigures(`${site.name} in numbers`),
    {
      kind: "steps",
      title: "How we work",
      intro: "Every engagement follows the same four stages, so you always know what happens next and what it will cost.",
      steps: [
        {
          title: "Discover",
          body: "We meet the people who will use the system, map the processes it must support and agree what success looks like before any code is written.",
        },
        {
          title: "Design",
          body: "We turn the findings into an architecture, clickable screens and a scoped plan with milestones, so you can approve the product before it is built.",
        },
        {
          title: "Build",
          body: "We develop in short iterations with a working demo at the end of each one. You see progress every couple of weeks and can change priorities as you learn.",
        },
        {
          title: "Launch and run",
          body: "We migrate your data, train your team and go live, then monitor, support and improve the system for as long as you need us.",
        },
      ],
    },
    {
      kind: "features",
      title: `Why companies choose ${site.name}`,
      items: [
        {
          title: "One team, end to end",
          body: "Consultants, designers, engineers and cloud specialists work as one team, so nothing gets lost in hand-offs between vendors.",
        },
        {
          title: "Secure by default",
          body: "Access control, encryption, backups and audit trails are part of every build, not an optional extra added at the end.",
        },
        {
          title: "Built to scale",
          body: "We choose proven technology and design for growth, so the system that serves your first hundred customers still serves your next hundred thousand.",
        },
        {
          title: "Transparent delivery",
          body: "Clear estimates, regular demos and a shared backlog mean you always know what is being built, why, and what it costs.",
        },
        {
          title: "Client-centric approach",
          body: "We measure our work by your outcomes: fewer manual steps, faster decisions and software your staff actually want to use.",
        },
        {
          title: "Here after launch",
          body: "Managed services and support keep your software patched, monitored and improving long after the first release.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Tell us what you want to build",
      body: `Share a few lines about your project and a specialist will get back to you. ${site.responsePromise}`,
    },
  ],
};
