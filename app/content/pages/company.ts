import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { fact } from "#app/content/site-facts.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/company",
  title: "Company",
  description: `How ${site.name} is led and what it is like to work here: our leadership principles, our culture and open roles in ${fact.address.locality}.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Company",
      art: "company",
      title: "The people and principles behind our work",
      lead: `${site.name} is a team of ${fact.figures.professionals} professionals who care about building software well. Here is how we lead, how we work together, and how you can join us.`,
      secondary: { label: "See open roles", href: "/careers" },
    },
    {
      kind: "features",
      title: "Leadership principles",
      intro: "These principles guide decisions at every level, from how we staff a project to how we handle a problem in production.",
      items: [
        {
          title: "Own the outcome",
          body: "We take responsibility for whether the software works for the client's business, not just for whether the ticket was closed.",
        },
        {
          title: "Decide close to the work",
          body: "The people nearest a problem usually understand it best. Leaders set direction and remove obstacles; teams decide how to get there.",
        },
        {
          title: "Say it early",
          body: "Risks, delays and mistakes are raised as soon as they are known. Bad news shared early is a problem we can solve together.",
        },
        {
          title: "Raise the bar",
          body: "We review each other's work, learn from every release and keep improving our tools and practices.",
        },
      ],
    },
    {
      kind: "features",
      title: "Our culture",
      items: [
        {
          title: "Learning every week",
          body: "Internal tech talks, code reviews, mentoring and time to explore new tools help everyone grow, whether you joined last month or years ago.",
        },
        {
          title: "Real responsibility",
          body: "Team members talk directly to clients, shape architecture and see their work used by real businesses, often within their first few months.",
        },
        {
          title: "Building, not just billing",
          body: "Alongside client projects we build our own products and run hackathons through our open innovation programme, so there is always something new to work on.",
        },
        {
          title: "Respect and collaboration",
          body: "We value different backgrounds and perspectives, listen before we argue, and help each other meet commitments.",
        },
      ],
    },
    companyFigures("The company at a glance"),
    {
      kind: "links",
      title: "Join us",
      intro: `We hire engineers, designers, consultants and project managers at our ${fact.address.locality} head office.`,
      items: [
        { title: "Open roles", body: "Browse current openings and apply online in a few minutes.", href: "/careers" },
        { title: "Open innovation", body: "Students and early-career developers: build with us through hackathons and projects.", href: "/open-innovation" },
        { title: "About us", body: "Our story and what we believe.", href: "/about" },
      ],
    },
    {
      kind: "cta",
      title: "Want to work with us as a client?",
      body: "If you are here to learn about the team behind your next project, tell us what you need and we will introduce you to the right people.",
    },
  ],
};
