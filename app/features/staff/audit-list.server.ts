import { count, desc, eq, ilike, and, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AuditAction } from "#app/features/staff/audit.server.ts";
import { readListPage } from "#app/features/staff/list-page.server.ts";
import { likePattern } from "#app/features/staff/list-query.server.ts";
import { auditLog, staffUsers } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type AuditRow = {
  id: number;
  at: Date;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** A staff account target's address (the id alone tells a reader nothing). */
  targetEmail: string | null;
  detail: Record<string, string | number | boolean | null> | null;
  ipAddress: string | null;
};

const targetUser = alias(staffUsers, "target_user");

// An entry written without the actor's email (a password set by link) shows the account's address.
const actorEmail = sql<string | null>`coalesce(${auditLog.actorEmail}, ${staffUsers.email})`;

/** One page of the audit log, newest first, by action and actor. */
export function listAudit({ db }: Pick<Services, "db">, filter: { action: AuditAction | null; search: string }, page: number) {
  const where = and(filter.action ? eq(auditLog.action, filter.action) : undefined, filter.search ? ilike(actorEmail, likePattern(filter.search)) : undefined);
  return readListPage<AuditRow>(
    page,
    (limit, offset) =>
      db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorEmail,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          targetEmail: targetUser.email,
          detail: auditLog.detail,
          ipAddress: auditLog.ipAddress,
        })
        .from(auditLog)
        .leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId))
        .leftJoin(targetUser, and(eq(auditLog.targetType, "staff"), eq(targetUser.id, auditLog.targetId)))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(auditLog).leftJoin(staffUsers, eq(staffUsers.id, auditLog.actorId)).where(where),
  );
}
