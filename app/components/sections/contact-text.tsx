import { site } from "#app/content/site.ts";

/** The company's contact details as they are written in copy, and where each leads. */
const CONTACTS = [...Object.values(site.emails).map((email) => ({ display: email, href: `mailto:${email}` })), site.phone, site.whatsapp];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CONTACT_PATTERN = new RegExp(`(${CONTACTS.map((contact) => escapeRegExp(contact.display)).join("|")})`);

/**
 * Plain copy in which the company's e-mail addresses, phone number and WhatsApp
 * link (app/content/site.ts) are links, so they can be tapped wherever a page
 * mentions them. Copy stays plain text in the page data.
 */
export function ContactText({ text }: { text: string }) {
  const parts = text.split(CONTACT_PATTERN);
  if (parts.length === 1) return text;
  return parts.map((part, index) => {
    const contact = CONTACTS.find((candidate) => candidate.display === part);
    return contact ? (
      <a key={index} href={contact.href} className="font-semibold break-words text-brand-700 underline underline-offset-4 hover:text-brand-800">
        {part}
      </a>
    ) : (
      part
    );
  });
}
