/**
 * Navigation: the single source for the header, the mobile menu, the footer,
 * the solutions overview and the sitemap. An entry without `href` has no page
 * yet (spec §2: placeholder links with no target) and is shown as not yet
 * available rather than as a dead link.
 */
export type NavLink = { label: string; href?: `/${string}`; description?: string };
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
      { label: "Workflow Automation" },
    ],
  },
  {
    title: "Industries",
    links: [{ label: "B2B SaaS Products" }, { label: "Healthcare & Pharma" }],
  },
];

export const productLinks: NavLink[] = [
  { label: "Employee Management System", description: "HR, attendance, payroll and performance" },
  { label: "Student Management System", description: "Admissions, fees, timetables and results" },
  { label: "E-commerce Platform", description: "Catalogue, orders and payments out of the box" },
  { label: "Hackathon & Event Management", description: "Registrations, judging and live leaderboards" },
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

/** Spec §2 Header: the rotating announcement banner's 3 messages. */
export const bannerMessages = [
  { text: "New: our Employee Management System brings HR, attendance and payroll together.", href: "/products" },
  { text: "Get 20% off software development on projects booked this quarter.", href: "/contact-us" },
  { text: "Secure payment solutions: PCI-ready gateways and billing, built for scale.", href: "/payment-gateway" },
] as const;
