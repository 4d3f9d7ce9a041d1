import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/cloud-infrastructure",
  title: "Cloud Infrastructure Services",
  description:
    "Cloud architecture, migration and managed operations on AWS, Azure and Google Cloud: secure, cost-efficient and built as infrastructure as code.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Cloud Infrastructure",
      art: "solutions",
      title: "Cloud infrastructure on AWS, Azure and GCP, done right",
      lead: "We design, migrate and run cloud environments that are secure by default, cost what they should, and are fully described in code, so nothing depends on one person's memory.",
    },
    {
      kind: "features",
      title: "What we deliver",
      items: [
        {
          title: "Architecture and landing zones",
          body: "Well-structured accounts, networking, identity and guardrails on AWS, Azure or Google Cloud, set up before the first workload moves.",
        },
        {
          title: "Migration and modernisation",
          body: "Moves from on-premise servers, data centres or another cloud, from lift-and-shift to containers and managed services, planned to minimise downtime.",
        },
        {
          title: "Infrastructure as code",
          body: "Every environment defined in Terraform or the provider's native tooling, reviewed like application code and reproducible on demand.",
        },
        {
          title: "Cost optimisation",
          body: "Right-sizing, commitment discounts, storage tiering and cost allocation by team or product, with regular reviews of where the money goes.",
        },
        {
          title: "Reliability and disaster recovery",
          body: "Multi-zone designs, automated backups, tested recovery procedures and recovery targets agreed with the business.",
        },
        {
          title: "Data residency",
          body: "Deployments in the Indian regions of each provider when regulation or customers require data to stay in India, and in other regions for users abroad.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we work",
      steps: [
        {
          title: "Assess",
          body: "We review your current infrastructure, costs, security posture and the dependencies between your applications.",
        },
        {
          title: "Design",
          body: "A target architecture, landing zone, migration waves and a cost estimate, documented and agreed with your team.",
        },
        {
          title: "Build the foundation",
          body: "Accounts, networks, identity, logging and deployment pipelines are set up as code before any workload moves.",
        },
        {
          title: "Migrate",
          body: "Workloads move in planned waves with testing, data sync and rollback plans, starting with lower-risk systems.",
        },
        {
          title: "Operate and optimise",
          body: "Monitoring, patching, backups, cost reviews and on-call support under a managed services plan, or a full handover to your team.",
        },
      ],
    },
    companyFigures(`Why teams trust ${site.name} with their infrastructure`),
    {
      kind: "faq",
      title: "Cloud questions we are often asked",
      items: [
        {
          question: "Which cloud provider should we choose?",
          answer:
            "It depends on your team's existing skills, the services you rely on, customer requirements and pricing. We work across AWS, Azure and Google Cloud and base our recommendation on your workloads.",
        },
        {
          question: "How is cloud work priced?",
          answer:
            "Assessments and migrations are usually fixed-price per phase, and managed operations are a monthly fee based on the environments we run. Cloud provider bills stay in your name and are paid directly.",
        },
        {
          question: "Will migration cause downtime?",
          answer:
            "We plan for minimal disruption using data replication, staged cut-overs and scheduled windows. Any downtime is agreed with you in advance, and every cut-over has a tested rollback plan.",
        },
        {
          question: "Who owns the cloud accounts and configuration?",
          answer:
            "You do. Accounts are in your organisation's name, and all infrastructure code and documentation live in your repositories. We work through access you grant and can revoke at any time.",
        },
        {
          question: "Do you provide ongoing support?",
          answer: "Yes. Managed operations plans cover monitoring, incident response, patching, backups and regular cost reviews.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Moving to the cloud, or paying too much for it?",
      body: `Tell us what you run today and where it hurts, and we will propose an assessment and a practical plan. ${site.responsePromise}`,
    },
  ],
};
