import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/kraf-think-2025",
  title: "KRAF Think 2025",
  description: `KRAF Think 2025, the ${site.name} technology event in ${fact.address.locality}: date, venue, agenda, speakers, registration, and how to hear about the next edition.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Event",
      art: "event",
      title: "KRAF Think 2025",
      lead: `KRAF Think brings business and technology leaders together in ${fact.address.locality} for a day of practical conversations about building and running software that moves a business forward.`,
      // The event page (routes/kraf-think-2025.tsx) sets the buttons by the event's state: register, agenda, recap.
    },
    {
      kind: "prose",
      title: "About the event",
      blocks: [
        {
          p: "KRAF Think was created as a meeting place for the people who decide what software a business builds and the people who build it. The focus is on practice rather than hype: what works in production, what it costs, and what teams learned along the way.",
        },
      ],
    },
    {
      kind: "features",
      title: "Themes",
      items: [
        {
          title: "Applied AI in business",
          body: "Where AI, chatbots and predictive analytics deliver value today, how to move from pilot to production, and how to use data responsibly.",
        },
        {
          title: "Building SaaS products",
          body: "Taking a software product from idea to paying customers: architecture, multi-tenancy, pricing and the engineering habits that let a product scale.",
        },
        {
          title: "Digital commerce and payments",
          body: "Storefronts, payment flows and billing that work for both customers and finance teams, including GST and compliance considerations.",
        },
        {
          title: "Secure, resilient cloud",
          body: "Cloud infrastructure, DevOps and cybersecurity practices that keep systems available and data protected as a company grows.",
        },
      ],
    },
    {
      kind: "features",
      title: "Who it is for",
      items: [
        { title: "Founders and business leaders", body: "People deciding where technology investment will make the biggest difference to their company." },
        { title: "CTOs and engineering leaders", body: "Those responsible for architecture, teams and delivery who want to compare notes with peers." },
        { title: "Product and operations teams", body: "The people who turn business processes into requirements and live with the software every day." },
        { title: "Students and early-career technologists", body: "Future engineers who want to see how software is built and run in real businesses." },
      ],
    },
    {
      kind: "steps",
      title: "Format",
      steps: [
        { title: "Talks", body: "Short, practical sessions on each theme, grounded in real projects rather than product pitches." },
        { title: "Panel discussions", body: "Leaders from different industries discussing shared challenges and answering questions from the audience." },
        { title: "Demonstrations", body: "Live walkthroughs of working software, including products built by our teams." },
        { title: "Networking", body: "Time to meet speakers, our engineers and other attendees, and to continue the conversations started on stage." },
      ],
    },
  ],
};
