import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/services",
  title: "Services",
  description: `Consulting, product engineering, managed services and support from ${site.name}, on fixed-scope, dedicated-team or T&M terms.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Services",
      art: "solutions",
      title: "Services across the whole software lifecycle",
      lead: `Whether you need advice on a single decision or a team to build and run a product for years, ${site.name} offers the services to match, on the commercial terms that suit you.`,
      secondary: { label: "Browse solutions", href: "/our-solutions" },
    },
    {
      kind: "features",
      title: "What we do",
      items: [
        {
          title: "Consulting",
          body: "Technology strategy, architecture reviews, build-versus-buy assessments and product discovery workshops that turn a business problem into a plan you can fund.",
        },
        {
          title: "Product engineering",
          body: "Design and development of web, mobile and cloud software, from a first version for early customers to a mature platform, including integrations, testing and data migration.",
        },
        {
          title: "Managed services",
          body: "We operate your applications and cloud infrastructure: monitoring, patching, backups, cost control and security hardening, so your team can focus on the business.",
        },
        {
          title: "Support and maintenance",
          body: "Bug fixes, small enhancements, version upgrades and user help for software we built or inherited, with a clear process for raising and tracking requests.",
        },
      ],
    },
    {
      kind: "features",
      title: "Engagement models",
      intro: "Choose how we work together. Many clients start with one model and move to another as the project matures.",
      items: [
        {
          title: "Fixed scope",
          body: "A defined deliverable for an agreed price and timeline. Best when requirements are clear and stable, such as a first release or a well-understood integration.",
        },
        {
          title: "Dedicated team",
          body: "A team of engineers, designers and a delivery lead who work only on your product and follow your priorities, billed monthly. Best for long-running products.",
        },
        {
          title: "Time and materials",
          body: "You pay for the effort actually spent, with detailed timesheets. Best when the scope is still evolving and you want the freedom to change direction.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How an engagement starts",
      steps: [
        {
          title: "Initial conversation",
          body: "You tell us about your goals, constraints and timeline, and we ask the questions that shape a realistic plan.",
        },
        { title: "Proposal", body: "We recommend a service and engagement model, with scope, team, milestones and cost in writing." },
        { title: "Kick-off", body: "We agree ways of working, access and communication channels, and introduce the people on your project." },
        { title: "Delivery and review", body: "Regular demos and progress reports keep you in control, and we review the engagement together as it evolves." },
      ],
    },
    {
      kind: "faq",
      title: "Frequently asked questions",
      items: [
        {
          question: "Can you take over software another vendor built?",
          answer:
            "Yes. We start with a code and infrastructure review, document what we find and agree a plan for stabilising the system before adding new features.",
        },
        {
          question: "Who owns the code you write for us?",
          answer:
            "Ownership is agreed in the contract before work starts. For custom development the code is normally yours, and we hand over the repositories and documentation with it.",
        },
        {
          question: "Can we switch engagement models later?",
          answer: "Yes. A common path is a fixed-scope first release followed by a dedicated team or time and materials for ongoing development.",
        },
        {
          question: "Do you work with clients outside India?",
          answer: `Yes. ${site.name} is headquartered in ${fact.address.locality}, ${fact.address.country}, and works remotely with clients wherever they are, arranging meetings to overlap with your working day.`,
        },
      ],
    },
    {
      kind: "cta",
      title: "Let's plan your project",
      body: "Describe your project in the consultation form and we will recommend the service and engagement model that fit best.",
    },
  ],
};
