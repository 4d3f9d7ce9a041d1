import { and, eq, isNull, sql } from "drizzle-orm";
import { audit } from "#app/features/staff/audit.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { holdsAnyRole } from "#app/features/staff/roles.server.ts";
import { ownerRoles } from "#app/features/staff/teams/teams.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultations, staffUsers } from "#app/platform/db/schema.server.ts";

/** What a change of owner answers; `field` names the form field the sentence belongs to. */
export type OwnerChange = { ok: true } | { ok: false; status: number; message: string };

/**
 * Gives a lead to another owner (null: nobody), from the owner the member of
 * staff saw: when someone changed it meanwhile, nothing changes and the
 * answer names the owner it has now.
 */
export function changeOwner(
  db: Database,
  consultationId: number,
  change: { from: string | null; to: string | null },
  user: StaffUser,
  ipAddress: string,
): Promise<OwnerChange> {
  return db.transaction(async (tx) => {
    if (change.to !== null) {
      const [owner] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, change.to), isNull(staffUsers.deactivatedAt), holdsAnyRole(ownerRoles)));
      if (!owner) return { ok: false, status: 400, message: "Choose an active sales or admin account as the owner." };
    }
    const updated = await tx
      .update(consultations)
      .set({ ownerId: change.to })
      .where(and(eq(consultations.id, consultationId), sql`${consultations.ownerId} is not distinct from ${change.from}`))
      .returning({ id: consultations.id });
    if (updated.length === 0) {
      const [row] = await tx
        .select({ name: staffUsers.name })
        .from(consultations)
        .leftJoin(staffUsers, eq(staffUsers.id, consultations.ownerId))
        .where(eq(consultations.id, consultationId));
      if (!row) return { ok: false, status: 404, message: "This record no longer exists." };
      const now = row.name ?? "nobody";
      return {
        ok: false,
        status: 409,
        message: `Someone changed the owner to ${now} while you were looking. Nothing was changed; the page now shows their change.`,
      };
    }
    await audit(tx, {
      actor: { id: user.id, email: user.email },
      action: "owner-changed",
      target: { type: "consultation", id: consultationId },
      detail: { from: change.from, to: change.to },
      ipAddress,
    });
    return { ok: true };
  });
}
