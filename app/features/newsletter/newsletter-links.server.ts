import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { purposeKey } from "#app/platform/site-secret.server.ts";

/*
 * The links in newsletter mail: confirm (double opt-in) and unsubscribe. A
 * token is the subscription's id and a signature of the id and the address
 * for that one purpose, keyed by the site's secret: it cannot be guessed, an
 * unsubscribe token cannot confirm, and it stops working for a row whose
 * address changed or that was removed (a new subscription gets a new id).
 */

export type NewsletterLinkPurpose = "confirm" | "unsubscribe";

export const NEWSLETTER_LINK_PATHS: Record<NewsletterLinkPurpose, string> = {
  confirm: "/newsletter/confirm",
  unsubscribe: "/newsletter/unsubscribe",
};

/** An id, a dot, 43 base64url characters; anything longer is not ours. */
const TOKEN_PATTERN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

type Subscriber = { id: number; email: string };

function signature(secret: string, purpose: NewsletterLinkPurpose, { id, email }: Subscriber): string {
  return createHmac("sha256", purposeKey(secret, `newsletter-${purpose}`))
    .update(`${id}:${email.toLowerCase()}`)
    .digest("base64url");
}

export function newsletterToken(secret: string, purpose: NewsletterLinkPurpose, subscriber: Subscriber): string {
  return `${subscriber.id}.${signature(secret, purpose, subscriber)}`;
}

export function newsletterLink(siteUrl: string, secret: string, purpose: NewsletterLinkPurpose, subscriber: Subscriber): string {
  return `${siteUrl}${NEWSLETTER_LINK_PATHS[purpose]}?s=${newsletterToken(secret, purpose, subscriber)}`;
}

/** The subscription a token was made for, or null (malformed, forged, for another purpose, or the row is gone). */
export async function subscriptionFor(db: Database, secret: string, purpose: NewsletterLinkPurpose, token: string | null) {
  const match = TOKEN_PATTERN.exec(token ?? "");
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
  if (!row) return null;
  const expected = Buffer.from(signature(secret, purpose, row));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row : null;
}
