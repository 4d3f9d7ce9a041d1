import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/resources",
  title: "Resources",
  description: `Insights, events, careers and programmes from ${site.name}: everything you need to learn about us and the software we build.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Resources",
      art: "insights",
      title: "Resources",
      lead: `Articles from our engineers and consultants, our events and programmes, and the practical information you need to work with ${site.name}.`,
    },
    {
      kind: "links",
      title: "Learn",
      items: [
        {
          title: "Featured insights",
          body: "Articles and guides from our team on software, cloud, security, AI and running a digital business.",
          href: "/featured-insights",
        },
        {
          title: "KRAF Think 2025",
          body: `Our technology event in ${fact.address.locality}: the themes, the audience and how to hear about the next edition.`,
          href: "/kraf-think-2025",
        },
      ],
    },
    {
      kind: "links",
      title: "Get involved",
      items: [
        {
          title: "Open innovation",
          body: "Co-build with us through hackathons and joint projects with startups, students and enterprises.",
          href: "/open-innovation",
        },
        {
          title: "Careers",
          body: "Current openings for engineers, designers, consultants and project managers.",
          href: "/careers",
        },
        {
          title: "Partners",
          body: "Our technology and channel partnership programme.",
          href: "/partners",
        },
      ],
    },
    {
      kind: "links",
      title: "Practical information",
      items: [
        {
          title: "Contact us",
          body: "Phone, e-mail, WhatsApp and our head office address.",
          href: "/contact-us",
        },
        {
          title: "Privacy policy",
          body: "What data this website collects, why, and the rights you have over it.",
          href: "/privacy-policy",
        },
      ],
    },
    {
      kind: "cta",
      title: "Have a question we have not answered?",
      body: `Ask us directly through the consultation form or write to ${fact.emails.general}.`,
    },
  ],
};
