import { eq } from "drizzle-orm";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { staffUsers } from "#app/platform/db/schema.server.ts";
import { currentTimeZoneName } from "#app/features/zoned-time.ts";

/** The company's time zone: the business hours' (decision 053), by its current IANA name. */
export async function companyTimeZone(db: Database): Promise<string> {
  const { timeZone } = await readBusinessHours(db);
  return currentTimeZoneName(timeZone) ?? timeZone;
}

/** The zone the staff area tells this person times in: their own, or the company's. */
export async function staffTimeZone(db: Database, user: Pick<StaffUser, "timeZone">): Promise<string> {
  return user.timeZone ?? (await companyTimeZone(db));
}

export const TIME_ZONE_REFUSED = "Enter a time zone by its IANA name, such as Asia/Kolkata or Europe/London, or leave it empty for the company's.";

/**
 * Saves the zone a person chose for themselves under its current name; an
 * empty field goes back to the company's. A name the runtime does not know is
 * refused and nothing changes.
 */
export async function saveOwnTimeZone(
  db: Database,
  userId: string,
  typed: string,
): Promise<{ ok: true; timeZone: string | null } | { ok: false; message: string }> {
  const timeZone = typed.trim() === "" ? null : currentTimeZoneName(typed);
  if (timeZone === null && typed.trim() !== "") return { ok: false, message: TIME_ZONE_REFUSED };
  await db.update(staffUsers).set({ timeZone, updatedAt: new Date() }).where(eq(staffUsers.id, userId));
  return { ok: true, timeZone };
}
