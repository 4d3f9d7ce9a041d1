import { site } from "#app/content/site.ts";
import type { Env } from "#app/platform/env.server.ts";

/*
 * Who a message is from and what its frame shows: the sending team's mailbox
 * (which also signs it, so From and signature cannot disagree), the logo the
 * site serves and the company's address. The worker builds these; templates
 * only say which team sends.
 */

/** The logo every message shows, a PNG under the site's public origin; the server lets other origins load it. */
export const MAIL_LOGO_PATH = "/logo.png";

/** MAIL_FROM, or the inbox of the team a visitor's request went to. */
export type SenderKey = "general" | "sales" | "hiring";

export type Sender = { name: string; address: string };

export type MailSenders = Readonly<Record<SenderKey, Sender>>;

/** What the footer prints about the company: the site facts in force when the message is sent. */
export type MailCompany = {
  name: string;
  address: { street: string; locality: string; postalCode: string; country: string };
};

export type MailBrand = {
  /** The site's public origin: the logo and the footer's link live there. */
  siteUrl: string;
  company: MailCompany;
};

/** The company as app/content/site.ts has it: the footer before an admin saves other site facts. */
export const defaultMailCompany: MailCompany = { name: site.name, address: site.address };

/** `"Name" <a@b.c>`, `Name <a@b.c>` or `a@b.c`, as a display name and an address. */
export function parseMailbox(value: string): Sender {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(value);
  if (named) return { name: named[1]?.trim() || site.name, address: named[2] ?? "" };
  return { name: site.name, address: value.trim() };
}

/** The header form of a sender; the display name is quoted so a comma or a dot in it stays part of the name. */
export function formatMailbox(sender: Sender): string {
  return `"${sender.name.replace(/["\\]/g, "")}" <${sender.address}>`;
}

/**
 * MAIL_FROM for everything but replies to a visitor's own request, which come
 * from (and are signed by) the team that answers them: SALES_INBOX for a
 * consultation, HIRING_INBOX for an application.
 */
export function mailSenders(env: Pick<Env, "MAIL_FROM" | "SALES_INBOX" | "HIRING_INBOX">): MailSenders {
  const general = parseMailbox(env.MAIL_FROM);
  return {
    general,
    sales: { name: `${general.name} Sales`, address: env.SALES_INBOX },
    hiring: { name: `${general.name} Careers`, address: env.HIRING_INBOX },
  };
}
