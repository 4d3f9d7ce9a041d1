import { minutesOfDay, timeOfDayText } from "#app/features/leads/business-time.ts";
import { instantOf, wallTimeOf } from "#app/features/zoned-time.ts";
import type { DigestCadence } from "#app/platform/db/schema.server.ts";

/*
 * When the digest of new insights falls due (decision 079), and its form's
 * fields. Times are wall-clock times in the company's zone (the business
 * hours'), so a weekly digest at 09:00 stays at 09:00 across daylight saving.
 */

export type DigestSchedule = {
  enabled: boolean;
  cadence: DigestCadence;
  /** ISO weekday, 1 (Monday) to 7 (Sunday). */
  weekday: number;
  /** 1 to 28: every month has it. */
  monthDay: number;
  /** Minutes after midnight. */
  minuteOfDay: number;
};

export const DEFAULT_DIGEST_SCHEDULE: DigestSchedule = { enabled: false, cadence: "weekly", weekday: 1, monthDay: 1, minuteOfDay: 9 * 60 };

export const LAST_MONTH_DAY = 28;

export const digestWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export const digestFields = ["enabled", "cadence", "weekday", "monthDay", "time"];

export const digestLabels: Record<string, string> = {
  enabled: "Send the digest",
  cadence: "How often",
  weekday: "Day of the week",
  monthDay: "Day of the month",
  time: "Time of day",
};

type CalendarDate = { year: number; month: number; day: number };

/** The calendar date `days` after `date` (negative: before); Date.UTC carries over months and years. */
function addDays({ year, month, day }: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The `day` of the month `months` after the month of `date`. */
function addMonths({ year, month }: CalendarDate, months: number, day: number): CalendarDate {
  const moved = new Date(Date.UTC(year, month - 1 + months, 1));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day };
}

/** The period before or after the one due on `date` (`step` periods on). */
function stepped(schedule: DigestSchedule, date: CalendarDate, step: number): CalendarDate {
  return schedule.cadence === "weekly" ? addDays(date, 7 * step) : addMonths(date, step, schedule.monthDay);
}

const instantOn = (date: CalendarDate, minuteOfDay: number, timeZone: string) =>
  instantOf({ ...date, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 }, timeZone);

/**
 * The last time the digest fell due at or before `now`, the due time before
 * that (where a first digest's period starts), and the next one.
 */
export function digestDueTimes(schedule: DigestSchedule, timeZone: string, now: Date): { due: Date; previous: Date; next: Date } {
  const today = wallTimeOf(now.getTime(), timeZone);
  let date: CalendarDate;
  if (schedule.cadence === "weekly") {
    const isoWeekday = ((new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7) + 1;
    date = addDays(today, -((isoWeekday - schedule.weekday + 7) % 7));
  } else {
    date = { year: today.year, month: today.month, day: schedule.monthDay };
  }
  if (instantOn(date, schedule.minuteOfDay, timeZone) > now.getTime()) date = stepped(schedule, date, -1);
  const at = (step: number) => new Date(instantOn(stepped(schedule, date, step), schedule.minuteOfDay, timeZone));
  return { due: at(0), previous: at(-1), next: at(1) };
}

/** The form's text values of a schedule. */
export function digestValues(schedule: DigestSchedule): Record<string, string> {
  return {
    ...(schedule.enabled ? { enabled: "on" } : {}),
    cadence: schedule.cadence,
    weekday: String(schedule.weekday),
    monthDay: String(schedule.monthDay),
    time: timeOfDayText(schedule.minuteOfDay),
  };
}

/** The form's values as a schedule, or the sentence (and its field) of the first that is not one. */
export function readDigestForm(
  values: Record<string, string | undefined>,
): { ok: true; schedule: DigestSchedule } | { ok: false; field: string; message: string } {
  const cadence = values.cadence;
  if (cadence !== "weekly" && cadence !== "monthly") return { ok: false, field: "cadence", message: "Choose weekly or monthly." };
  const weekday = Number(values.weekday);
  if (!/^[1-7]$/.test(values.weekday ?? "")) return { ok: false, field: "weekday", message: "Choose a day of the week." };
  const monthDay = Number(values.monthDay);
  if (!/^[1-9][0-9]?$/.test(values.monthDay ?? "") || monthDay > LAST_MONTH_DAY)
    return { ok: false, field: "monthDay", message: `Choose a day of the month from 1 to ${LAST_MONTH_DAY}.` };
  const minuteOfDay = minutesOfDay(values.time ?? "");
  if (minuteOfDay === null) return { ok: false, field: "time", message: "Write the time of day on the 24-hour clock, such as 09:00." };
  return { ok: true, schedule: { enabled: values.enabled === "on", cadence, weekday, monthDay, minuteOfDay } };
}
