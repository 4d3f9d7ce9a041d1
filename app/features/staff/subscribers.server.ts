import { and, desc, eq, ilike, lt, sql, type SQL } from "drizzle-orm";
import type { Attribution } from "#app/features/attribution/attribution.ts";
import { attributionSourceIs } from "#app/features/attribution/attribution.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { inPages } from "#app/features/staff/csv.server.ts";
import type { SubscriberList } from "#app/features/staff/subscriber-pages.tsx";
import { countedRows, countUpTo, cursorOf, exactly, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { jobAlertSubscriptions, newsletterSubscriptions, outbox } from "#app/platform/db/schema.server.ts";

/**
 * Each list's table, and how its rows are named in the audit log (by number
 * only: the log keeps no address). The newsletter's total is kept by a
 * trigger; a job alert list is small enough to count.
 */
const lists = {
  newsletter: { table: newsletterSubscriptions, auditTarget: "subscriber", keptCount: "newsletter_subscriptions" },
  "job-alerts": { table: jobAlertSubscriptions, auditTarget: "job-alert-subscriber", keptCount: null },
} as const satisfies Record<SubscriberList, { table: unknown; auditTarget: string; keptCount: string | null }>;

/** Both tables name their shared columns alike; the job alerts' own choices are read as empty for the newsletter. */
type SubscriberTable = typeof newsletterSubscriptions;
const tableOf = (list: SubscriberList) => lists[list].table as SubscriberTable;

function columnsOf(list: SubscriberList) {
  const table = tableOf(list);
  const follows = list === "job-alerts";
  return {
    id: table.id,
    email: table.email,
    subscribedAt: table.timestamp,
    consentAt: table.consentAt,
    consentVersion: table.consentVersion,
    confirmedAt: table.confirmedAt,
    attribution: table.attribution,
    departments: follows ? jobAlertSubscriptions.departments : sql<string[]>`'{}'::text[]`,
    workplaces: follows ? jobAlertSubscriptions.workplaces : sql<string[]>`'{}'::text[]`,
  };
}

export type Subscriber = {
  id: number;
  email: string;
  subscribedAt: Date;
  consentAt: Date | null;
  consentVersion: string | null;
  /** Null until the subscriber follows the link in the confirmation email: send them nothing else until then. */
  confirmedAt: Date | null;
  attribution: Attribution | null;
  /** A job alert's picks, as the listing's filters key them (none: every new job); empty on the newsletter. */
  departments: string[];
  workplaces: string[];
};

/** The address contains `search`; the lead source is `source` (either may be empty for all). */
function matching(list: SubscriberList, search: string, source: string | null = null): SQL | undefined {
  const table = tableOf(list);
  return and(search ? ilike(table.email, likePattern(search)) : undefined, attributionSourceIs(table.attribution, source));
}

const listOrder = (list: SubscriberList): ListOrder => ({ time: tableOf(list).timestamp, id: tableOf(list).id });

/** One page of a list's subscribers whose address contains `search` (and who came from `source`), newest first. */
export function listSubscribers(db: Database, list: SubscriberList, search: string, cursor: ListCursor | null, source: string | null = null) {
  const table = tableOf(list);
  const where = matching(list, search, source);
  const order = listOrder(list);
  const keptCount = lists[list].keptCount;
  return readListPage(
    order,
    cursor,
    ({ keyset, orderBy, limit }): Promise<(Subscriber & { cursor: string })[]> =>
      db
        .select({ ...columnsOf(list), cursor: cursorOf(order) })
        .from(table)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    async () => (search || source || !keptCount ? countUpTo(db, table, where) : exactly(await countedRows(db, keptCount))),
  );
}

/** Every subscriber of a list matching `search` and `source`, read a page at a time for the CSV export. */
export function allSubscribers(db: Database, list: SubscriberList, search: string, source: string | null = null): AsyncIterable<Subscriber[]> {
  const table = tableOf(list);
  return inPages((beforeId, size): Promise<Subscriber[]> =>
    db
      .select(columnsOf(list))
      .from(table)
      .where(and(matching(list, search, source), beforeId === null ? undefined : lt(table.id, beforeId)))
      .orderBy(desc(table.id))
      .limit(size),
  );
}

export async function findSubscriber(db: Database, list: SubscriberList, id: number): Promise<Subscriber | null> {
  const table = tableOf(list);
  const [row] = await db.select(columnsOf(list)).from(table).where(eq(table.id, id));
  return row ?? null;
}

/**
 * Erasure on request: the row goes, with the newsletter campaign messages
 * made for it (which hold the address), and the audit entry that says so
 * keeps its id but not the address. False when it was already gone.
 */
export function eraseSubscriber(db: Database, list: SubscriberList, id: number, actor: AuditActor, ipAddress: string): Promise<boolean> {
  const table = tableOf(list);
  return db.transaction(async (tx) => {
    if (list === "newsletter") await tx.delete(outbox).where(eq(outbox.newsletterSubscriptionId, id));
    const [erased] = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    if (!erased) return false;
    await audit(tx, { actor, action: "subscriber-erased", target: { type: lists[list].auditTarget, id }, ipAddress });
    return true;
  });
}
