import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/ai-ml-solution",
  title: "AI/ML Solutions",
  description:
    "Practical AI and machine learning: LLM assistants, document automation, forecasting and computer vision, evaluated and monitored in production.",
  sections: [
    {
      kind: "hero",
      eyebrow: "AI/ML Solutions",
      art: "solutions",
      title: "AI that earns its place in production",
      lead: "We help you find the AI use cases worth building, then deliver models and LLM-powered features that are measured, secure and built into the tools your teams already use.",
    },
    {
      kind: "features",
      title: "What we build",
      items: [
        {
          title: "Generative AI and LLM applications",
          body: "Assistants, search and summarisation grounded in your own documents through retrieval-augmented generation, with guardrails and citations to sources.",
        },
        {
          title: "Document intelligence",
          body: "Extraction of data from invoices, purchase orders, KYC documents and contracts into structured records, with human review for low-confidence cases.",
        },
        {
          title: "Predictive models",
          body: "Forecasting, churn, lead scoring and risk models built on your historical data and explained in terms the business understands.",
        },
        {
          title: "Computer vision",
          body: "Quality inspection, object detection and image classification for manufacturing, retail and field operations.",
        },
        {
          title: "MLOps",
          body: "Versioned data and models, automated retraining, drift monitoring and rollback, so models stay accurate after launch.",
        },
        {
          title: "Responsible AI",
          body: "Evaluation against agreed test sets, bias checks, and personal data handled in line with the DPDP Act 2023 and your own policies.",
        },
      ],
    },
    {
      kind: "steps",
      title: "From idea to production",
      steps: [
        {
          title: "Use-case assessment",
          body: "We rank candidate use cases by business value, data availability and risk, and pick one with a clear measure of success.",
        },
        {
          title: "Data and feasibility",
          body: "We examine the data, set a baseline and build a quick prototype to prove the approach before larger investment.",
        },
        {
          title: "Build and evaluate",
          body: "We develop the model or LLM pipeline, test it against agreed evaluation sets and review the results with your domain experts.",
        },
        {
          title: "Integrate and deploy",
          body: "The model goes live inside your existing apps and workflows, behind secure APIs, with monitoring and a human fallback.",
        },
        {
          title: "Monitor and improve",
          body: "We track accuracy, cost and usage in production, and retrain or tune as your data and needs change.",
        },
      ],
    },
    companyFigures(`Why teams work with ${site.name}`),
    {
      kind: "faq",
      title: "AI questions we are often asked",
      items: [
        {
          question: "How do you price AI projects?",
          answer:
            "We usually start with a short fixed-price assessment and prototype, then price the production build as a fixed scope or a monthly team. Model API or GPU costs are estimated upfront and charged at actual usage.",
        },
        {
          question: "Will our data be used to train someone else's model?",
          answer:
            "No. We use model providers and plans whose terms exclude training on your data, or run open-weight models in your own cloud account when data must not leave your environment.",
        },
        {
          question: "How long before we see results?",
          answer:
            "A prototype on your real data typically arrives within weeks, which tells you early whether the approach is worth scaling. Production timelines depend on integration and review needs.",
        },
        {
          question: "Can AI work with our existing systems?",
          answer: "Yes. We connect models to your ERP, CRM, document stores and help desk through APIs, so AI shows up inside the tools people already use.",
        },
        {
          question: "Who owns the models and code?",
          answer:
            "You do. Code, prompts, fine-tuned models and evaluation sets built for you are yours. Third-party foundation models remain under their providers' licences.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Wondering where AI would really help?",
      body: `Share the process or problem you have in mind, and we will tell you honestly whether AI fits and what a pilot would involve. ${site.responsePromise}`,
    },
  ],
};
