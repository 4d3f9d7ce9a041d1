import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/erp",
  title: "ERP Solutions",
  description: "ERP implementation and custom modules for finance, inventory, manufacturing and GST compliance, integrated with the systems you already use.",
  sections: [
    {
      kind: "hero",
      eyebrow: "ERP Solutions",
      art: "solutions",
      title: "ERP that fits how your business actually runs",
      lead: "We implement, customise and integrate ERP systems so finance, inventory, purchasing and operations work from one set of numbers, built for GST compliance in India and for teams that trade across borders.",
    },
    {
      kind: "features",
      title: "What we deliver",
      intro:
        "Whether you are replacing spreadsheets, outgrowing an entry-level accounting package or rescuing a stalled rollout, we scope the ERP around the processes that matter most to you.",
      items: [
        {
          title: "Finance and accounting",
          body: "General ledger, receivables, payables, bank reconciliation and multi-entity consolidation, with GST returns, e-invoicing and e-way bills handled inside the system instead of in side spreadsheets.",
        },
        {
          title: "Inventory and warehousing",
          body: "Real-time stock across locations, batch and serial tracking, reorder rules and barcode-driven picking, so sales and purchasing always see the same quantities.",
        },
        {
          title: "Procurement and manufacturing",
          body: "Purchase requisitions, approvals, bills of materials, work orders and job costing, configured to your actual buying and production cycle.",
        },
        {
          title: "Platform choice without lock-in",
          body: "We work with open-source platforms such as ERPNext and Odoo, build custom modules where off-the-shelf falls short, and recommend the simplest option that meets your requirements.",
        },
        {
          title: "Integrations",
          body: "Connections to your CRM, online store, payment gateway, payroll, banks and existing accounting tools such as Tally, using documented APIs rather than fragile manual exports.",
        },
        {
          title: "Data migration",
          body: "Masters, opening balances and transaction history cleaned, mapped and reconciled before go-live, with your finance team signing off the figures.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we deliver an ERP project",
      intro: "A phased rollout keeps the business running while the new system comes in.",
      steps: [
        {
          title: "Discovery and process mapping",
          body: "We sit with finance, stores, sales and production to document how work really flows today, where it breaks, and what the first phase must cover.",
        },
        {
          title: "Solution design",
          body: "You receive a written blueprint of modules, workflows, roles, reports, integrations and the migration plan, with a fixed scope for the first phase.",
        },
        {
          title: "Configure, build and migrate",
          body: "We configure the platform, build custom modules and integrations in short iterations, and run trial migrations until balances match.",
        },
        {
          title: "Test and train",
          body: "Key users run real scenarios in a test environment, and each department is trained on its own workflows rather than a generic demo.",
        },
        {
          title: "Go-live and hypercare",
          body: "We cut over at a period boundary, stay close through the first closing cycle, then move to an ongoing support plan.",
        },
      ],
    },
    companyFigures(`Why teams work with ${site.name}`),
    {
      kind: "faq",
      title: "ERP questions we are often asked",
      items: [
        {
          question: "How is an ERP project priced?",
          answer:
            "After discovery we quote a fixed price for a clearly scoped first phase, and use time-and-materials or a monthly retainer for later phases and ongoing changes. Any platform licence or hosting costs are shown separately so you can compare options honestly.",
        },
        {
          question: "How long does an ERP implementation take?",
          answer:
            "It depends on the number of modules, entities and integrations. A focused first phase for a single company typically takes a few months, while multi-entity or manufacturing rollouts take longer and are phased. You get a dated plan after discovery.",
        },
        {
          question: "Can the ERP connect to our existing systems?",
          answer:
            "Yes. We integrate with CRMs, e-commerce platforms, payment gateways, banks, payroll and accounting tools through their APIs. Where a legacy system has no API, we agree a reliable, monitored file-based exchange.",
        },
        {
          question: "Who owns the custom code?",
          answer:
            "You do. Custom modules, integrations and configuration we build for you are handed over with source code and documentation once invoices are settled. Open-source platforms stay under their own licences, which let you run and modify them.",
        },
        {
          question: "What support do you offer after go-live?",
          answer:
            "Every rollout includes a hypercare period, followed by an optional support plan covering fixes, user queries, upgrades and small enhancements, with response times agreed in writing.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Planning an ERP rollout, or rescuing one?",
      body: `Tell us about your processes and current systems, and we will outline a phased plan and a realistic budget. ${site.responsePromise}`,
    },
  ],
};
