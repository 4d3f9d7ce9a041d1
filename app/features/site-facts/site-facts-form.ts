import { defaultSiteFacts, navLabelEntries, type SiteFacts } from "#app/content/site-facts.ts";
import { normaliseEmailAddress } from "#app/features/forms/form-rules.ts";

/*
 * The site facts form (/staff/site): its fields, their labels and limits, the
 * values it shows for a set of facts, and the facts it reads back, or a
 * sentence beside each field that is wrong. Fixed rows (five banner messages,
 * six social profiles) keep the form a plain post that works without scripts:
 * an empty row is no entry.
 */

export const MAX_BANNER_MESSAGES = 5;
export const BANNER_MESSAGE_MAX_LENGTH = 160;
export const MAX_SOCIAL_PROFILES = 6;
export const NAV_LABEL_MAX_LENGTH = 40;
export const MAX_TRUST_POINTS = 8;
export const TRUST_POINT_MAX_LENGTH = 60;
const LINK_MAX_LENGTH = 300;

type TextRule = { label: string; max: number; hint?: string };

const banner = Array.from({ length: MAX_BANNER_MESSAGES }, (_, index) => index + 1);
const social = Array.from({ length: MAX_SOCIAL_PROFILES }, (_, index) => index + 1);

export const bannerTextField = (row: number) => `banner-${row}-text`;
export const bannerLinkField = (row: number) => `banner-${row}-link`;
export const socialNameField = (row: number) => `social-${row}-name`;
export const socialLinkField = (row: number) => `social-${row}-link`;
export const navLabelField = (key: string) => `nav-${key}`;

/** The single-line facts, by field: label and longest value. */
export const contactFields = {
  "phone-display": { label: "Phone number as shown", max: 40, hint: "Such as +91 98100 42275." },
  "phone-link": { label: "Phone link", max: 40, hint: "tel: then the number with its country code and no spaces, such as tel:+919810042275." },
  "whatsapp-display": { label: "WhatsApp as shown", max: 60 },
  "whatsapp-link": { label: "WhatsApp link", max: 60, hint: "https://wa.me/ then the number with its country code, such as https://wa.me/919810042275." },
  "email-general": { label: "General e-mail", max: 254 },
  "email-sales": { label: "Sales e-mail", max: 254 },
  "email-careers": { label: "Careers e-mail", max: 254, hint: "Where job applications are announced, unless the server's HIRING_INBOX says otherwise." },
  "address-label": { label: "Address heading", max: 60, hint: "Such as Head office." },
  "address-street": { label: "Street", max: 120 },
  "address-locality": { label: "City", max: 60 },
  "address-postalCode": { label: "Postal code", max: 20 },
  "address-country": { label: "Country", max: 60 },
  "address-countryCode": { label: "Country code", max: 2, hint: "Two capital letters, such as IN." },
  "figures-years": { label: "Years of excellence", max: 12, hint: "As shown, such as 3+." },
  "figures-clients": { label: "Satisfied clients", max: 12, hint: "As shown, such as 250+." },
  "figures-professionals": { label: "Expert professionals", max: 12, hint: "As shown, such as 80+." },
} as const satisfies Record<string, TextRule>;

export type ContactField = keyof typeof contactFields;

export const TRUST_POINTS_FIELD = "trust-points";

export const siteFactsLabels: Record<string, string> = {
  ...Object.fromEntries(Object.entries(contactFields).map(([name, rule]) => [name, rule.label])),
  ...Object.fromEntries(
    banner.flatMap((row) => [
      [bannerTextField(row), `Message ${row}`],
      [bannerLinkField(row), `Message ${row}'s link`],
    ]),
  ),
  ...Object.fromEntries(
    social.flatMap((row) => [
      [socialNameField(row), `Profile ${row}'s name`],
      [socialLinkField(row), `Profile ${row}'s link`],
    ]),
  ),
  ...Object.fromEntries(navLabelEntries.map((entry) => [navLabelField(entry.key), `${entry.place}: ${entry.label}`])),
  [TRUST_POINTS_FIELD]: "Trust points",
  revision: "Revision",
  intent: "Action",
};

export const siteFactsFields: readonly string[] = Object.keys(siteFactsLabels);

/** The form's values for `facts`: what it shows before anyone types. */
export function siteFactsValues(facts: SiteFacts): Record<string, string> {
  const values: Record<string, string> = {
    "phone-display": facts.phone.display,
    "phone-link": facts.phone.href,
    "whatsapp-display": facts.whatsapp.display,
    "whatsapp-link": facts.whatsapp.href,
    "email-general": facts.emails.general,
    "email-sales": facts.emails.sales,
    "email-careers": facts.emails.careers,
    "address-label": facts.address.label,
    "address-street": facts.address.street,
    "address-locality": facts.address.locality,
    "address-postalCode": facts.address.postalCode,
    "address-country": facts.address.country,
    "address-countryCode": facts.address.countryCode,
    "figures-years": facts.figures.years,
    "figures-clients": facts.figures.clients,
    "figures-professionals": facts.figures.professionals,
    [TRUST_POINTS_FIELD]: facts.trustPoints.join("\n"),
  };
  for (const row of banner) {
    values[bannerTextField(row)] = facts.banner[row - 1]?.text ?? "";
    values[bannerLinkField(row)] = facts.banner[row - 1]?.href ?? "";
  }
  for (const row of social) {
    values[socialNameField(row)] = facts.social[row - 1]?.name ?? "";
    values[socialLinkField(row)] = facts.social[row - 1]?.href ?? "";
  }
  for (const entry of navLabelEntries) values[navLabelField(entry.key)] = facts.navLabels[entry.key] ?? entry.label;
  return values;
}

const PHONE_LINK = /^tel:\+?[0-9]{6,15}$/;
const WHATSAPP_LINK = /^https:\/\/wa\.me\/[0-9]{6,15}$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/** A link on this site ("/products#crm"), never one that leaves it ("//elsewhere"). */
function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(value);
}

/** An https address with a host, and nothing a browser would read otherwise. */
export function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

export type SiteFactsRead = { ok: true; facts: SiteFacts } | { ok: false; errors: Record<string, string> };

/** The facts a posted form says, or why not: a sentence for each field that is wrong. */
export function readSiteFactsForm(values: Record<string, string | undefined>): SiteFactsRead {
  const errors: Record<string, string> = {};
  const text = (name: string) => (values[name] ?? "").trim();

  function required(name: ContactField): string {
    const rule: TextRule = contactFields[name];
    const value = text(name);
    if (!value) errors[name] = `Enter the ${rule.label.toLowerCase()}.`;
    else if (value.length > rule.max) errors[name] = `Keep the ${rule.label.toLowerCase()} to ${rule.max} characters or fewer.`;
    return value;
  }
  function matching(name: ContactField, pattern: RegExp, sentence: string): string {
    const value = required(name);
    if (value && !errors[name] && !pattern.test(value)) errors[name] = sentence;
    return value;
  }
  function email(name: ContactField): string {
    const value = required(name);
    if (!value || errors[name]) return value;
    const address = normaliseEmailAddress(value);
    if (address === null) errors[name] = `Enter the ${contactFields[name].label.toLowerCase()} as one address, such as info@example.com.`;
    return address ?? value;
  }

  const facts: SiteFacts = {
    banner: [],
    navLabels: {},
    phone: {
      display: required("phone-display"),
      href: matching("phone-link", PHONE_LINK, "Write the phone link as tel: then the number with its country code and no spaces, such as tel:+919810042275."),
    },
    whatsapp: {
      display: required("whatsapp-display"),
      href: matching(
        "whatsapp-link",
        WHATSAPP_LINK,
        "Write the WhatsApp link as https://wa.me/ then the number with its country code, such as https://wa.me/919810042275.",
      ),
    },
    emails: { general: email("email-general"), sales: email("email-sales"), careers: email("email-careers") },
    address: {
      label: required("address-label"),
      street: required("address-street"),
      locality: required("address-locality"),
      postalCode: required("address-postalCode"),
      country: required("address-country"),
      countryCode: matching("address-countryCode", COUNTRY_CODE, "Write the country code as two capital letters, such as IN."),
    },
    social: [],
    figures: { years: required("figures-years"), clients: required("figures-clients"), professionals: required("figures-professionals") },
    trustPoints: [],
    // Not this form's: the retention periods are set at /staff/retention and laid over the facts when they are read.
    retention: defaultSiteFacts.retention,
  };

  for (const row of banner) {
    const [textName, linkName] = [bannerTextField(row), bannerLinkField(row)];
    const [message, link] = [text(textName), text(linkName)];
    if (!message && !link) continue;
    if (!message) errors[textName] = `Write message ${row}, or clear its link to leave the row out.`;
    else if (message.length > BANNER_MESSAGE_MAX_LENGTH) errors[textName] = `Keep message ${row} to ${BANNER_MESSAGE_MAX_LENGTH} characters or fewer.`;
    if (!link) errors[linkName] = `Give message ${row} a link: a page of this site such as /contact-us, or an https:// address.`;
    else if (link.length > LINK_MAX_LENGTH || !(isSitePath(link) || isHttpsUrl(link))) {
      errors[linkName] = `Message ${row}'s link must be a page of this site such as /contact-us, or an https:// address.`;
    }
    facts.banner.push({ text: message, href: link });
  }
  if (facts.banner.length === 0) errors[bannerTextField(1)] = "The banner needs at least one message.";

  for (const row of social) {
    const [nameField, linkField] = [socialNameField(row), socialLinkField(row)];
    const [name, link] = [text(nameField), text(linkField)];
    if (!name && !link) continue;
    if (!name) errors[nameField] = `Name profile ${row}, such as LinkedIn, or clear its link to leave the row out.`;
    else if (name.length > NAV_LABEL_MAX_LENGTH) errors[nameField] = `Keep profile ${row}'s name to ${NAV_LABEL_MAX_LENGTH} characters or fewer.`;
    if (!link || link.length > LINK_MAX_LENGTH || !isHttpsUrl(link)) errors[linkField] = `Profile ${row}'s link must be an https:// address.`;
    facts.social.push({ name, href: link });
  }

  const points = (values[TRUST_POINTS_FIELD] ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  if (points.length === 0) errors[TRUST_POINTS_FIELD] = "Write at least one trust point.";
  else if (points.length > MAX_TRUST_POINTS) errors[TRUST_POINTS_FIELD] = `Keep to ${MAX_TRUST_POINTS} trust points or fewer.`;
  else if (points.some((point) => point.length > TRUST_POINT_MAX_LENGTH)) {
    errors[TRUST_POINTS_FIELD] = `Keep each trust point to ${TRUST_POINT_MAX_LENGTH} characters or fewer.`;
  }
  facts.trustPoints = points;

  for (const entry of navLabelEntries) {
    const name = navLabelField(entry.key);
    const label = text(name);
    if (!label) errors[name] = `Give "${entry.label}" a label.`;
    else if (label.length > NAV_LABEL_MAX_LENGTH) errors[name] = `Keep this label to ${NAV_LABEL_MAX_LENGTH} characters or fewer.`;
    facts.navLabels[entry.key] = label;
  }

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, facts };
}
