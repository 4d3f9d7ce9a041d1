import { and, desc, eq, ilike, lt, type SQL } from "drizzle-orm";
import type { Attribution } from "#app/features/attribution/attribution.ts";
import { attributionSourceIs } from "#app/features/attribution/attribution.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { inPages } from "#app/features/staff/csv.server.ts";
import { countedRows, countUpTo, cursorOf, exactly, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { newsletterSubscriptions as subscriptions, outbox } from "#app/platform/db/schema.server.ts";

const columns = {
  id: subscriptions.id,
  email: subscriptions.email,
  subscribedAt: subscriptions.timestamp,
  consentAt: subscriptions.consentAt,
  consentVersion: subscriptions.consentVersion,
  confirmedAt: subscriptions.confirmedAt,
  attribution: subscriptions.attribution,
};

export type Subscriber = {
  id: number;
  email: string;
  subscribedAt: Date;
  consentAt: Date | null;
  consentVersion: string | null;
  /** Null until the subscriber follows the link in the confirmation email: send them nothing else until then. */
  confirmedAt: Date | null;
  attribution: Attribution | null;
};

/** The address contains `search`; the lead source is `source` (either may be empty for all). */
function matching(search: string, source: string | null = null): SQL | undefined {
  return and(search ? ilike(subscriptions.email, likePattern(search)) : undefined, attributionSourceIs(subscriptions.attribution, source));
}

const listOrder: ListOrder = { time: subscriptions.timestamp, id: subscriptions.id };

/** One page of subscribers whose address contains `search` (and who came from `source`), newest first. */
export function listSubscribers(db: Database, search: string, cursor: ListCursor | null, source: string | null = null) {
  const where = matching(search, source);
  return readListPage(
    listOrder,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({ ...columns, cursor: cursorOf(listOrder) })
        .from(subscriptions)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    async () => (search || source ? countUpTo(db, subscriptions, where) : exactly(await countedRows(db, "newsletter_subscriptions"))),
  );
}

/** Every subscriber matching `search` and `source`, read a page at a time for the CSV export. */
export function allSubscribers(db: Database, search: string, source: string | null = null): AsyncIterable<Subscriber[]> {
  return inPages((beforeId, size) =>
    db
      .select(columns)
      .from(subscriptions)
      .where(and(matching(search, source), beforeId === null ? undefined : lt(subscriptions.id, beforeId)))
      .orderBy(desc(subscriptions.id))
      .limit(size),
  );
}

export async function findSubscriber(db: Database, id: number): Promise<Subscriber | null> {
  const [row] = await db.select(columns).from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

/**
 * Erasure on request: the row goes, with the campaign messages made for it
 * (which hold the address), and the audit entry that says so keeps its id but
 * not the address. False when it was already gone.
 */
export function eraseSubscriber(db: Database, id: number, actor: AuditActor, ipAddress: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(outbox).where(eq(outbox.newsletterSubscriptionId, id));
    const [erased] = await tx.delete(subscriptions).where(eq(subscriptions.id, id)).returning({ id: subscriptions.id });
    if (!erased) return false;
    await audit(tx, { actor, action: "subscriber-erased", target: { type: "subscriber", id }, ipAddress });
    return true;
  });
}
