import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/business-intelligence-analytics",
  title: "Business Intelligence & Analytics",
  description: "Data warehouses, pipelines and dashboards that give leadership one trusted set of numbers from ERP, CRM, finance and product data.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Business Intelligence & Analytics",
      art: "solutions",
      title: "One trusted set of numbers for every decision",
      lead: "We bring data from your ERP, CRM, finance, marketing and product systems into a governed warehouse, and build dashboards your leadership can rely on in every review.",
    },
    {
      kind: "features",
      title: "What we deliver",
      items: [
        {
          title: "Data pipelines",
          body: "Automated, monitored ingestion from databases, SaaS tools, spreadsheets and APIs, using proven tools such as Airbyte or Fivetran, and custom connectors where needed.",
        },
        {
          title: "Warehouse and data modelling",
          body: "A warehouse on BigQuery, Snowflake, Redshift or PostgreSQL, with tested, documented models that define revenue, margin and customers once for everyone.",
        },
        {
          title: "Dashboards and self-service",
          body: "Executive, finance, sales and operations dashboards in Power BI, Looker Studio, Metabase or Superset, designed around the questions each team actually asks.",
        },
        {
          title: "Shared metric definitions",
          body: "A glossary of KPIs so that 'active customer' or 'net revenue' means the same thing in every report and every meeting.",
        },
        {
          title: "Governance and access",
          body: "Role-based and row-level access, audit trails and careful handling of personal data in line with the DPDP Act 2023 and your own policies.",
        },
        {
          title: "Data quality monitoring",
          body: "Freshness and consistency checks that alert the team when a source breaks, before a wrong number reaches a board pack.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we build your analytics stack",
      steps: [
        {
          title: "Start with the questions",
          body: "We begin with the decisions you need to make and the reports you run today, and list the metrics and sources behind them.",
        },
        {
          title: "Audit sources and design",
          body: "We assess data quality in each system and design the warehouse, models and access rules, agreeing the first set of dashboards upfront.",
        },
        {
          title: "Build pipelines and models",
          body: "We connect sources, build and test the models, and reconcile key figures against your finance and operations reports.",
        },
        {
          title: "Roll out dashboards",
          body: "Dashboards are released team by team, with walkthroughs for users and adjustments based on how they are really used.",
        },
        {
          title: "Operate and extend",
          body: "We monitor pipelines, add new sources and metrics, and train your analysts to extend the stack on their own.",
        },
      ],
    },
    companyFigures(`${site.name} at a glance`),
    {
      kind: "faq",
      title: "Analytics questions we are often asked",
      items: [
        {
          question: "How do you price a BI engagement?",
          answer:
            "Usually a fixed price for the initial warehouse and first dashboards, then a monthly retainer for new sources, reports and pipeline monitoring. Tool and cloud costs are separate, and we size them with you upfront.",
        },
        {
          question: "How soon will we see the first dashboard?",
          answer:
            "We aim to put a first useful dashboard in front of you early, typically within the first few weeks, built on one or two key sources. Coverage then widens in iterations.",
        },
        {
          question: "Do we have to replace our current reporting tool?",
          answer:
            "Not necessarily. If your team already uses Power BI, Tableau or another tool well, we feed it from the new warehouse instead of forcing a change.",
        },
        {
          question: "Where does our data live, and who owns it?",
          answer:
            "Your data stays in cloud accounts you own, in the region you choose, including Indian regions where residency matters. The pipelines, models and dashboards we build are yours, with full documentation.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Tired of debating whose numbers are right?",
      body: `Tell us which decisions your reports need to support, and we will propose a practical first phase. ${site.responsePromise}`,
    },
  ],
};
