import { expect, test } from "vitest";
import { DEFAULT_BUSINESS_HOURS, formatBusinessMinutes } from "#app/features/leads/business-time.ts";
import { leadClock } from "#app/features/leads/lead-clock.ts";

const india = DEFAULT_BUSINESS_HOURS;
const at = (iso: string) => new Date(iso);

test("the clock says due in, overdue by or answered after, in business hours and minutes", () => {
  const waiting = (dueAt: Date) => ({ submittedAt: at("2026-11-27T18:10:00+05:30"), dueAt, firstResponseAt: null, status: "new" });
  const dueAt = at("2026-11-30T10:10:00+05:30");
  expect(leadClock(waiting(dueAt), at("2026-11-30T09:47:00+05:30"), india)).toEqual({ state: "waiting", text: "due in 23 min" });
  // From Friday evening only Monday's 40 minutes count.
  expect(leadClock(waiting(dueAt), at("2026-11-27T19:00:00+05:30"), india)).toEqual({ state: "waiting", text: "due in 40 min" });
  expect(leadClock(waiting(at("2026-11-30T12:00:00+05:30")), at("2026-11-30T10:55:00+05:30"), india)).toEqual({ state: "waiting", text: "due in 1 h 05 min" });
  expect(leadClock(waiting(dueAt), at("2026-11-30T12:15:00+05:30"), india)).toEqual({ state: "overdue", text: "overdue by 2 h 05 min" });
  expect(leadClock(waiting(dueAt), at("2026-11-30T10:09:30+05:30"), india)).toEqual({ state: "waiting", text: "due now" });
  expect(leadClock(waiting(at("2026-11-30T18:30:00+05:30")), at("2026-11-30T19:00:00+05:30"), india)).toEqual({ state: "overdue", text: "overdue" });
  // Arrived Friday 18:10, answered Monday 09:42: 20 business minutes on Friday and 12 on Monday.
  expect(leadClock({ ...waiting(dueAt), firstResponseAt: at("2026-11-30T09:42:00+05:30") }, at("2026-12-01T12:00:00Z"), india)).toEqual({
    state: "answered",
    text: "Answered 32 min after arrival",
  });
  expect(leadClock({ ...waiting(dueAt), firstResponseAt: at("2026-11-30T11:00:00+05:30") }, at("2026-12-01T12:00:00Z"), india)).toEqual({
    state: "answered",
    text: "Answered 1 h 50 min after arrival, later than promised",
  });
  // Marked spam or lost before an answer: owed nothing, however late; answered first, the answer stands.
  expect(leadClock({ ...waiting(dueAt), status: "spam" }, at("2026-11-30T12:15:00+05:30"), india)).toEqual({
    state: "closed",
    text: "No response due: marked spam",
  });
  expect(leadClock({ ...waiting(dueAt), status: "lost" }, at("2026-11-30T12:15:00+05:30"), india)).toEqual({
    state: "closed",
    text: "No response due: marked lost",
  });
  expect(leadClock({ ...waiting(dueAt), status: "lost", firstResponseAt: at("2026-11-30T09:42:00+05:30") }, at("2026-12-01T12:00:00Z"), india)).toMatchObject({
    state: "answered",
  });
  expect(formatBusinessMinutes(0)).toBe("0 min");
  expect(formatBusinessMinutes(600)).toBe("10 h 00 min");
});
