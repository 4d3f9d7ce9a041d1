import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/open-innovation",
  title: "Open Innovation",
  description: `The ${site.name} open innovation programme: co-build software with startups, students and enterprises through projects and hackathons.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Open Innovation",
      art: "solutions",
      title: "Build the next idea with us",
      lead: `Good ideas come from everywhere. Through our open innovation programme, ${site.name} co-builds new software with startups, students and enterprises, and puts its engineers, tools and experience behind the ideas worth pursuing.`,
      primary: { label: "Submit an idea", href: "#consultation" },
    },
    {
      kind: "features",
      title: "Who the programme is for",
      items: [
        {
          title: "Startups",
          body: "Founders with a promising idea who need an engineering team to turn it into a first product, or to take an early product to its next stage.",
        },
        {
          title: "Students",
          body: "Students and recent graduates who want to work on real problems with experienced mentors, through hackathons and guided projects.",
        },
        {
          title: "Enterprises",
          body: "Established companies that want to test a new idea quickly, outside the constraints of their core systems, before committing to a full programme.",
        },
      ],
    },
    {
      kind: "features",
      title: "How we co-build",
      items: [
        {
          title: "Joint proofs of concept",
          body: "Small, time-boxed builds that answer one question: does this idea work with real users and real data?",
        },
        {
          title: "Hackathons",
          body: "Focused events where teams tackle challenges set by us or by partner organisations, run on our own hackathon and event management platform.",
        },
        {
          title: "Mentoring",
          body: "Our architects, designers and product people review ideas and prototypes and help teams plan what to build next.",
        },
        {
          title: "A route to production",
          body: "When an idea proves itself, we can help take it further, from a prototype to a secure, scalable product.",
        },
      ],
    },
    {
      kind: "steps",
      title: "How to submit an idea",
      steps: [
        {
          title: "Fill in the consultation form",
          body: 'Start your project brief with "Open Innovation" and describe the problem, who has it and your idea for solving it.',
        },
        { title: "Add supporting material", body: "Attach a short deck, sketches or a document if you have them. A clear paragraph is enough to start." },
        { title: "Talk it through", body: "If the idea fits the programme, we arrange a call to understand it better and meet the people behind it." },
        {
          title: "Agree how to proceed",
          body: "Together we decide the right format, such as a proof of concept, a hackathon challenge or mentoring, and what each side contributes.",
        },
      ],
    },
    {
      kind: "faq",
      title: "Questions about the programme",
      items: [
        {
          question: "Who owns an idea I submit?",
          answer:
            "You do. Submitting an idea does not transfer any rights to us. If we decide to build something together, ownership and roles are agreed in writing first.",
        },
        {
          question: "Do I need a technical background?",
          answer: "No. A clear description of the problem and the people it affects matters more than technical detail.",
        },
        {
          question: "How do I hear about upcoming hackathons?",
          answer: "Subscribe to our newsletter at the bottom of any page, and follow us on social media.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Have an idea worth building?",
      body: 'Send it through the consultation form with "Open Innovation" at the start of your project brief. We read every submission.',
      action: { label: "Submit an idea", href: "#consultation" },
    },
  ],
};
