import { and, eq, isNull } from "drizzle-orm";
import { subscriptionFor, type NewsletterLinkPurpose } from "#app/features/newsletter/newsletter-links.server.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";

type Subscriber = { email: string };

const linked = async (services: Services, purpose: NewsletterLinkPurpose, token: string | null) =>
  subscriptionFor(services.db, await siteSecret(services), purpose, token);

/** Confirms the subscription the link names; a second visit finds it confirmed already. Null: the link is not valid. */
export async function confirmSubscription(services: Services, token: string | null): Promise<Subscriber | null> {
  const row = await linked(services, "confirm", token);
  if (!row) return null;
  await services.db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: new Date() })
    .where(and(eq(newsletterSubscriptions.id, row.id), isNull(newsletterSubscriptions.confirmedAt)));
  return { email: row.email };
}

/** The subscription an unsubscribe link names, to ask before removing it. */
export async function subscriberToUnsubscribe(services: Services, token: string | null): Promise<Subscriber | null> {
  const row = await linked(services, "unsubscribe", token);
  return row ? { email: row.email } : null;
}

/** Removes the address from the list (the row goes: nothing of it is kept). Null when there was nothing to remove. */
export async function unsubscribe(services: Services, token: string | null): Promise<Subscriber | null> {
  const row = await linked(services, "unsubscribe", token);
  if (!row) return null;
  await services.db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, row.id));
  return { email: row.email };
}
