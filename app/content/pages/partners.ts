import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/partners",
  title: "Partners",
  description: `Join the ${site.name} partner programme as a technology or channel partner and grow by delivering business software together.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Partners",
      art: "company",
      title: `Grow with the ${site.shortName} partner programme`,
      lead: `${site.name} works with technology vendors, resellers, agencies and consultancies to bring better software to more businesses. If your customers need what we build, let us build it together.`,
      primary: { label: "Become a partner", href: "#consultation" },
    },
    {
      kind: "features",
      title: "Ways to partner",
      items: [
        {
          title: "Technology partners",
          body: "Software vendors and platform providers whose products we integrate, implement or extend. We build connectors, run joint solution design and help your customers get value from your platform faster.",
        },
        {
          title: "Channel partners",
          body: "Resellers and distributors who offer our products, including white-label editions of our HR, education, e-commerce and event platforms, to their own customers.",
        },
        {
          title: "Referral partners",
          body: "Consultants, agencies and advisers who introduce clients needing custom software, cloud or AI work. You keep the relationship; we deliver the engineering.",
        },
        {
          title: "Delivery partners",
          body: "Agencies and studios that need extra engineering capacity or specialist skills, such as payments, security or machine learning, for their own client projects.",
        },
      ],
    },
    {
      kind: "features",
      title: "What partners get",
      items: [
        {
          title: "A full delivery team behind you",
          body: `Access to ${fact.figures.professionals} engineers, designers and consultants across web, mobile, cloud, data and AI, without adding to your own headcount.`,
        },
        {
          title: "Products you can sell under your brand",
          body: "White-label versions of our products, with branding, hosting and customisation handled by us.",
        },
        {
          title: "Sales and technical support",
          body: "Help with discovery calls, solution design, demos and proposals, so you can respond to opportunities with confidence.",
        },
        {
          title: "Clear, fair commercial terms",
          body: "Referral fees, reseller margins or joint pricing agreed in writing up front, with no surprises later.",
        },
        {
          title: "A named point of contact",
          body: "One person at our company who knows your business and coordinates everything you need from us.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How to become a partner",
      steps: [
        {
          title: "Introduce yourself",
          body: 'Use the consultation form and mention "Partnership" in your project brief, with a few lines about your company and customers.',
        },
        { title: "Explore the fit", body: "We meet to understand your market, your offering and where our solutions or products complement it." },
        { title: "Agree the model", body: "Together we choose the partnership type and set out responsibilities and commercial terms in a partner agreement." },
        { title: "Launch together", body: "We onboard your team with product training and sales material, then work the first opportunities side by side." },
      ],
    },
    {
      kind: "faq",
      title: "Partner questions",
      items: [
        {
          question: "What makes a good partner?",
          answer:
            "Companies that serve business customers and want to offer them software, cloud or AI capability, whether as a product, a referral or a joint project. Size matters less than a shared commitment to doing good work.",
        },
        {
          question: "Can partners be based outside India?",
          answer: `Yes. Our head office is in ${fact.address.locality}, and we are happy to talk to partners wherever their customers are.`,
        },
        {
          question: "Who do we contact about an existing partnership?",
          answer: `Write to ${fact.emails.sales} or call ${fact.phone.display}.`,
        },
      ],
    },
    {
      kind: "cta",
      title: "Let's talk partnership",
      body: "Tell us about your company and the customers you serve in the consultation form, and our partnerships team will be in touch.",
      action: { label: "Become a partner", href: "#consultation" },
    },
  ],
};
