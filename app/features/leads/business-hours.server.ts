import { and, eq, isNull } from "drizzle-orm";
import { RESPONSE_PROMISE_MINUTES } from "#app/content/site.ts";
import { addBusinessMinutes, businessMinutesBetween, DEFAULT_BUSINESS_HOURS, type BusinessHours, type Weekday } from "#app/features/leads/business-time.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { businessHours, consultations } from "#app/platform/db/schema.server.ts";

/*
 * The business hours in force (decision 036): the one row an admin saves, or
 * the defaults before anyone has; and what they decide for a lead.
 */

/** The hours in force: the saved ones, or DEFAULT_BUSINESS_HOURS. */
export async function readBusinessHours(db: Database): Promise<BusinessHours & { saved: boolean }> {
  const [row] = await db.select().from(businessHours).where(eq(businessHours.id, 1));
  if (!row) return { ...DEFAULT_BUSINESS_HOURS, saved: false };
  return {
    timeZone: row.timeZone,
    workingDays: row.workingDays as Weekday[],
    start: row.startMinute,
    end: row.endMinute,
    holidays: row.holidays,
    saved: true,
  };
}

/** Saves the hours (leads stored from now on fall due by them) and audits who did, in one transaction. */
export async function saveBusinessHours(db: Database, hours: BusinessHours, user: StaffUser, ipAddress: string): Promise<void> {
  const values = {
    timeZone: hours.timeZone,
    workingDays: [...hours.workingDays],
    startMinute: hours.start,
    endMinute: hours.end,
    holidays: [...hours.holidays],
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(businessHours)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: businessHours.id, set: values });
    await audit(tx, {
      actor: { id: user.id, email: user.email },
      action: "business-hours-changed",
      detail: {
        timeZone: hours.timeZone,
        workingDays: hours.workingDays.join(","),
        start: hours.start,
        end: hours.end,
        holidays: hours.holidays.length,
      },
      ipAddress,
    });
  });
}

/**
 * When a lead arriving at `arrivedAt` is due, under the hours in force (read in the transaction that
 * stores the lead), and the company's time zone, for telling a visitor whose own zone is unknown.
 */
export async function dueTimeFor(db: Database, arrivedAt: Date): Promise<{ dueAt: Date; timeZone: string }> {
  const hours = await readBusinessHours(db);
  return { dueAt: addBusinessMinutes(arrivedAt, RESPONSE_PROMISE_MINUTES, hours), timeZone: hours.timeZone };
}

/**
 * Records a lead's first response and the business minutes it took under the
 * hours in force now (the figures' response times): the first call sets them,
 * later ones leave them. Answers whether this call was the first.
 */
export async function recordFirstResponse(db: Database, consultationId: number, at: Date): Promise<boolean> {
  const [lead] = await db
    .select({ submittedAt: consultations.submittedAt })
    .from(consultations)
    .where(and(eq(consultations.id, consultationId), isNull(consultations.firstResponseAt)));
  if (!lead) return false;
  const minutes = Math.max(0, businessMinutesBetween(lead.submittedAt, at, await readBusinessHours(db)));
  const updated = await db
    .update(consultations)
    .set({ firstResponseAt: at, firstResponseBusinessMinutes: minutes })
    .where(and(eq(consultations.id, consultationId), isNull(consultations.firstResponseAt)))
    .returning({ id: consultations.id });
  return updated.length > 0;
}
