import { expect, test, vi } from "vitest";
import { currentTimeZoneName, instantFromLocalField, localFieldValue, timeZoneNames, wallTimeOf } from "#app/features/zoned-time.ts";

test("a zone is known by any of its names and kept under its current IANA one, whatever name the runtime's data prefers", () => {
  expect(currentTimeZoneName("Asia/Kolkata")).toBe("Asia/Kolkata");
  // Node 20 and Chromium answer India, Kyiv and Ho Chi Minh City under their older names.
  expect(currentTimeZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
  expect(currentTimeZoneName(" asia/calcutta ")).toBe("Asia/Kolkata");
  expect(currentTimeZoneName("Europe/Kiev")).toBe("Europe/Kyiv");
  expect(currentTimeZoneName("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
  expect(currentTimeZoneName("US/Eastern")).toBe("America/New_York");
  expect(currentTimeZoneName("Europe/London")).toBe("Europe/London");
  expect(currentTimeZoneName("UTC")).toBe("UTC");
  expect(currentTimeZoneName("Etc/UTC")).toBe("UTC");
});

test("offsets, inventions, markup and overlong names are not zones", () => {
  for (const name of ["+05:30", "Etc/GMT+5", "Mars/Olympus", "Asia/Mumbai", "", "   ", "Europe/Berlin<script>", "Europe/" + "A".repeat(70)]) {
    expect(currentTimeZoneName(name), name).toBeNull();
  }
});

test("the list a person chooses from holds every zone once, by its current name, and each is one the runtime accepts", () => {
  const names = timeZoneNames();
  expect(names).toContain("Asia/Kolkata");
  expect(names).toContain("Europe/Kyiv");
  expect(names).toContain("UTC");
  expect(names).not.toContain("Asia/Calcutta");
  expect(names).not.toContain("Europe/Kiev");
  expect(new Set(names).size).toBe(names.length);
  expect([...names].sort()).toEqual(names);
  for (const name of names) expect(currentTimeZoneName(name), name).toBe(name);
});

test("a browser whose zone data knows a renamed zone only by its old name still reads its clock", () => {
  const original = Intl.DateTimeFormat;
  // Older zone data: Europe/Kyiv is unknown, Europe/Kiev is the same clock.
  const olderData = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    if (options?.timeZone === "Europe/Kyiv") throw new RangeError("Invalid time zone specified: Europe/Kyiv");
    return new original(locales, options);
  } as typeof Intl.DateTimeFormat);
  try {
    expect(wallTimeOf(Date.UTC(2026, 10, 25, 14, 28), "Europe/Kyiv")).toEqual({ year: 2026, month: 11, day: 25, hour: 16, minute: 28 });
    expect(olderData).toHaveBeenCalledWith("en-US", expect.objectContaining({ timeZone: "Europe/Kiev" }));
    expect(() => wallTimeOf(0, "Mars/Olympus")).toThrow(RangeError);
  } finally {
    olderData.mockRestore();
  }
});

test("a datetime-local field (a publish-at time) is read in the staff member's time zone, daylight saving included", () => {
  expect(instantFromLocalField("2026-12-01T09:30", "UTC")).toEqual(new Date("2026-12-01T09:30:00Z"));
  expect(instantFromLocalField("2026-12-01T09:30", "Asia/Kolkata")).toEqual(new Date("2026-12-01T04:00:00Z"));
  // New York: standard time in January (UTC-5), daylight time in July (UTC-4).
  expect(instantFromLocalField("2027-01-15T12:00", "America/New_York")).toEqual(new Date("2027-01-15T17:00:00Z"));
  expect(instantFromLocalField("2027-07-15T12:00", "America/New_York")).toEqual(new Date("2027-07-15T16:00:00Z"));
  expect(localFieldValue(new Date("2027-07-15T16:00:00Z"), "America/New_York")).toBe("2027-07-15T12:00");
  for (const bad of ["", "2026-02-30T10:00", "2026-12-01", "2026-12-01T24:00", "tomorrow"]) expect(instantFromLocalField(bad, "UTC")).toBe("invalid");
  expect(instantFromLocalField("2026-12-01T09:30", "Mars/Olympus")).toBe("invalid");
});
