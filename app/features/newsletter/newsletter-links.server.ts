import { eq } from "drizzle-orm";
import { listLinks, type ListLinkPurpose } from "#app/features/mail-lists/list-links.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";

/** The links in newsletter mail: confirm (double opt-in) and unsubscribe, signed as list-links.server.ts says. */

export type NewsletterLinkPurpose = ListLinkPurpose;

const newsletterLinks = listLinks(
  "newsletter",
  { confirm: "/newsletter/confirm", unsubscribe: "/newsletter/unsubscribe" },
  async (db, id) => (await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)))[0],
);

export const newsletterToken = newsletterLinks.token;
export const newsletterLink = newsletterLinks.link;

/** The subscription a token was made for, or null (malformed, forged, for another purpose, or the row is gone). */
export function subscriptionFor(db: Database, secret: string, purpose: NewsletterLinkPurpose, token: string | null) {
  return newsletterLinks.rowFor(db, secret, purpose, token);
}
