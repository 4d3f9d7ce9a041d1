import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { saveBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { DEFAULT_BUSINESS_HOURS } from "#app/features/leads/business-time.ts";
import { companyTimeZone, saveOwnTimeZone, staffTimeZone, TIME_ZONE_REFUSED } from "#app/features/staff/staff-time.server.ts";
import { formatStaffTime, LocalTime, StaffTimeZone } from "#app/features/staff/staff-time.tsx";
import { staffUsers } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

const drivers = await featureDrivers();

test("a moment reads as the clock does in the person's zone, across daylight saving, with no zone's name to differ between runtimes", () => {
  const at = new Date("2026-11-25T14:28:00.000Z");
  expect(formatStaffTime(at, "Asia/Kolkata")).toBe("25 Nov 2026, 19:58");
  expect(formatStaffTime(at.toISOString(), "UTC")).toBe("25 Nov 2026, 14:28");
  expect(formatStaffTime(at, "America/New_York")).toBe("25 Nov 2026, 09:28");
  // London in summer is an hour ahead of UTC; the date moves at midnight in the zone, not in UTC.
  expect(formatStaffTime(new Date("2026-07-01T23:30:00Z"), "Europe/London")).toBe("2 Jul 2026, 00:30");
  expect(formatStaffTime(new Date("2026-01-01T00:05:00Z"), "Asia/Kolkata")).toBe("1 Jan 2026, 05:35");
});

test("LocalTime draws the zone it is given, with the instant for machines; the company's zone when none is given", () => {
  const at = "2026-11-25T14:28:00.000Z";
  expect(
    renderToStaticMarkup(
      <StaffTimeZone value="Europe/London">
        <LocalTime value={at} />
      </StaffTimeZone>,
    ),
  ).toBe('<time dateTime="2026-11-25T14:28:00.000Z">25 Nov 2026, 14:28</time>');
  expect(DEFAULT_BUSINESS_HOURS.timeZone).toBe("Asia/Kolkata");
  expect(renderToStaticMarkup(<LocalTime value={at} />)).toBe('<time dateTime="2026-11-25T14:28:00.000Z">25 Nov 2026, 19:58</time>');
});

for (const driver of drivers) {
  test(`a person's zone is their own once saved, under its current name, and the company's (the business hours') otherwise (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const id = randomUUID();
      const user = { id, name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin" as const], timeZone: null };
      await db.insert(staffUsers).values(user);
      const zoneOf = async () => (await db.select({ timeZone: staffUsers.timeZone }).from(staffUsers).where(eq(staffUsers.id, id)))[0]!.timeZone;

      // Before anyone saves business hours, the company's zone is the default's.
      expect(await companyTimeZone(db)).toBe("Asia/Kolkata");
      expect(await staffTimeZone(db, user)).toBe("Asia/Kolkata");
      await saveBusinessHours(db, { ...DEFAULT_BUSINESS_HOURS, timeZone: "Europe/London" }, user, "127.0.0.1");
      expect(await staffTimeZone(db, user)).toBe("Europe/London");

      expect(await saveOwnTimeZone(db, id, "Asia/Calcutta")).toEqual({ ok: true, timeZone: "Asia/Kolkata" });
      expect(await zoneOf()).toBe("Asia/Kolkata");
      expect(await staffTimeZone(db, { timeZone: await zoneOf() })).toBe("Asia/Kolkata");

      for (const bad of ["+05:30", "Mars/Olympus", "x".repeat(65)]) {
        expect(await saveOwnTimeZone(db, id, bad)).toEqual({ ok: false, message: TIME_ZONE_REFUSED });
        expect(await zoneOf()).toBe("Asia/Kolkata");
      }

      // An empty field goes back to the company's zone.
      expect(await saveOwnTimeZone(db, id, "  ")).toEqual({ ok: true, timeZone: null });
      expect(await zoneOf()).toBeNull();
      expect(await staffTimeZone(db, { timeZone: null })).toBe("Europe/London");
    } finally {
      await database.dispose();
    }
  });
}
