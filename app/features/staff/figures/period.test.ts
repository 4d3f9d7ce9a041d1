import { expect, test } from "vitest";
import { datesOf, readPeriod, todayIn } from "#app/features/staff/figures/period.ts";

const today = "2026-11-26";
const read = (query: Record<string, string>) => readPeriod(new URLSearchParams(query), today);

test("without dates the period is the last 30 days, today included", () => {
  expect(read({})).toEqual({ ok: true, period: { from: "2026-10-28", to: "2026-11-26", days: 30 } });
});

test("dates in the address choose the period; one date alone runs to today or covers the 30 days up to it", () => {
  expect(read({ from: "2026-11-01", to: "2026-11-30" })).toEqual({ ok: true, period: { from: "2026-11-01", to: "2026-11-30", days: 30 } });
  expect(read({ from: "2026-11-20" })).toEqual({ ok: true, period: { from: "2026-11-20", to: today, days: 7 } });
  expect(read({ to: "2026-02-28" })).toEqual({ ok: true, period: { from: "2026-01-30", to: "2026-02-28", days: 30 } });
  expect(read({ from: "2024-01-01", to: "2024-12-31" })).toMatchObject({ ok: true, period: { days: 366 } });
});

test("a date that is not one, a start after the end and a span over 366 days are refused with a sentence", () => {
  expect(read({ from: "2026-02-30" })).toMatchObject({
    ok: false,
    message: "The start date “2026-02-30” is not a date between 2000 and 2100: write it as year-month-day, e.g. 2026-11-26.",
  });
  expect(read({ to: "26/11/2026" })).toMatchObject({ ok: false, message: expect.stringContaining("The end date “26/11/2026” is not a date") });
  expect(read({ from: "2026-11-30", to: "2026-11-01" })).toMatchObject({
    ok: false,
    message: "The period starts (2026-11-30) after it ends (2026-11-01): choose a start on or before the end.",
  });
  expect(read({ from: "2025-01-01", to: "2026-01-02" })).toMatchObject({
    ok: false,
    message: "A period can be at most 366 days; 2025-01-01 to 2026-01-02 is 367 days.",
  });
  expect(read({ from: "1999-12-31" })).toMatchObject({ ok: false });
});

test("today is the business hours' date, and a period lists its dates", () => {
  // 20:00 UTC on the 25th is already the 26th in Kolkata.
  expect(todayIn("Asia/Kolkata", new Date("2026-11-25T20:00:00Z"))).toBe("2026-11-26");
  expect(todayIn("America/New_York", new Date("2026-11-25T20:00:00Z"))).toBe("2026-11-25");
  expect(datesOf({ from: "2026-02-27", to: "2026-03-01", days: 3 })).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
});
