import { expect, test } from "vitest";
import { dueByNamedZone, readVisitorTimeZone, responseDueText } from "#app/features/leads/response-due.ts";

// Monday 30 November 2026, 10:10 in India: the due time of a lead that arrived on Friday at 18:10.
const dueAt = new Date("2026-11-30T04:40:00Z");
const fridayEvening = new Date("2026-11-27T12:40:00Z");
const minutes = (n: number) => n * 60_000;

test("a lead due within the next 60 minutes reads 'within the hour'; a minute later it names the time", () => {
  const zones = { visitor: "Asia/Kolkata", company: "Asia/Kolkata" };
  expect(responseDueText(dueAt, new Date(dueAt.getTime() - minutes(60)), zones)).toBe("within the hour");
  expect(responseDueText(dueAt, new Date(dueAt.getTime() - minutes(5)), zones)).toBe("within the hour");
  expect(responseDueText(dueAt, new Date(dueAt.getTime() - minutes(61)), zones)).toBe("by 10:10 on Monday, 30 November, your time");
});

test("the visitor's own zone moves the clock and the day", () => {
  expect(responseDueText(dueAt, fridayEvening, { visitor: "Europe/Berlin", company: "Asia/Kolkata" })).toBe("by 05:40 on Monday, 30 November, your time");
  expect(responseDueText(dueAt, fridayEvening, { visitor: "America/Los_Angeles", company: "Asia/Kolkata" })).toBe("by 20:40 on Sunday, 29 November, your time");
});

test("without the visitor's zone the time is the company's, with the zone named in words", () => {
  expect(responseDueText(dueAt, fridayEvening, { visitor: null, company: "Asia/Kolkata" })).toBe("by 10:10 on Monday, 30 November, India Standard Time");
  // The name follows daylight saving at the due time itself.
  expect(dueByNamedZone(new Date("2026-07-06T09:10:00Z"), "Europe/London")).toBe("by 10:10 on Monday, 6 July, British Summer Time");
  expect(dueByNamedZone(dueAt, "Europe/London")).toBe("by 04:40 on Monday, 30 November, Greenwich Mean Time");
});

test("only a time zone the runtime knows is taken from the form; anything else is ignored", () => {
  expect(readVisitorTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
  expect(readVisitorTimeZone(" America/Argentina/Buenos_Aires ")).toBe("America/Argentina/Buenos_Aires");
  // Chromium still reports India under its older name; the current one is kept.
  expect(readVisitorTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
  expect(readVisitorTimeZone("UTC")).toBe("UTC");
  for (const bad of ["Mars/Olympus_Mons", "+05:30", "Europe/Berlin<script>", "", "x".repeat(65), "Europe/" + "A".repeat(200), undefined, null, 42]) {
    expect(readVisitorTimeZone(bad)).toBeNull();
  }
});
