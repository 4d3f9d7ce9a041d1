import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/crm",
  title: "CRM Solutions",
  description: "CRM implementation and custom development for sales pipelines, service desks and customer 360, connected to WhatsApp, email and your ERP.",
  sections: [
    {
      kind: "hero",
      eyebrow: "CRM Solutions",
      art: "solutions",
      title: "A CRM your sales and service teams will actually use",
      lead: "We set up, customise and integrate CRM systems so every lead, deal and support ticket lives in one place, and managers can trust the pipeline they are looking at.",
    },
    {
      kind: "features",
      title: "What we build",
      items: [
        {
          title: "Sales pipeline management",
          body: "Lead capture from your website, ads, marketplaces and calls, with assignment rules, stages, follow-up reminders and forecasts that reflect how your team really sells.",
        },
        {
          title: "Service and support desk",
          body: "Tickets from email, chat and WhatsApp in one queue, with service levels, escalation rules and a knowledge base, so no customer request falls through the gaps.",
        },
        {
          title: "Customer 360",
          body: "Orders, invoices, payments, conversations and open tickets on a single customer record, pulled together from your ERP, billing and e-commerce systems.",
        },
        {
          title: "Channel integrations",
          body: "The WhatsApp Business Platform, email, telephony and SMS connected to the CRM, with every conversation logged against the right contact automatically.",
        },
        {
          title: "Automation and reporting",
          body: "Workflows for quotes, approvals and renewals, plus dashboards for pipeline health, conversion by source and team activity.",
        },
        {
          title: "The right platform for you",
          body: "We implement established platforms such as Salesforce, HubSpot or Zoho CRM, or open-source options, and build a custom CRM only when your sales process genuinely needs one.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we roll out your CRM",
      steps: [
        {
          title: "Understand how you sell and serve",
          body: "We map lead sources, stages, handoffs and reports with the people who use them every day, and agree what success looks like.",
        },
        {
          title: "Design and choose the platform",
          body: "We recommend a platform based on your process, budget and integrations, and document fields, pipelines, roles and automations before building.",
        },
        {
          title: "Configure, integrate and migrate",
          body: "We set up the CRM, connect your channels and back-office systems, and migrate contacts, accounts and open deals with duplicates cleaned out.",
        },
        {
          title: "Train and launch",
          body: "Role-based training for sales reps, managers and support agents, followed by a launch with close support during the first weeks.",
        },
        {
          title: "Measure and improve",
          body: "We review adoption and data quality with you, then refine workflows and dashboards as your team settles in.",
        },
      ],
    },
    {
      kind: "faq",
      title: "CRM questions we are often asked",
      items: [
        {
          question: "Do you charge per user?",
          answer:
            "No. Our fees are for the work: a fixed price for a defined implementation or a monthly rate for ongoing support. Platform subscriptions such as Salesforce or HubSpot are billed by the vendor, and we help you choose a tier you will actually use.",
        },
        {
          question: "How long does a CRM implementation take?",
          answer:
            "A sales CRM for one team with a few integrations is typically live within weeks. Multi-team rollouts with service desks and ERP integration take longer and are phased. You get a dated plan after discovery.",
        },
        {
          question: "Can you move our data from spreadsheets or an old CRM?",
          answer:
            "Yes. We map, de-duplicate and import contacts, accounts, deals and history, and run a trial migration that your team checks before the final cut-over.",
        },
        {
          question: "Who owns a custom CRM you build for us?",
          answer: "You do. Custom code, configuration and integrations are handed over with source code and documentation once invoices are settled.",
        },
        {
          question: "What happens after launch?",
          answer: "Our support plans cover user questions, fixes, new automations and admin tasks, so the CRM keeps pace as your team and processes change.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Ready to clean up your pipeline?",
      body: `Tell us how your team sells and supports customers today, and we will recommend a platform and a rollout plan. ${site.responsePromise}`,
    },
  ],
};
