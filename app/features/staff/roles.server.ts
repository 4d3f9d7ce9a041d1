import { arrayContains, arrayOverlaps, type SQL } from "drizzle-orm";
import type { StaffRole } from "#app/features/staff/roles.ts";
import { staffUsers } from "#app/platform/db/schema.server.ts";

/*
 * The database side of roles.ts: which staff accounts hold a role, for
 * queries on `staff_user`. Every "who is sales?" question asks it here.
 */

/** The accounts holding `role` among their roles. */
export function holdsRole(role: StaffRole): SQL {
  return arrayContains(staffUsers.roles, [role]);
}

/** The accounts holding at least one of `roles`. */
export function holdsAnyRole(roles: readonly StaffRole[]): SQL {
  return arrayOverlaps(staffUsers.roles, [...roles]);
}
