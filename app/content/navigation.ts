/**
 * Navigation: the single source for the header, the mobile menu, the footer,
 * the solutions overview and the sitemap. The entries the spec leaves without a
 * page of their own (spec §2's placeholder links) lead to their section of an
 * overview page, `/our-solutions#…` or `/products#…`, which takes its anchor
 * from here (`anchorOf`).
 */
export type NavLink = { label: string; href: `/${string}`; description?: string };

/** The fragment of a link to a section ("/products#crm" → "crm"), or undefined for a whole page. */
export function anchorOf(href: string): string | undefined {
  const hash = href.indexOf("#");
  return hash === -1 ? undefined : href.slice(hash + 1);
}
export type NavGroup = { title: string; links: NavLink[] };

export const solutionGroups: NavGroup[] = [
  {
    title: "Business Solutions",
    links: [
      { label: "ERP Solutions", href: "/erp", description: "Finance, inventory and operations in one system" },
      { label: "CRM Solutions", href: "/crm", description: "Pipelines, service desks and customer 360" },
      {
        label: "Business Intelligence & Analytics",
        href: "/business-intelligence-analytics",
        description: "Dashboards and a data warehouse you can trust",
      },
    ],
  },
  {
    title: "Software Development",
    links: [
      { label: "Custom Software", href: "/custom-software", description: "Software built around how you work" },
      { label: "Web & Mobile Apps", href: "/web-mobile-app-dev", description: "Web, iOS and Android products" },
      { label: "AI/ML Solutions", href: "/ai-ml-solution", description: "Models that earn their place in production" },
    ],
  },
  {
    title: "E-commerce & Fintech",
    links: [
      { label: "E-commerce", href: "/ecommerce", description: "B2B and D2C storefronts that convert" },
      { label: "Payment Gateway", href: "/payment-gateway", description: "Secure, compliant payment flows" },
      { label: "Billing System", href: "/billing-system", description: "Subscriptions, invoices and GST" },
    ],
  },
  {
    title: "Security & Cloud",
    links: [
      {
        label: "Cybersecurity & Data Protection",
        href: "/cybersec-and-data-protection",
        description: "Audits, hardening and compliance",
      },
      { label: "Cloud Infrastructure", href: "/cloud-infrastructure", description: "AWS, Azure and GCP, done right" },
      { label: "DevOps", href: "/devops", description: "Pipelines, observability and SRE" },
    ],
  },
  {
    title: "AI & Automation",
    links: [
      { label: "Chatbots & Virtual Assistants", href: "/chatbot-and-virtual", description: "Assistants for customers and staff" },
      { label: "Predictive Analytics", href: "/predictive-analysis", description: "Forecasts that drive decisions" },
      {
        label: "Workflow Automation",
        href: "/our-solutions#workflow-automation",
        description: "Approvals, documents and hand-offs that run themselves",
      },
    ],
  },
  {
    title: "Industries",
    links: [
      { label: "B2B SaaS Products", href: "/our-solutions#b2b-saas-products", description: "Multi-tenant platforms, billing and integrations" },
      { label: "Healthcare & Pharma", href: "/our-solutions#healthcare-pharma", description: "Clinical, lab and supply systems with audit trails" },
    ],
  },
];

export const productLinks: NavLink[] = [
  {
    label: "Employee Management System",
    href: "/products#employee-management-system",
    description: "HR, attendance, payroll and performance",
  },
  {
    label: "Student Management System",
    href: "/products#student-management-system",
    description: "Admissions, fees, timetables and results",
  },
  { label: "E-commerce Platform", href: "/products#e-commerce-platform", description: "Catalogue, orders and payments out of the box" },
  {
    label: "Hackathon & Event Management",
    href: "/products#hackathon-event-management",
    description: "Registrations, judging and live leaderboards",
  },
];

/** Header entries in order: Solutions and Products open dropdowns, the rest navigate. */
export const mainNav = [
  { kind: "dropdown", id: "solutions", label: "Solutions", overview: { label: "All solutions", href: "/our-solutions" } },
  { kind: "dropdown", id: "products", label: "Products", overview: { label: "All products", href: "/products" } },
  { kind: "link", label: "Resources", href: "/resources" },
  { kind: "link", label: "Partners", href: "/partners" },
  { kind: "link", label: "Company", href: "/company" },
] as const;

export const openInnovation = { label: "Open Innovation", href: "/open-innovation" } as const;

export const headerLinks = {
  event: { label: "KRAF Think 2025", href: "/kraf-think-2025" },
  contact: { label: "Contact Us", href: "/contact-us" },
} as const;

export const footerLinks: { label: string; href: `/${string}`; badge?: string }[] = [
  { label: "About us", href: "/about" },
  { label: "Products", href: "/products" },
  { label: "Services", href: "/services" },
  { label: "Portfolio", href: "/portfolio" },
  { label: "Careers", href: "/careers", badge: "WE'RE HIRING" },
  { label: "Contact us", href: "/contact-us" },
];

/**
 * Spec §2 Header: the rotating announcement banner's 3 messages, each linking to
 * what it announces. Kept short enough for two lines on a 375 px phone.
 */
export const bannerMessages = [
  { text: "New: our Employee Management System for HR and payroll.", href: "/products#employee-management-system" },
  { text: "20% off software development booked this quarter.", href: "/contact-us" },
  { text: "Secure payments: PCI-ready gateways and billing.", href: "/payment-gateway" },
] as const;
