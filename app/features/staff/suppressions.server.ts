import { and, eq, ilike, isNull, type SQL } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { countedRows, countUpTo, cursorOf, exactly, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { mailSuppressions as suppressions, staffUsers } from "#app/platform/db/schema.server.ts";
import { MAX_LIFT_REASON_LENGTH } from "#app/features/staff/suppression-labels.ts";

const listOrder: ListOrder = { time: suppressions.lastSeenAt, id: suppressions.id };

function matching(search: string): SQL | undefined {
  return search ? ilike(suppressions.address, likePattern(search)) : undefined;
}

/** One page of the list, most recently reported first, with who lifted each lifted entry. */
export function listSuppressions(db: Database, search: string, cursor: ListCursor | null) {
  const where = matching(search);
  return readListPage(
    listOrder,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({
          id: suppressions.id,
          address: suppressions.address,
          reason: suppressions.reason,
          source: suppressions.source,
          detail: suppressions.detail,
          firstSeenAt: suppressions.firstSeenAt,
          lastSeenAt: suppressions.lastSeenAt,
          liftedAt: suppressions.liftedAt,
          liftedByName: staffUsers.name,
          liftReason: suppressions.liftReason,
          cursor: cursorOf(listOrder),
        })
        .from(suppressions)
        .leftJoin(staffUsers, eq(staffUsers.id, suppressions.liftedBy))
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    async () => (search ? countUpTo(db, suppressions, where) : exactly(await countedRows(db, "mail_suppressions"))),
  );
}

export type LiftOutcome = { ok: true; message: string } | { ok: false; status: number; message: string; field?: string };

/** Lifts an entry in force, with the reason staff gave; the audit log keeps who and which entry, not the address. */
export async function liftSuppression(db: Database, id: number, reason: string, actor: AuditActor & { id: string }, ipAddress: string): Promise<LiftOutcome> {
  const why = reason.trim();
  if (why === "") return { ok: false, status: 400, message: "Say why the address may be sent mail again.", field: "reason" };
  if (why.length > MAX_LIFT_REASON_LENGTH) {
    return { ok: false, status: 400, message: `Keep the reason within ${MAX_LIFT_REASON_LENGTH} characters.`, field: "reason" };
  }
  return db.transaction(async (tx) => {
    const [lifted] = await tx
      .update(suppressions)
      .set({ liftedAt: new Date(), liftedBy: actor.id, liftReason: why })
      .where(and(eq(suppressions.id, id), isNull(suppressions.liftedAt)))
      .returning({ address: suppressions.address, reason: suppressions.reason });
    if (!lifted) return { ok: false, status: 409, message: "This entry is no longer in force: someone lifted it already." };
    await audit(tx, { actor, action: "suppression-lifted", target: { type: "suppression", id }, detail: { reason: lifted.reason }, ipAddress });
    return { ok: true, message: `${lifted.address} may be sent mail again. A new bounce or complaint puts it back on the list.` };
  });
}
