import { expect, test } from "vitest";
import { businessHoursValues, readBusinessHoursForm, readHolidays } from "#app/features/leads/business-hours-form.ts";
import { DEFAULT_BUSINESS_HOURS } from "#app/features/leads/business-time.ts";

const now = new Date("2026-11-25T12:00:00Z");
const weekdays = { day1: "on", day2: "on", day3: "on", day4: "on", day5: "on" };

test("the defaults read back from the form as they were drawn", () => {
  const values = businessHoursValues(DEFAULT_BUSINESS_HOURS);
  expect(values).toMatchObject({ timeZone: "Asia/Kolkata", start: "09:30", end: "18:30", holidays: "", ...weekdays });
  expect(readBusinessHoursForm(values, now)).toEqual({ ok: true, hours: DEFAULT_BUSINESS_HOURS });
});

test("holidays are a date a line with an optional name, sorted; a bad or repeated date is refused with its line", () => {
  expect(readHolidays("2026-12-25 Christmas Day\n\n 2026-10-02  Gandhi Jayanti \n2027-01-26")).toEqual({
    ok: true,
    holidays: [
      { date: "2026-10-02", name: "Gandhi Jayanti" },
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2027-01-26", name: "" },
    ],
  });
  expect(readHolidays("2026-12-25\n25/12/2026 Christmas")).toEqual({
    ok: false,
    message: "Holidays, line 2: start the line with a date written as 2026-12-25, then the holiday's name if you like.",
  });
  expect(readHolidays("2026-02-30")).toMatchObject({ ok: false });
  expect(readHolidays("2026-12-25 A\n2026-12-25 B")).toEqual({ ok: false, message: "Holidays, line 2: 2026-12-25 is already on the list." });
});

test("each wrong field gets its own sentence", () => {
  const answer = readBusinessHoursForm({ timeZone: "Mars/Olympus", start: "9.30", end: "25:00", holidays: "soon" }, now);
  expect(answer).toEqual({
    ok: false,
    message: "Enter a time zone by its IANA name, such as Asia/Kolkata or Europe/London.",
    errors: {
      timeZone: "Enter a time zone by its IANA name, such as Asia/Kolkata or Europe/London.",
      day1: "Tick at least one working day.",
      start: "Enter the time work starts as hours and minutes, such as 09:30.",
      end: "Enter the time work ends as hours and minutes, such as 18:30.",
      holidays: "Holidays, line 1: start the line with a date written as 2026-12-25, then the holiday's name if you like.",
    },
  });
  expect(readBusinessHoursForm({ timeZone: "Europe/London", ...weekdays, start: "18:00", end: "09:00" }, now)).toMatchObject({
    ok: false,
    errors: { end: "Work must end later in the day than it starts." },
  });
});

test("hours whose every working day of the coming year is a holiday are refused", () => {
  const sundays = Array.from({ length: 54 }, (_, week) => new Date(Date.UTC(2026, 10, 29 + 7 * week)).toISOString().slice(0, 10)).join("\n");
  const answer = readBusinessHoursForm({ timeZone: "UTC", day7: "on", start: "10:00", end: "12:00", holidays: sundays }, now);
  expect(answer).toMatchObject({ ok: false, message: expect.stringContaining("Every working day of the coming year is a holiday") });
  expect(readBusinessHoursForm({ timeZone: "UTC", day7: "on", day6: "on", start: "10:00", end: "12:00", holidays: sundays }, now)).toMatchObject({
    ok: true,
  });
});
