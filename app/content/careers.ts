import type { PageContent } from "#app/content/page-types.ts";
import { defaultSiteFacts, fact, filledPerFacts } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

/** Copy of the careers page around its job listing. */
const careersAsWritten: PageContent = {
  path: "/careers",
  title: "Careers",
  description: `Build business software that matters. See open roles at ${site.name} in engineering, design, delivery and sales, and apply online.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Careers",
      art: "careers",
      title: `Grow your career at ${site.name}`,
      lead: `Join ${fact.figures.professionals} engineers, designers and consultants who build and run software for ${fact.figures.clients} clients. Real products, real ownership, and people who help you get better every week.`,
      primary: { label: "See open roles", href: "#open-roles" },
      secondary: { label: "Send a general application", href: "/careers/registration" },
    },
    {
      kind: "features",
      title: "Why people join us",
      items: [
        {
          title: "Work that ships",
          body: "You will work on production systems for real businesses, not demos. Most engineers ship to production in their first two weeks.",
        },
        { title: "Ownership from day one", body: "Small, cross-functional teams own a client outcome end to end, from discovery to support." },
        { title: "Learning budget", body: "Time and money for courses, certifications and conferences, plus internal guilds for cloud, data and security." },
        { title: "Flexible, hybrid work", body: "Hybrid from our New Delhi office with flexible hours, and remote roles where the work allows it." },
      ],
    },
    {
      kind: "steps",
      title: "How we hire",
      intro: "A clear process, usually finished within two weeks. We tell you where you stand at every step.",
      steps: [
        { title: "Apply", body: "Send your resume for a role, or a general application if nothing fits yet." },
        { title: "Intro call", body: "A 30-minute conversation with our talent team about you, the role and what you want next." },
        { title: "Skills conversation", body: "A practical session with the team you would join: a problem close to the real work, no trick questions." },
        { title: "Offer", body: "We meet to answer your questions and make an offer with the full package in writing." },
      ],
    },
  ],
};

/** The careers page's copy with the site facts in force. */
export const careersWith = filledPerFacts(careersAsWritten);
export const careersPage = careersWith(defaultSiteFacts);
