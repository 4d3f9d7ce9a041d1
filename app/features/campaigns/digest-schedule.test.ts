import { expect, test } from "vitest";
import { DEFAULT_DIGEST_SCHEDULE, digestDueTimes, digestValues, readDigestForm } from "#app/features/campaigns/digest-schedule.ts";

const weekly = { ...DEFAULT_DIGEST_SCHEDULE, enabled: true, cadence: "weekly", weekday: 1, minuteOfDay: 9 * 60 } as const;
const monthly = { ...DEFAULT_DIGEST_SCHEDULE, enabled: true, cadence: "monthly", monthDay: 28, minuteOfDay: 18 * 60 + 30 } as const;
const iso = (times: { due: Date; previous: Date; next: Date }) => [times.previous.toISOString(), times.due.toISOString(), times.next.toISOString()];

test("a weekly digest falls due on its weekday at its time in the company's zone; before that time, the week before's is the last", () => {
  // Monday 16 November 2026, 09:00 in Kolkata is 03:30 UTC.
  expect(iso(digestDueTimes(weekly, "Asia/Kolkata", new Date("2026-11-16T03:30:00Z")))).toEqual([
    "2026-11-09T03:30:00.000Z",
    "2026-11-16T03:30:00.000Z",
    "2026-11-23T03:30:00.000Z",
  ]);
  expect(digestDueTimes(weekly, "Asia/Kolkata", new Date("2026-11-16T03:29:00Z")).due.toISOString()).toBe("2026-11-09T03:30:00.000Z");
  // A Sunday late at night UTC is already Monday morning in Kolkata, before 09:00.
  expect(digestDueTimes({ ...weekly, weekday: 7 }, "Asia/Kolkata", new Date("2026-11-15T20:00:00Z")).due.toISOString()).toBe("2026-11-15T03:30:00.000Z");
});

test("the wall-clock time holds across daylight saving, and a monthly digest steps back over the year's end", () => {
  // London moved to GMT on 25 October 2026: 09:00 is 08:00 UTC before, 09:00 UTC after.
  expect(iso(digestDueTimes(weekly, "Europe/London", new Date("2026-10-27T12:00:00Z")))).toEqual([
    "2026-10-19T08:00:00.000Z",
    "2026-10-26T09:00:00.000Z",
    "2026-11-02T09:00:00.000Z",
  ]);
  expect(iso(digestDueTimes(monthly, "UTC", new Date("2027-01-10T00:00:00Z")))).toEqual([
    "2026-11-28T18:30:00.000Z",
    "2026-12-28T18:30:00.000Z",
    "2027-01-28T18:30:00.000Z",
  ]);
});

test("the form reads a schedule back, and refuses a day or time that is not one with a sentence beside its field", () => {
  const values = digestValues({ ...monthly, cadence: "monthly" });
  expect(values).toEqual({ enabled: "on", cadence: "monthly", weekday: "1", monthDay: "28", time: "18:30" });
  expect(readDigestForm(values)).toEqual({ ok: true, schedule: monthly });
  expect(readDigestForm({ ...values, enabled: undefined })).toMatchObject({ ok: true, schedule: { enabled: false } });
  expect(readDigestForm({ ...values, cadence: "daily" })).toMatchObject({ ok: false, field: "cadence" });
  expect(readDigestForm({ ...values, weekday: "8" })).toMatchObject({ ok: false, field: "weekday" });
  expect(readDigestForm({ ...values, monthDay: "29" })).toMatchObject({ ok: false, field: "monthDay" });
  expect(readDigestForm({ ...values, monthDay: "0" })).toMatchObject({ ok: false, field: "monthDay" });
  expect(readDigestForm({ ...values, time: "24:00" })).toMatchObject({ ok: false, field: "time" });
});
