import { anchorOf, solutionGroups } from "#app/content/navigation.ts";

/**
 * Case studies: what we built for whom and what it changed. Typed data for now
 * (the staff area can own it later). The six below are demo examples written
 * for this site and marked as such wherever they appear; a real installation
 * replaces them with its own work. Clients are anonymised (sector and size)
 * unless `client.name` says they agreed to be named.
 */
export type CaseStudy = {
  slug: string;
  title: string;
  /** One or two sentences for cards, search snippets and the page's lead (70 to 160 characters). */
  summary: string;
  client: { sector: string; size: string; name?: string };
  /** The solution pages this work belongs to ("/crm"); their areas are the portfolio's filters. */
  solutions: `/${string}`[];
  problem: string;
  /** What we built, one point per entry. */
  built: string[];
  stack: string[];
  /** Measured after go-live; the first is the card's headline figure. */
  outcomes: { value: string; label: string }[];
  /** When the study was written up (ISO date): the Article's datePublished. */
  published: string;
  /** A demo example written for this site, not a client's real project. */
  demo: boolean;
};

export const CASE_STUDIES_PATH = "/portfolio";

export const caseStudies: readonly CaseStudy[] = [
  {
    slug: "distributor-erp-month-end",
    title: "One ERP for a spare-parts distributor's six warehouses",
    summary: "A distributor replaced spreadsheets and three tools with one ERP and a dealer portal, and closes its books in 3 days instead of 9.",
    client: { sector: "Automotive spare-parts distribution", size: "About 400 staff, 6 warehouses" },
    solutions: ["/erp", "/business-intelligence-analytics"],
    problem:
      "Stock lived in a desktop inventory tool, orders in e-mail and spreadsheets, and accounts in a separate package. Every month-end, four people spent more than a week reconciling the three, and dealers phoned to ask whether a part was in stock because nobody could tell them online.",
    built: [
      "An ERP covering purchasing, six-warehouse inventory with batch and bin locations, sales orders, dispatch and GST invoicing, configured on an open-source core and extended where the distributor's pricing rules needed it.",
      "A dealer portal where 1,200 dealers see live stock and their own prices, place orders and download invoices.",
      "A migration of eight years of item, customer and ledger data, rehearsed twice before the cut-over weekend.",
      "Management dashboards for sales by region, ageing stock and receivables, refreshed every hour from the ERP.",
    ],
    stack: ["Odoo", "PostgreSQL", "React", "Metabase", "AWS"],
    outcomes: [
      { value: "3 days", label: "month-end close, down from 9" },
      { value: "62%", label: "of dealer orders now placed in the portal" },
      { value: "99.1%", label: "stock accuracy at the first full count" },
    ],
    published: "2025-03-18",
    demo: true,
  },
  {
    slug: "saas-subscription-billing",
    title: "Usage-based billing for a B2B SaaS platform",
    summary: "A SaaS company moved from hand-made invoices to automated usage billing with card and UPI payments, and cut overdue receivables by 41%.",
    client: { sector: "B2B SaaS (logistics software)", size: "About 900 business customers" },
    solutions: ["/billing-system", "/payment-gateway", "/custom-software"],
    problem:
      "The product grew faster than its billing. Finance exported usage from the database every month, priced it in a spreadsheet and raised invoices by hand; mistakes led to credit notes, and customers paid late because paying meant a bank transfer.",
    built: [
      "A billing service that meters usage from the product's events, applies each plan's tiers, minimums and discounts, and raises GST-compliant invoices on the first of the month.",
      "Card, UPI and net-banking payments through a payment gateway, with mandates for automatic renewal and retries for failed charges.",
      "A customer billing page inside the product: plan, usage so far this month, invoices and payment methods.",
      "Dunning e-mails and a finance dashboard for revenue, churn and overdue accounts.",
    ],
    stack: ["Node.js", "TypeScript", "PostgreSQL", "Razorpay", "React"],
    outcomes: [
      { value: "41%", label: "less overdue receivables after two quarters" },
      { value: "6 days", label: "of finance work saved every month" },
      { value: "0", label: "invoice corrections in the first 3 months" },
    ],
    published: "2025-05-06",
    demo: true,
  },
  {
    slug: "clinic-chain-patient-app",
    title: "Appointments and records for a chain of clinics",
    summary: "A chain of 14 clinics gave patients an app to book and see their reports, with audit trails and encrypted records behind it.",
    client: { sector: "Healthcare (outpatient clinics)", size: "14 clinics, about 250 doctors" },
    solutions: ["/web-mobile-app-dev", "/cybersec-and-data-protection"],
    problem:
      "Patients booked by phone, and lines were busy at peak hours. Lab reports were printed or sent on messaging apps, with no record of who had seen what, which the chain's auditors had flagged.",
    built: [
      "iOS and Android apps for booking, rescheduling and paying for appointments, with reminders and the patient's lab reports and prescriptions.",
      "A web console for front desks and doctors: schedules, walk-ins, consultation notes and report release.",
      "Role-based access, encryption of records at rest and in transit, and an audit log of every view and download of a record.",
      "A security review and penetration test before launch, repeated every year.",
    ],
    stack: ["React Native", "Next.js", "Node.js", "PostgreSQL", "Azure"],
    outcomes: [
      { value: "58%", label: "of appointments booked in the app after six months" },
      { value: "34%", label: "fewer missed appointments with reminders" },
      { value: "0", label: "audit findings on record access in the next audit" },
    ],
    published: "2025-07-22",
    demo: true,
  },
  {
    slug: "d2c-storefront-demand-forecast",
    title: "A faster storefront and demand forecasts for a D2C brand",
    summary: "A home-goods brand rebuilt its store for mobile shoppers and forecasts demand per product, and now sells out less and discounts less.",
    client: { sector: "D2C home goods", size: "About 1,800 products" },
    solutions: ["/ecommerce", "/predictive-analysis", "/payment-gateway"],
    problem:
      "Four in five visitors shopped on phones, where the old store took over six seconds to show a product. Buying was planned on gut feeling: best-sellers ran out before festivals while slow lines filled the warehouse and ended up on sale.",
    built: [
      "A headless storefront with fast product and category pages, a one-page checkout with UPI and cards, and order tracking.",
      "Connections to the warehouse system and two courier partners, so stock and delivery dates on the site are real.",
      "A demand forecast per product and week, from sales history, season and planned campaigns, reviewed by the buying team every Monday.",
      "A dashboard of forecast against actual sales, so the team can see where to trust the model and where not to.",
    ],
    stack: ["Shopify Hydrogen", "React", "Python", "scikit-learn", "BigQuery"],
    outcomes: [
      { value: "27%", label: "higher mobile conversion rate" },
      { value: "1.9 s", label: "to show a product page on a mid-range phone, from 6.4 s" },
      { value: "22%", label: "fewer stock-outs in the festival season" },
    ],
    published: "2025-09-09",
    demo: true,
  },
  {
    slug: "insurance-broker-crm-assistant",
    title: "A CRM and a virtual assistant for an insurance broker",
    summary: "An insurance broker put leads, policies and renewals in one CRM and lets an assistant answer routine questions day and night.",
    client: { sector: "Insurance broking", size: "About 120 advisers" },
    solutions: ["/crm", "/chatbot-and-virtual", "/ai-ml-solution"],
    problem:
      "Leads arrived from the website, partners and call centres into different inboxes, and renewals were tracked in each adviser's own spreadsheet. Customers waited hours for answers to simple questions about their policy or claim status.",
    built: [
      "A CRM for leads, customers, policies and renewals, with assignment rules, renewal reminders 60, 30 and 7 days ahead, and a manager's pipeline view.",
      "A virtual assistant on the website and WhatsApp that answers policy and claim-status questions from the CRM and hands over to an adviser with the conversation attached.",
      "Guard-rails for the assistant: it only answers from the customer's own records and approved documents, and says when it does not know.",
      "Reports on lead sources, conversion by adviser and renewal rate.",
    ],
    stack: ["Salesforce", "Python", "OpenAI API", "WhatsApp Business API", "AWS"],
    outcomes: [
      { value: "46%", label: "of customer questions answered without an adviser" },
      { value: "9 points", label: "higher renewal rate in the first year" },
      { value: "2 min", label: "median first answer, from over 3 hours" },
    ],
    published: "2025-10-14",
    demo: true,
  },
  {
    slug: "logistics-cloud-migration",
    title: "From a rented server room to the cloud for a logistics company",
    summary: "A logistics company moved its tracking platform to the cloud with automated deployments, and has had no outage in peak season since.",
    client: { sector: "Logistics and courier services", size: "About 2 million shipments a month" },
    solutions: ["/cloud-infrastructure", "/devops", "/cybersec-and-data-protection"],
    problem:
      "The shipment-tracking platform ran on ageing servers in a rented server room. Releases were copied by hand at night, a disk failure had taken tracking down for a day during the festival peak, and nobody could say how long a restore would take.",
    built: [
      "A move of the tracking platform, its databases and file stores to AWS, region by region with no downtime for customers, rehearsed in a copy of production first.",
      "Infrastructure as code, automated tests and a deployment pipeline, so a release is a reviewed change that reaches production in minutes.",
      "Monitoring, alerts and on-call runbooks, with backups restored to a test environment every week to prove they work.",
      "Hardening to the CIS benchmarks, single sign-on for engineers, and least-privilege access for every service.",
    ],
    stack: ["AWS", "Terraform", "Kubernetes", "GitHub Actions", "Grafana"],
    outcomes: [
      { value: "0", label: "outages in the two peak seasons since" },
      { value: "35%", label: "lower monthly hosting cost than the server room" },
      { value: "20 min", label: "from merged change to production, from a night's work" },
    ],
    published: "2025-11-04",
    demo: true,
  },
];

/** A study's own page. */
export const caseStudyHref = (study: Pick<CaseStudy, "slug">) => `${CASE_STUDIES_PATH}/${study.slug}`;

export function caseStudyAt(slug: string): CaseStudy | undefined {
  return caseStudies.find((study) => study.slug === slug);
}

/** A solution area, as the portfolio filters by it: a navigation group with solution pages. */
export type SolutionArea = { slug: string; title: string; paths: string[] };

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const solutionAreas: readonly SolutionArea[] = solutionGroups
  .map((group) => ({ slug: slugOf(group.title), title: group.title, paths: group.links.map((link) => link.href).filter((href) => !anchorOf(href)) }))
  .filter((area) => area.paths.length > 0);

/** The studies in an area (all of them without one). */
export function caseStudiesIn(area: SolutionArea | undefined): CaseStudy[] {
  return caseStudies.filter((study) => !area || study.solutions.some((path) => area.paths.includes(path)));
}

/** The studies that belong to a solution page, newest first. */
export function caseStudiesFor(solutionPath: string): CaseStudy[] {
  return newestFirst(caseStudies.filter((study) => study.solutions.includes(solutionPath as `/${string}`)));
}

export function newestFirst(studies: readonly CaseStudy[]): CaseStudy[] {
  return [...studies].sort((a, b) => b.published.localeCompare(a.published));
}

/** What a card shows: enough to choose, nothing the card does not draw. */
export type CaseStudyCard = Pick<CaseStudy, "title" | "summary" | "demo"> & { href: string; sector: string; headline: CaseStudy["outcomes"][number] };

export function caseStudyCard(study: CaseStudy): CaseStudyCard {
  return {
    title: study.title,
    summary: study.summary,
    demo: study.demo,
    href: caseStudyHref(study),
    sector: study.client.name ? `${study.client.name}, ${study.client.sector}` : study.client.sector,
    headline: study.outcomes[0]!,
  };
}
