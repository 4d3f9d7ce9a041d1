import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/devops",
  title: "DevOps Services",
  description:
    "DevOps and SRE services: CI/CD pipelines, Kubernetes, infrastructure as code and observability that help teams ship faster with fewer incidents.",
  sections: [
    {
      kind: "hero",
      eyebrow: "DevOps",
      art: "solutions",
      title: "Ship faster, with fewer late-night incidents",
      lead: "We build the pipelines, platforms and observability that let your developers release small changes safely and often, and help you run production with proven SRE practices.",
    },
    {
      kind: "features",
      title: "What we deliver",
      items: [
        {
          title: "CI/CD pipelines",
          body: "Automated build, test, security scan and deployment pipelines on GitHub Actions, GitLab CI, Jenkins or Azure DevOps, with approvals only where they add value.",
        },
        {
          title: "Containers and Kubernetes",
          body: "Containerised applications on managed Kubernetes such as EKS, AKS or GKE, or on simpler platforms when Kubernetes is more than you need.",
        },
        {
          title: "Infrastructure as code",
          body: "Terraform and GitOps workflows that keep environments consistent, reviewable and easy to recreate.",
        },
        {
          title: "Observability",
          body: "Metrics, logs and traces with OpenTelemetry, Prometheus and Grafana or your chosen tools, with alerts that point to real problems rather than noise.",
        },
        {
          title: "Site reliability engineering",
          body: "Service level objectives, incident response, on-call practices and blameless post-incident reviews.",
        },
        {
          title: "DevSecOps",
          body: "Dependency, container and secret scanning, signed build artefacts and least-privilege access built into the delivery pipeline.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How we improve your delivery",
      steps: [
        {
          title: "Assess how you ship",
          body: "We trace how code moves from commit to production today and measure lead time, deployment frequency, change failure rate and recovery time.",
        },
        {
          title: "Prioritise",
          body: "You get a roadmap of improvements ranked by impact, starting where releases hurt most.",
        },
        {
          title: "Implement",
          body: "We build pipelines, environments and observability alongside your developers, one service at a time.",
        },
        {
          title: "Embed the practices",
          body: "Runbooks, on-call guidance, documentation and hands-on sessions help your team own the new way of working.",
        },
        {
          title: "Run and improve",
          body: "Optional managed DevOps and SRE support, with regular reviews of reliability and delivery metrics.",
        },
      ],
    },
    {
      kind: "faq",
      title: "DevOps questions we are often asked",
      items: [
        {
          question: "How do you price DevOps work?",
          answer:
            "Improvement projects are priced as fixed scopes, and ongoing DevOps or SRE support as a monthly retainer. Tool licences and cloud costs are billed to you directly by the providers.",
        },
        {
          question: "Do we really need Kubernetes?",
          answer:
            "Not always. Many products run well on managed container services with far less operational overhead. We recommend Kubernetes when your scale, team size or portability needs justify it.",
        },
        {
          question: "Can you work with the tools we already use?",
          answer: "Yes. We extend what you already have where it works, and propose a change only when a tool is genuinely holding the team back.",
        },
        {
          question: "How quickly will we see improvements?",
          answer:
            "Early wins, such as an automated pipeline for one service, often arrive within the first few weeks. Broader change across many services is phased over months.",
        },
        {
          question: "Who owns the pipelines and scripts?",
          answer: `You do. Everything lives in your repositories and cloud accounts, documented, with no dependency on proprietary tooling from ${site.name}.`,
        },
      ],
    },
    {
      kind: "cta",
      title: "Are releases slower and riskier than they should be?",
      body: `Tell us how your team ships today, and we will suggest the improvements that will make the biggest difference first. ${site.responsePromise}`,
    },
  ],
};
