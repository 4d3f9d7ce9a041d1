import { wallTimeOf } from "#app/features/zoned-time.ts";

/*
 * The figures' period: whole calendar days in the business hours' time zone,
 * named in the address as ?from=2026-11-01&to=2026-11-30 (both included), so a
 * period can be bookmarked and shared and works without JavaScript.
 */

export const PERIOD_PRESETS = [7, 30, 90] as const;
export const DEFAULT_PERIOD_DAYS = 30;
/** A year and a day: a leap year's figures fit, and one request never reads more. */
export const MAX_PERIOD_DAYS = 366;

export type Period = { /** "2026-11-01" */ from: string; /** "2026-11-30", included. */ to: string; days: number };

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in `timeZone`, "2026-11-26". */
export function todayIn(timeZone: string, now: Date): string {
  const { year, month, day } = wallTimeOf(now.getTime(), timeZone);
  return dateText(Date.UTC(year, month - 1, day));
}

function dateText(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

/** "2026-11-26" → its midnight UTC, or null when it is no calendar date (2026-02-30, 26/11/2026). */
export function dateValue(text: string): number | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = Date.UTC(year, month - 1, day);
  const back = new Date(value);
  if (year < 2000 || year > 2100 || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return value;
}

/** The last `days` days, today included. */
export function presetPeriod(days: number, today: string): Period {
  const end = dateValue(today)!;
  return { from: dateText(end - (days - 1) * DAY_MS), to: today, days };
}

/** Every date of the period, in order. */
export function datesOf(period: Period): string[] {
  const start = dateValue(period.from)!;
  return Array.from({ length: period.days }, (_, index) => dateText(start + index * DAY_MS));
}

export type PeriodAnswer = { ok: true; period: Period } | { ok: false; message: string; from: string; to: string };

/**
 * The period an address asks for: both dates, or one (from a date to today;
 * the 30 days up to a date), or none (the last 30 days). A date that is not
 * one, a start after the end or a span over MAX_PERIOD_DAYS is answered with
 * a sentence saying what to change.
 */
export function readPeriod(search: URLSearchParams, today: string): PeriodAnswer {
  const fromText = (search.get("from") ?? "").trim().slice(0, 40);
  const toText = (search.get("to") ?? "").trim().slice(0, 40);
  if (!fromText && !toText) return { ok: true, period: presetPeriod(DEFAULT_PERIOD_DAYS, today) };
  const refuse = (message: string): PeriodAnswer => ({ ok: false, message, from: fromText, to: toText });
  for (const [label, text] of [
    ["start", fromText],
    ["end", toText],
  ] as const) {
    if (text && dateValue(text) === null)
      return refuse(`The ${label} date “${text}” is not a date between 2000 and 2100: write it as year-month-day, e.g. ${today}.`);
  }
  const end = toText ? dateValue(toText)! : fromText > today ? dateValue(fromText)! : dateValue(today)!;
  const start = fromText ? dateValue(fromText)! : end - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS;
  if (start > end) return refuse(`The period starts (${dateText(start)}) after it ends (${dateText(end)}): choose a start on or before the end.`);
  const days = (end - start) / DAY_MS + 1;
  if (days > MAX_PERIOD_DAYS) return refuse(`A period can be at most ${MAX_PERIOD_DAYS} days; ${dateText(start)} to ${dateText(end)} is ${days} days.`);
  return { ok: true, period: { from: dateText(start), to: dateText(end), days } };
}

/** The address parameters of a period. */
export function periodQuery(period: Pick<Period, "from" | "to">): string {
  return new URLSearchParams({ from: period.from, to: period.to }).toString();
}
