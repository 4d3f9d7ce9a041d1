import { instantOf, wallTimeOf } from "#app/features/zoned-time.ts";

/*
 * Business time (decision 036): the minutes a company is open, by its own
 * clock. A lead's due time is its arrival plus the promised business minutes;
 * "due in" and "overdue by" count business minutes between two instants.
 * Every working day is turned into its opening and closing instants in the
 * zone on its own, so a daylight-saving change only moves that day's instants.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type Holiday = { /** "2026-12-25", a date in the hours' zone. */ date: string; name: string };

export type BusinessHours = {
  /** An IANA zone, e.g. "Asia/Kolkata". */
  timeZone: string;
  workingDays: readonly Weekday[];
  /** Minutes after midnight when the day's work starts and ends ("09:30" is 570); start before end. */
  start: number;
  end: number;
  holidays: readonly Holiday[];
};

/** Before anyone saves other hours: Monday to Friday, 09:30 to 18:30 in India. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  timeZone: "Asia/Kolkata",
  workingDays: [1, 2, 3, 4, 5],
  start: 9 * 60 + 30,
  end: 18 * 60 + 30,
  holidays: [],
};

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How far the arithmetic looks for open time; saved hours always have some within a year. */
const SEARCH_DAYS = 3 * 366;

/** A calendar date in the hours' zone, held as midnight UTC of that date so days can be added without a zone. */
type CalendarDay = number;

function dayOf(instant: number, timeZone: string): CalendarDay {
  const { year, month, day } = wallTimeOf(instant, timeZone);
  return Date.UTC(year, month - 1, day);
}

function dateText(day: CalendarDay): string {
  return new Date(day).toISOString().slice(0, 10);
}

function weekdayOf(day: CalendarDay): Weekday {
  return (((new Date(day).getUTCDay() + 6) % 7) + 1) as Weekday;
}

/** "09:30" → 570; anything else → null. */
export function minutesOfDay(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 570 → "09:30". */
export function timeOfDayText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

type Openings = Map<CalendarDay, readonly [number, number] | null>;

/**
 * Opening and closing instants of each calendar day, kept per set of hours
 * (the same hours arrive as a new object with every request): a list page
 * asks for the same days many times, and a lead overdue for a year for
 * hundreds of them. A few sets are kept, for the hours just replaced.
 */
const openingsByHours = new Map<string, Openings>();
const openingsOfObject = new WeakMap<BusinessHours, Openings>();
const HOURS_KEPT = 4;

function openingsOf(hours: BusinessHours): Openings {
  let openings = openingsOfObject.get(hours);
  if (openings) return openings;
  const key = JSON.stringify([hours.timeZone, hours.workingDays, hours.start, hours.end, hours.holidays]);
  openings = openingsByHours.get(key);
  if (!openings) {
    if (openingsByHours.size >= HOURS_KEPT) openingsByHours.delete(openingsByHours.keys().next().value!);
    openingsByHours.set(key, (openings = new Map()));
  }
  openingsOfObject.set(hours, openings);
  return openings;
}

/** The day's open interval as instants, or null when the day is not worked. */
function openingOf(hours: BusinessHours, day: CalendarDay): readonly [number, number] | null {
  const cache = openingsOf(hours);
  const cached = cache.get(day);
  if (cached !== undefined) return cached;
  let opening: readonly [number, number] | null = null;
  const date = dateText(day);
  if (hours.workingDays.includes(weekdayOf(day)) && !hours.holidays.some((holiday) => holiday.date === date)) {
    const at = (minutes: number) => {
      const wall = new Date(day + minutes * MINUTE_MS);
      return instantOf(
        { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() },
        hours.timeZone,
      );
    };
    const [opens, closes] = [at(hours.start), at(hours.end)];
    // A start or end inside a daylight-saving gap can meet the other; such a day has no open time.
    if (closes > opens) opening = [opens, closes];
  }
  cache.set(day, opening);
  return opening;
}

/** Whether the hours leave any working time within a year from `from` (so the arithmetic always ends). */
export function hasWorkingTime(hours: BusinessHours, from: Date): boolean {
  if (hours.workingDays.length === 0 || hours.start >= hours.end) return false;
  const first = dayOf(from.getTime(), hours.timeZone);
  for (let day = first; day < first + 366 * DAY_MS; day += DAY_MS) if (openingOf(hours, day)) return true;
  return false;
}

/** The instant `minutes` business minutes after `from`: a lead's due time. */
export function addBusinessMinutes(from: Date, minutes: number, hours: BusinessHours): Date {
  let left = minutes * MINUTE_MS;
  const first = dayOf(from.getTime(), hours.timeZone);
  for (let day = first; day < first + SEARCH_DAYS * DAY_MS; day += DAY_MS) {
    const opening = openingOf(hours, day);
    if (!opening) continue;
    const start = Math.max(opening[0], from.getTime());
    if (start > opening[1]) continue;
    if (left <= opening[1] - start) return new Date(start + left);
    left -= opening[1] - start;
  }
  throw new Error("These business hours have no working time in the next three years.");
}

/** Business milliseconds between two instants: negative when `to` is before `from`. */
function businessMsBetween(from: number, to: number, hours: BusinessHours): number {
  if (to < from) return -businessMsBetween(to, from, hours);
  let total = 0;
  const last = dayOf(to, hours.timeZone);
  for (let day = dayOf(from, hours.timeZone); day <= last; day += DAY_MS) {
    const opening = openingOf(hours, day);
    if (opening) total += Math.max(0, Math.min(opening[1], to) - Math.max(opening[0], from));
  }
  return total;
}

/** Whole business minutes from `from` to `to`, rounded down (negative when `to` is earlier). */
export function businessMinutesBetween(from: Date, to: Date, hours: BusinessHours): number {
  return Math.floor(businessMsBetween(from.getTime(), to.getTime(), hours) / MINUTE_MS);
}

/** 23 → "23 min", 65 → "1 h 05 min". */
export function formatBusinessMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
