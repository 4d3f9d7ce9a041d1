import fc from "fast-check";
import { expect, test } from "vitest";
import {
  addBusinessMinutes,
  businessMinutesBetween,
  DEFAULT_BUSINESS_HOURS,
  hasWorkingTime,
  minutesOfDay,
  timeOfDayText,
  type BusinessHours,
  type Weekday,
} from "#app/features/leads/business-time.ts";

const india = DEFAULT_BUSINESS_HOURS;
const at = (iso: string) => new Date(iso);
const due = (from: string, minutes: number, hours: BusinessHours = india) => addBusinessMinutes(at(from), minutes, hours).toISOString();

test("a lead on Friday 18:10 in Kolkata, 09:30-18:30 Monday to Friday, is due on Monday 10:10 with a 60-minute promise", () => {
  // 2026-11-27 is a Friday; Kolkata is UTC+05:30 all year.
  expect(due("2026-11-27T18:10:00+05:30", 60)).toBe(at("2026-11-30T10:10:00+05:30").toISOString());
});

test("inside the day the promise runs on the clock; before opening, after hours and at the weekend it starts at the next opening", () => {
  expect(due("2026-11-24T11:00:00+05:30", 60)).toBe(at("2026-11-24T12:00:00+05:30").toISOString());
  expect(due("2026-11-24T07:00:00+05:30", 60)).toBe(at("2026-11-24T10:30:00+05:30").toISOString());
  expect(due("2026-11-24T20:00:00+05:30", 60)).toBe(at("2026-11-25T10:30:00+05:30").toISOString());
  expect(due("2026-11-28T12:00:00+05:30", 60)).toBe(at("2026-11-30T10:30:00+05:30").toISOString());
  // Ending exactly at closing time is still that day.
  expect(due("2026-11-24T17:30:00+05:30", 60)).toBe(at("2026-11-24T18:30:00+05:30").toISOString());
});

test("a holiday is skipped like a weekend", () => {
  const hours = { ...india, holidays: [{ date: "2026-11-30", name: "Company day" }] };
  expect(due("2026-11-27T18:10:00+05:30", 60, hours)).toBe(at("2026-12-01T10:10:00+05:30").toISOString());
  expect(businessMinutesBetween(at("2026-11-27T18:10:00+05:30"), at("2026-12-01T10:10:00+05:30"), hours)).toBe(60);
});

test("across the spring change in London the Monday opens at 09:00 summer time, an hour earlier in UTC", () => {
  const london: BusinessHours = { timeZone: "Europe/London", workingDays: [1, 2, 3, 4, 5], start: 9 * 60, end: 17 * 60, holidays: [] };
  // Clocks go forward on Sunday 2027-03-28; Friday is GMT, Monday BST.
  expect(due("2027-03-26T16:30:00Z", 60, london)).toBe("2027-03-29T08:30:00.000Z");
  expect(businessMinutesBetween(at("2027-03-26T16:30:00Z"), at("2027-03-29T08:30:00Z"), london)).toBe(60);
  // And in autumn (back on 2026-10-25), Monday opens at 09:00 GMT.
  expect(due("2026-10-23T15:30:00Z", 60, london)).toBe("2026-10-26T09:30:00.000Z");
});

test("a working day that contains the change in New York is an hour shorter in spring and an hour longer in autumn", () => {
  const nights: BusinessHours = { timeZone: "America/New_York", workingDays: [1, 2, 3, 4, 5, 6, 7], start: 60, end: 5 * 60, holidays: [] };
  // 2027-03-14: 01:00 EST (06:00Z) to 05:00 EDT (09:00Z) is three hours.
  expect(businessMinutesBetween(at("2027-03-14T06:00:00Z"), at("2027-03-14T09:00:00Z"), nights)).toBe(180);
  expect(due("2027-03-14T06:00:00Z", 200, nights)).toBe("2027-03-15T05:20:00.000Z");
  // 2026-11-01: 01:00 EDT (05:00Z) to 05:00 EST (10:00Z) is five hours.
  expect(businessMinutesBetween(at("2026-11-01T05:00:00Z"), at("2026-11-01T10:00:00Z"), nights)).toBe(300);
  expect(due("2026-11-01T05:00:00Z", 300, nights)).toBe("2026-11-01T10:00:00.000Z");
});

test("business minutes between two instants are negative backwards and nothing while closed", () => {
  expect(businessMinutesBetween(at("2026-11-30T10:10:00+05:30"), at("2026-11-27T18:10:00+05:30"), india)).toBe(-60);
  expect(businessMinutesBetween(at("2026-11-28T09:00:00+05:30"), at("2026-11-29T20:00:00+05:30"), india)).toBe(0);
  expect(businessMinutesBetween(at("2026-11-23T09:30:00+05:30"), at("2026-11-30T09:30:00+05:30"), india)).toBe(5 * 9 * 60);
});

test("hours with no working time are recognised", () => {
  const from = at("2026-11-25T00:00:00Z");
  expect(hasWorkingTime(india, from)).toBe(true);
  expect(hasWorkingTime({ ...india, workingDays: [] }, from)).toBe(false);
  expect(hasWorkingTime({ ...india, start: 600, end: 600 }, from)).toBe(false);
  const mondays = Array.from({ length: 60 }, (_, week) => ({ date: new Date(Date.UTC(2026, 10, 30 + 7 * week)).toISOString().slice(0, 10), name: "" }));
  expect(hasWorkingTime({ ...india, workingDays: [1], holidays: mondays }, from)).toBe(false);
  expect(hasWorkingTime({ ...india, workingDays: [1, 2], holidays: mondays }, from)).toBe(true);
});

test("times of day read and print as HH:MM", () => {
  expect(minutesOfDay("09:30")).toBe(570);
  expect(minutesOfDay("23:59")).toBe(1439);
  for (const bad of ["24:00", "9:30", "09:60", "", "noon"]) expect(minutesOfDay(bad)).toBeNull();
  expect(timeOfDayText(570)).toBe("09:30");
});

test("for any hours and arrival, the due time lies the promised business minutes ahead, in open time, and later for a longer promise", () => {
  const hours = fc
    .record({
      timeZone: fc.constantFrom("Asia/Kolkata", "Europe/London", "America/New_York", "Australia/Sydney", "UTC"),
      workingDays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      start: fc.integer({ min: 0, max: 1409 }),
      // At least half an hour a week, so the longest promise ends within the arithmetic's three years.
      length: fc.integer({ min: 30, max: 1439 }),
    })
    .map(({ timeZone, workingDays, start, length }): BusinessHours => ({
      timeZone,
      workingDays: workingDays as Weekday[],
      start,
      end: Math.min(1439, start + length),
      holidays: [],
    }));
  // On a whole minute, so "the minute before the due time" is a whole business minute or none.
  const arrival = fc
    .date({ min: at("2026-01-01T00:00:00Z"), max: at("2028-12-31T00:00:00Z"), noInvalidDate: true })
    .map((date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000));
  fc.assert(
    fc.property(hours, arrival, fc.integer({ min: 1, max: 3000 }), (hours, from, minutes) => {
      const dueAt = addBusinessMinutes(from, minutes, hours);
      expect(businessMinutesBetween(from, dueAt, hours)).toBe(minutes);
      // The last business minute before the due time was open time.
      expect(businessMinutesBetween(new Date(dueAt.getTime() - 60_000), dueAt, hours)).toBe(1);
      expect(addBusinessMinutes(from, minutes + 1, hours).getTime()).toBeGreaterThan(dueAt.getTime());
    }),
    { numRuns: 300 },
  );
});
