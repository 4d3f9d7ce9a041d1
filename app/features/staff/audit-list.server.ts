import { and, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { auditActions } from "#app/features/staff/audit-actions.ts";
import { resolveAuditRefs } from "#app/features/staff/audit-targets.server.ts";
import type { AuditAction } from "#app/features/staff/audit.server.ts";
import { countUpTo, cursorOf, loadStaffList, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import { auditLog, staffUsers, type AuditDetail } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type AuditRow = {
  id: number;
  at: Date;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: AuditDetail | null;
  ipAddress: string | null;
  cursor: string;
};

// An entry written without the actor's email (a password set by link) shows the account's address.
const actorEmail = sql<string | null>`coalesce(${auditLog.actorEmail}, ${staffUsers.email})`;

/**
 * The entries whose actor's email contains the search: the email kept on the
 * entry, or the account's own where the entry has none (as the list shows it),
 * written so that the trigram and actor indexes serve each arm.
 */
function actorMatches(search: string): SQL {
  const pattern = likePattern(search);
  const accounts = sql`array(select ${staffUsers.id} from ${staffUsers} where ${ilike(staffUsers.email, pattern)})`;
  return or(ilike(auditLog.actorEmail, pattern), and(isNull(auditLog.actorEmail), sql`${auditLog.actorId} = any(${accounts})`))!;
}

const listOrder: ListOrder = { time: auditLog.at, id: auditLog.id };

/**
 * One page of the audit log, newest first, by action and actor, with the
 * people and records it names resolved; its total is counted up to the cap.
 */
export async function listAudit({ db }: Pick<Services, "db">, filter: { action: AuditAction | null; search: string }, cursor: ListCursor | null) {
  const where = and(filter.action ? eq(auditLog.action, filter.action) : undefined, filter.search ? actorMatches(filter.search) : undefined);
  const page = await readListPage<AuditRow>(
    listOrder,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorEmail,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          detail: auditLog.detail,
          ipAddress: auditLog.ipAddress,
          cursor: cursorOf(listOrder),
        })
        .from(auditLog)
        .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    () => countUpTo(db, auditLog, where),
  );
  return { ...page, rows: await resolveAuditRefs(db, page.rows) };
}

/** The audit log screen's loader: admins only; the action is the list's status filter. */
export function loadAuditLog(args: Parameters<typeof loadStaffList>[0]) {
  return loadStaffList(args, "audit", auditActions, (db, query) => listAudit({ db }, { action: query.status, search: query.search }, query.cursor));
}
