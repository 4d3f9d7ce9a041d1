/**
 * How long a prospective client waits at most for the first response, in
 * business minutes: the pages, the emails and each lead's clock follow it.
 */
export const RESPONSE_PROMISE_MINUTES = 60;

/** The promise in words: 60 → "1 business hour", 120 → "2 business hours", 30 → "30 business minutes". */
function businessDuration(minutes: number): string {
  if (minutes % 60 !== 0) return `${minutes} business minutes`;
  const hours = minutes / 60;
  return hours === 1 ? "1 business hour" : `${hours} business hours`;
}

const responseWindow = businessDuration(RESPONSE_PROMISE_MINUTES);

/**
 * Company facts: the one place the header, footer, consultation panel, pages,
 * structured data and sitemap read them from. The spec's {email} and {phone}
 * placeholders are the values below; change them here and every page follows.
 */
export const site = {
  name: "Kraf Technologies",
  shortName: "Kraf",
  tagline: "Software that runs your business",
  blurb:
    "Kraf Technologies designs, builds and runs business software for growing companies: SaaS products, custom applications, CRM and ERP, e-commerce and payments, AI and analytics, on secure cloud infrastructure.",
  phone: { display: "+91 98100 42275", href: "tel:+919810042275" },
  whatsapp: { display: "wa.me/919810042275", href: "https://wa.me/919810042275" },
  emails: {
    general: "info@kraftechnologies.com",
    sales: "sales@kraftechnologies.com",
    /** Where job applications are announced (HIRING_INBOX overrides it). */
    careers: "careers@kraftechnologies.com",
  },
  address: {
    label: "Head office",
    street: "4th Floor, Connaught Place",
    locality: "New Delhi",
    postalCode: "110001",
    country: "India",
    countryCode: "IN",
  },
  social: [
    { name: "LinkedIn", href: "https://www.linkedin.com/company/kraf-technologies" },
    { name: "Instagram", href: "https://www.instagram.com/kraftechnologies" },
    { name: "X", href: "https://x.com/kraftechnologies" },
    { name: "Facebook", href: "https://www.facebook.com/kraftechnologies" },
  ],
  employeeLoginUrl: "https://ems.kraftechnologies.com",
  /** Trust figures (spec §9) and the consultation panel's trust points. */
  figures: { years: "3+", clients: "250+", professionals: "80+" },
  trustPoints: ["3+ Years of Excellence", "250+ Satisfied Clients", "80+ Expert Professionals", "Innovative & Scalable Solutions", "Client-Centric Approach"],
  /** Spec §1: the consultation page promises a response within 1 business hour. */
  responseWindow,
  responsePromise: `We respond within ${responseWindow}.`,
  foundingYear: 2022,
} as const;

export type Site = typeof site;
