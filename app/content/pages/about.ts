import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/about",
  title: "About Us",
  description: `${site.name} is a ${fact.address.locality}-based software services company that designs, builds and runs business software for growing companies.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "About us",
      art: "company",
      title: `About ${site.name}`,
      lead: `We are a software services company headquartered in ${fact.address.locality}. Since ${site.foundingYear} we have helped growing businesses replace spreadsheets, disconnected tools and ageing systems with software that fits the way they work.`,
      secondary: { label: "Meet the company", href: "/company" },
    },
    {
      kind: "prose",
      title: "Our story",
      blocks: [
        {
          p: `${site.name} started with a simple observation: growing companies were being offered either rigid off-the-shelf software or expensive custom projects that took years to deliver. We set out to offer something in between, a partner that understands the business problem first and then builds exactly as much software as it takes to solve it.`,
        },
        {
          p: `Today a team of ${fact.figures.professionals} engineers, designers and consultants works on SaaS products, custom applications, CRM and ERP, e-commerce and payments, AI and analytics, and the cloud infrastructure underneath them. Alongside client work, we build and maintain our own products for HR, education, e-commerce and events.`,
        },
      ],
    },
    companyFigures("Where we are today"),
    {
      kind: "features",
      title: "What we believe",
      items: [
        {
          title: "Start with the problem",
          body: "We ask why before we ask what. Understanding the business outcome keeps projects focused and stops us building features nobody needs.",
        },
        {
          title: "Build for the long run",
          body: "Clean architecture, automated tests and good documentation cost a little more today and save a great deal later. We build software we would be happy to maintain ourselves.",
        },
        {
          title: "Be straightforward",
          body: "Honest estimates, early warnings when something slips and plain language instead of jargon. Trust is built on what we say as much as on what we ship.",
        },
        {
          title: "Keep learning",
          body: "Technology moves quickly. We invest time in training, experiments and our open innovation programme so that clients benefit from what is new only when it is ready.",
        },
      ],
    },
    {
      kind: "links",
      title: "Learn more",
      items: [
        { title: "Our solutions", body: "The solution areas we design, build and run for clients.", href: "/our-solutions" },
        { title: "Our products", body: "Ready-made platforms for HR, education, e-commerce and events.", href: "/products" },
        { title: "Our work", body: "The kinds of projects we deliver, industry by industry.", href: "/portfolio" },
        { title: "Careers", body: "Join a team that builds software businesses depend on.", href: "/careers" },
      ],
    },
    {
      kind: "cta",
      title: "Work with us",
      body: "Tell us about your business and the problem you want solved. We will come back with honest advice on how to solve it.",
    },
  ],
};
