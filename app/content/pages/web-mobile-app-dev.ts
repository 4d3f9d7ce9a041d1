import { companyFigures } from "#app/content/company-figures.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { site } from "#app/content/site.ts";

export const page: PageContent = {
  path: "/web-mobile-app-dev",
  title: "Web & Mobile App Development",
  description: "Web, iOS and Android app development: fast, accessible products built with React, React Native, Flutter or native code, from design to launch.",
  sections: [
    {
      kind: "hero",
      eyebrow: "Web & Mobile Apps",
      art: "solutions",
      title: "Web and mobile apps your users come back to",
      lead: "We design, build and launch web applications and iOS and Android apps that are fast, accessible and easy to maintain, from first prototype to store release and beyond.",
    },
    {
      kind: "features",
      title: "What we offer",
      items: [
        {
          title: "Web applications",
          body: "Responsive web apps and customer portals built with modern frameworks such as React, with server rendering for speed and search visibility.",
        },
        {
          title: "Cross-platform mobile apps",
          body: "React Native or Flutter apps that share one codebase across iOS and Android while still feeling at home on each platform.",
        },
        {
          title: "Native iOS and Android",
          body: "Swift and Kotlin development when your app needs deep device integration, heavy offline use or demanding performance.",
        },
        {
          title: "Product design",
          body: "User research, wireframes, interface design and design systems, tested with real users before development begins.",
        },
        {
          title: "Backends and APIs",
          body: "Secure, scalable APIs, sign-in, notifications, payments including UPI, and the admin panels that keep the product running.",
        },
        {
          title: "Accessibility and performance",
          body: "Interfaces that follow WCAG accessibility guidelines and stay usable on budget Android phones and patchy mobile networks.",
        },
      ],
    },
    {
      kind: "steps",
      title: "From idea to app store",
      steps: [
        {
          title: "Discover and define",
          body: "We clarify your users, goals and the smallest release that proves value, and agree how success will be measured.",
        },
        {
          title: "Design and prototype",
          body: "Wireframes and clickable prototypes are tested with users, then turned into polished screens and a reusable design system.",
        },
        {
          title: "Build and iterate",
          body: "Sprints deliver working builds you can install and try, so feedback shapes the product early rather than after launch.",
        },
        {
          title: "Test and release",
          body: "Testing across devices and browsers and security checks, then App Store and Google Play submission handled for you.",
        },
        {
          title: "Measure and grow",
          body: "Analytics, crash reporting and a roadmap of improvements based on how people actually use the app.",
        },
      ],
    },
    companyFigures(`${site.name} at a glance`),
    {
      kind: "faq",
      title: "App development questions we are often asked",
      items: [
        {
          question: "How much does an app cost?",
          answer:
            "It depends on platforms, features and integrations. We offer fixed prices for defined scopes and monthly dedicated teams for evolving products, and share a detailed estimate after a short discovery.",
        },
        {
          question: "Should we build native or cross-platform?",
          answer:
            "Cross-platform frameworks suit most business apps and reduce cost by sharing code. We recommend native development when the app relies heavily on device hardware, complex animation or platform-specific features.",
        },
        {
          question: "How long until our app is live?",
          answer:
            "A focused first version is commonly planned over a few months, including store review. We plan releases so you can launch a core product early and add features in later sprints.",
        },
        {
          question: "Do we own the app and its source code?",
          answer: "Yes. Source code, designs and store listings belong to you, and apps are published under your own developer accounts.",
        },
        {
          question: "Do you maintain the app after launch?",
          answer: "Yes. Support plans cover operating system updates, bug fixes, monitoring, security patches and new features.",
        },
      ],
    },
    {
      kind: "cta",
      title: "Have an app idea or a product that needs a rebuild?",
      body: `Tell us who it is for and what it must do, and we will suggest a first release, a platform approach and an estimate. ${site.responsePromise}`,
    },
  ],
};
