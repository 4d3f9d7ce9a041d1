import { cardIconOf } from "#app/content/card-icons.ts";
import type { PageContent } from "#app/content/page-types.ts";
import { anchorOf, productLinks } from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";

/** Each product's card, keyed by its label in navigation.ts; the header's Products entries lead to these cards. */
const productDescriptions: Record<string, string> = {
  "Employee Management System":
    "One place for your people and their paperwork: employee records, attendance and leave, shift rosters, payroll runs and payslips, appraisals and goals. Managers approve requests in a click and employees help themselves through a self-service portal.",
  "Student Management System":
    "Runs a school, college or training institute from admission to graduation: enquiries and admissions, fee collection and reminders, timetables, attendance, examinations and report cards, with portals for staff, students and parents.",
  "E-commerce Platform":
    "A complete online store out of the box: product catalogue, cart and checkout, integrated payments, order and inventory management, shipping, coupons and GST-ready invoices. Suited to both D2C brands and B2B sellers with customer-specific pricing.",
  "Hackathon & Event Management":
    "Plan and run hackathons, competitions and conferences: registrations and team formation, submissions, judging with scoring rubrics, live leaderboards and announcements, and certificates for participants at the end.",
};

export const page: PageContent = {
  path: "/products",
  title: "Products",
  description: `Ready-made ${site.name} products for HR, education, e-commerce and events, offered as SaaS or white-label and customised to fit.`,
  sections: [
    {
      kind: "hero",
      eyebrow: "Products",
      art: "products",
      title: "Ready-made products, shaped to your business",
      lead: `Four proven platforms from ${site.name} that you can launch in weeks instead of months. Use them as a hosted service, or under your own brand, and we will tailor them to the way you work.`,
      primary: { label: "Request a demo", href: "#consultation" },
    },
    {
      kind: "features",
      title: "Our products",
      items: productLinks.map((link) => ({
        id: anchorOf(link.href),
        title: link.label,
        body: productDescriptions[link.label] ?? "",
        ...cardIconOf(link.label),
      })),
    },
    {
      kind: "features",
      title: "Two ways to use them",
      intro: "Every product is available on the model that suits you, and none of them locks you into a fixed way of working.",
      items: [
        {
          title: "SaaS",
          body: "We host, secure, back up and update the product for you. You sign in and start working, and pay a subscription that grows with your usage.",
        },
        {
          title: "White-label",
          body: "Offer the product to your own customers under your brand, domain and colours. We handle the engineering while you own the relationship.",
        },
        {
          title: "Customised to fit",
          body: "Need an extra workflow, a report or an integration with your existing ERP, CRM or payment gateway? Our engineers extend the product rather than asking you to change your process.",
        },
      ],
    },
    {
      kind: "steps",
      title: "From demo to go-live",
      steps: [
        { title: "See it working", body: "A specialist walks you through the product using scenarios from your business, not a generic script." },
        { title: "Agree the fit", body: "We list what works out of the box, what needs configuring and what needs building, with a clear estimate." },
        { title: "Set up and migrate", body: "We configure the product, brand it if required, and import your existing data." },
        { title: "Train and launch", body: "Your administrators and users are trained, and we support you closely through the first weeks live." },
      ],
    },
    {
      kind: "cta",
      title: "Request a demo",
      body: "Tell us which product you are interested in and a little about your organisation in the consultation form, and we will arrange a live demo at a time that suits you.",
      action: { label: "Request a demo", href: "#consultation" },
    },
  ],
};
