import type { SiteFacts } from "#app/content/site-facts.ts";
import { useSiteFacts } from "#app/layout/site-data.ts";

type Contact = { display: string; href: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const contactsByFacts = new WeakMap<SiteFacts, { contacts: Contact[]; pattern: RegExp }>();

/** The company's contact details as they are written in copy, where each leads, and the pattern that finds them. */
function contactsOf(facts: SiteFacts): { contacts: Contact[]; pattern: RegExp } {
  let known = contactsByFacts.get(facts);
  if (!known) {
    const contacts = [...Object.values(facts.emails).map((email) => ({ display: email, href: `mailto:${email}` })), facts.phone, facts.whatsapp];
    known = { contacts, pattern: new RegExp(`(${contacts.map((contact) => escapeRegExp(contact.display)).join("|")})`) };
    contactsByFacts.set(facts, known);
  }
  return known;
}

/**
 * Plain copy in which the company's e-mail addresses, phone number and WhatsApp
 * link (the site facts in force) are links, so they can be tapped wherever a page
 * mentions them. Copy stays plain text in the page data.
 */
export function ContactText({ text }: { text: string }) {
  const { contacts, pattern } = contactsOf(useSiteFacts());
  const parts = text.split(pattern);
  if (parts.length === 1) return text;
  return parts.map((part, index) => {
    const contact = contacts.find((candidate) => candidate.display === part);
    return contact ? (
      <a key={index} href={contact.href} className="font-semibold break-words text-brand-700 underline underline-offset-4 hover:text-brand-800">
        {part}
      </a>
    ) : (
      part
    );
  });
}
