import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/custom-software",
  title: "Custom Software Development",
  description: "Custom software built around your workflows: internal tools, customer portals, SaaS products and legacy modernisation, with code you own.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Custom Software",
      art: "solutions",
      title: "Software built around how your business works",
      lead: "When off-the-shelf tools force your team into workarounds, we design and build software that fits your processes, connects to what you already run and grows with you.",
    },
    {
      kind: "features",
      title: "What we build",
      items: [
        {
          title: "Internal tools and workflow apps",
          body: "Approval flows, operations dashboards, field-team apps and back-office tools that replace spreadsheets and long email chains.",
        },
        {
          title: "Customer and partner portals",
          body: "Secure portals for orders, documents, service requests and account information, connected to your core systems in real time.",
        },
        {
          title: "SaaS products",
          body: "Multi-tenant products from first release to scale, with subscription billing, role-based access and the admin tooling your operators need.",
        },
        {
          title: "Legacy modernisation",
          body: "Step-by-step migration of ageing applications to modern, supported technology, without a risky big-bang rewrite.",
        },
        {
          title: "Integrations and APIs",
          body: "Well-documented APIs and integrations linking ERP, CRM, payments, logistics and government systems such as GST e-invoicing.",
        },
        {
          title: "Quality built in",
          body: "Automated tests, code review, security checks and CI/CD from the first sprint, so the software stays maintainable long after launch.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we work",
      steps: [
        {
          title: "Discovery",
          body: "We understand the problem, the users and the constraints, and turn them into a prioritised scope, an architecture outline and an estimate.",
        },
        {
          title: "Design",
          body: "Clickable prototypes and a technical design are validated with real users before significant build effort is spent.",
        },
        {
          title: "Build in sprints",
          body: "Short sprints end with a working demo, so you see progress regularly and can change priorities as you learn.",
        },
        {
          title: "Test and launch",
          body: "Functional, performance and security testing, followed by a planned release with monitoring and a rollback plan in place.",
        },
        {
          title: "Support and evolve",
          body: "Ongoing maintenance and improvements under a support plan, or a structured handover to your in-house team.",
        },
      ],
    },
    companyFigures(`Why teams build with ${site.name}`),
    {
      kind: "faq",
      title: "Custom software questions we are often asked",
      items: [
        {
          question: "What pricing models do you offer?",
          answer:
            "Fixed price for well-defined scopes, time-and-materials for evolving products, and dedicated teams billed monthly for longer engagements. We recommend one after discovery, based on how settled your requirements are.",
        },
        {
          question: "How long does it take to build custom software?",
          answer:
            "It depends on scope. A focused first release is commonly planned over a few months, with further features delivered in regular sprints. You get a dated plan, not an open-ended estimate.",
        },
        {
          question: "Who owns the code and intellectual property?",
          answer:
            "You do. Once invoices are settled, the source code, designs and documentation for the work we build for you are transferred to you, as set out in the contract. Open-source components keep their own licences.",
        },
        {
          question: "Can you work with our existing team and systems?",
          answer:
            "Yes. We regularly work alongside in-house developers, follow your coding standards and integrate with your current applications, databases and sign-in provider.",
        },
        {
          question: "What support is available after launch?",
          answer: "Support plans cover bug fixes, security updates, monitoring and small enhancements, with response times agreed in writing.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Have a process that off-the-shelf software does not fit?",
      body: `Describe the problem and the systems involved, and we will suggest an approach, a first release and an estimate. ${site.responsePromise}`,
    },
  ],
};
