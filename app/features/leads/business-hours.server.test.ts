import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { handleConsultationPost } from "#app/features/consultation/submit-consultation.server.ts";
import { readBusinessHours, recordFirstResponse, saveBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { addBusinessMinutes, DEFAULT_BUSINESS_HOURS, type BusinessHours } from "#app/features/leads/business-time.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { auditLog, consultations, staffUsers } from "#app/platform/db/schema.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { openTestDatabase, featureDrivers, type TestDatabase } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const admin: StaffUser = { id: "admin-1", name: "Ada", email: "ada@kraf.example", roles: ["admin"] } as StaffUser;

/** The services the consultation post touches, on a real database; mail is only recorded. */
function servicesOn(database: TestDatabase): Services {
  const env = { SITE_URL: "https://www.example.com", SALES_INBOX: "sales@kraf.example", FORM_RATE_LIMIT: 50, FORM_RATE_WINDOW_SECONDS: 600 } as Env;
  return {
    env,
    db: database.db,
    storage: { put: async () => undefined, delete: async () => undefined },
    outbox: { enqueue: async () => 1, attemptNow: async () => ({ status: "sent" }), nudge: () => undefined },
  } as unknown as Services;
}

function postConsultation(fullName: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress: "5.5.5.5" });
  const body = new URLSearchParams({ fullName, email: "lead@example.com", country: "India", phone: "+91 98765 43210", brief: "A booking portal." });
  const request = new Request("https://www.example.com/consultation", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://www.example.com" },
  });
  return { request, context };
}

for (const driver of await featureDrivers()) {
  test(`a stored consultation is due the promised business minutes after it arrived, under the hours saved (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      expect(await readBusinessHours(db)).toEqual({ ...DEFAULT_BUSINESS_HOURS, saved: false });
      await db.insert(staffUsers).values({ id: admin.id, name: admin.name, email: admin.email, roles: ["admin"] });
      // Half an hour a day, every day: an hour's promise always runs into a later day.
      const hours: BusinessHours = { timeZone: "UTC", workingDays: [1, 2, 3, 4, 5, 6, 7], start: 0, end: 30, holidays: [{ date: "2099-01-01", name: "" }] };
      await saveBusinessHours(db, hours, admin, "10.0.0.1");
      expect(await readBusinessHours(db)).toEqual({ ...hours, saved: true });
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "business-hours-changed"));
      expect(entry).toMatchObject({ actorId: admin.id, detail: { timeZone: "UTC", workingDays: "1,2,3,4,5,6,7", start: 0, end: 30, holidays: 1 } });

      const { request, context } = postConsultation("Clocked Lead");
      const answer = await handleConsultationPost(request, context, servicesOn(database));
      expect(answer.data.status).toBe("success");
      const [row] = await db.select().from(consultations).where(eq(consultations.fullName, "Clocked Lead"));
      expect(row!.dueAt).toEqual(addBusinessMinutes(row!.submittedAt, 60, hours));
      expect(row!.dueAt.getTime() - row!.submittedAt.getTime()).toBeGreaterThan(24 * 3_600_000);
      expect(row!.firstResponseAt).toBeNull();

      // The first response is recorded once; a later one leaves it.
      const first = new Date("2026-11-25T10:00:00Z");
      expect(await recordFirstResponse(db, row!.id, first)).toBe(true);
      expect(await recordFirstResponse(db, row!.id, new Date("2026-11-25T11:00:00Z"))).toBe(false);
      const [answered] = await db.select({ at: consultations.firstResponseAt }).from(consultations).where(eq(consultations.id, row!.id));
      expect(answered!.at).toEqual(first);
    } finally {
      await database.dispose();
    }
  });

  test(`a row written without a due time is due an hour after it arrived (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const submittedAt = new Date("2026-11-27T12:40:00Z");
      const [row] = await database.db
        .insert(consultations)
        .values({ fullName: "Old Writer", email: "o@example.com", country: "X", phone: "1", projectBrief: "B", submittedAt })
        .returning({ dueAt: consultations.dueAt });
      expect(row!.dueAt).toEqual(new Date("2026-11-27T13:40:00Z"));
    } finally {
      await database.dispose();
    }
  });
}
