import { and, eq, isNull } from "drizzle-orm";
import { listLinks, type ListLinkPurpose } from "#app/features/mail-lists/list-links.server.ts";
import { jobAlertSubscriptions } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";

/** The links in job-alert mail: confirm (double opt-in) and unsubscribe, signed as list-links.server.ts says. */
const jobAlertLinks = listLinks(
  "job-alert",
  { confirm: "/careers/alerts/confirm", unsubscribe: "/careers/alerts/unsubscribe" },
  async (db, id) => (await db.select().from(jobAlertSubscriptions).where(eq(jobAlertSubscriptions.id, id)))[0],
);

export const jobAlertToken = jobAlertLinks.token;
export const jobAlertLink = jobAlertLinks.link;

type Subscriber = { email: string };

const linked = async (services: Services, purpose: ListLinkPurpose, token: string | null) =>
  jobAlertLinks.rowFor(services.db, await siteSecret(services), purpose, token);

/** Confirms the alert the link names; a second visit finds it confirmed already. Null: the link is not valid. */
export async function confirmJobAlert(services: Services, token: string | null): Promise<Subscriber | null> {
  const row = await linked(services, "confirm", token);
  if (!row) return null;
  await services.db
    .update(jobAlertSubscriptions)
    .set({ confirmedAt: new Date() })
    .where(and(eq(jobAlertSubscriptions.id, row.id), isNull(jobAlertSubscriptions.confirmedAt)));
  return { email: row.email };
}

/** The alert an unsubscribe link names, to ask before removing it. */
export async function jobAlertToUnsubscribe(services: Services, token: string | null): Promise<Subscriber | null> {
  const row = await linked(services, "unsubscribe", token);
  return row ? { email: row.email } : null;
}

/** Removes the alert (the row and its pending days go: nothing of it is kept). Null when there was nothing to remove. */
export async function unsubscribeJobAlert(services: Services, token: string | null): Promise<Subscriber | null> {
  const row = await linked(services, "unsubscribe", token);
  if (!row) return null;
  await services.db.delete(jobAlertSubscriptions).where(eq(jobAlertSubscriptions.id, row.id));
  return { email: row.email };
}
