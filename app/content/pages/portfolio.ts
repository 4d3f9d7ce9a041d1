import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/portfolio",
  title: "Portfolio",
  description: `Case studies of software ${site.name} has built, from ERP and CRM to e-commerce, cloud and AI, with the results each client measured.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Portfolio",
      art: "products",
      title: "Our work across industries",
      lead: `${site.name} has delivered software for ${fact.figures.clients} clients. Most of that work runs inside their businesses and under their brands, so our case studies name the sector and size of each client rather than its name, unless the client has agreed to be named.`,
      secondary: { label: "Browse solutions", href: "/our-solutions" },
    },
    {
      kind: "features",
      title: "The industries we work in",
      items: [
        {
          title: "B2B SaaS",
          body: "Multi-tenant platforms built from the first release, with subscription billing, role-based access, admin consoles and APIs for customer integrations, plus the cloud set-up to run them.",
        },
        {
          title: "Retail and D2C brands",
          body: "Online storefronts and marketplaces connected to payment gateways, inventory and shipping, with order management back offices and loyalty features.",
        },
        {
          title: "Financial services and fintech",
          body: "Payment flows, billing and invoicing systems, reconciliation tools and customer onboarding journeys built with security and regulatory requirements in mind.",
        },
        {
          title: "Education",
          body: "Student management, admissions and fee collection portals, online assessments and learning platforms for schools, colleges and training providers.",
        },
        {
          title: "Healthcare and pharma",
          body: "Appointment and patient management tools, field-force and distributor apps, and reporting dashboards that handle sensitive data with care.",
        },
        {
          title: "Manufacturing and distribution",
          body: "ERP implementations covering purchasing, inventory, production and dispatch, with dealer portals and analytics that connect the shop floor to the head office.",
        },
        {
          title: "Professional services",
          body: "CRM, project tracking, HR and timesheet systems, and client portals that replace email chains and spreadsheets.",
        },
        {
          title: "Events and communities",
          body: "Registration, ticketing and hackathon platforms with submissions, judging and live leaderboards.",
        },
      ],
    },
    {
      kind: "features",
      title: "What these projects have in common",
      items: [
        {
          title: "Built around real processes",
          body: "Each project starts with the people who will use the software, so it fits their work instead of forcing new habits.",
        },
        {
          title: "Integrated, not isolated",
          body: "New systems connect to the tools a business already uses, such as accounting, payments, messaging and existing databases.",
        },
        {
          title: "Supported after launch",
          body: "Many clients keep working with us after go-live for support, improvements and new features.",
        },
      ],
    },
    {
      kind: "links",
      title: "Related solutions",
      items: [
        { title: "Custom Software", body: "Applications built around how you work.", href: "/custom-software" },
        { title: "E-commerce", body: "B2B and D2C storefronts that convert.", href: "/ecommerce" },
        { title: "ERP Solutions", body: "Finance, inventory and operations in one system.", href: "/erp" },
        { title: "AI/ML Solutions", body: "Models that earn their place in production.", href: "/ai-ml-solution" },
      ],
    },
    {
      kind: "cta",
      title: "Want to see work like yours?",
      body: "Tell us about your industry and project in the consultation form. We will talk you through comparable work we have delivered, within the limits of our clients' confidentiality.",
    },
  ],
};
