import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_BUSINESS_HOURS } from "#app/features/leads/business-time.ts";
import { wallTimeOf } from "#app/features/zoned-time.ts";

/*
 * Every moment the staff area shows is told in the reader's own time zone
 * (decision 053): the one saved on their account, or the company's. The text
 * is built from the wall-clock numbers alone, not from a locale's pattern, so
 * the server's HTML and the browser's hydration say the same words whatever
 * ICU version each runs.
 */

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const twoDigits = (n: number) => String(n).padStart(2, "0");

/** "26 Nov 2026, 19:58": the moment as the clock reads it in `timeZone`. */
export function formatStaffTime(value: Date | string, timeZone: string): string {
  const { year, month, day, hour, minute } = wallTimeOf(new Date(value).getTime(), timeZone);
  return `${day} ${months[month - 1]} ${year}, ${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** "26 Nov 2026": the day it was in `timeZone`. */
export function formatStaffDate(value: Date | string, timeZone: string): string {
  const { year, month, day } = wallTimeOf(new Date(value).getTime(), timeZone);
  return `${day} ${months[month - 1]} ${year}`;
}

const StaffTimeZoneContext = createContext<string>(DEFAULT_BUSINESS_HOURS.timeZone);

/** Gives the pages inside it the signed-in person's time zone. */
export function StaffTimeZone({ value, children }: { value: string; children: ReactNode }) {
  return <StaffTimeZoneContext value={value}>{children}</StaffTimeZoneContext>;
}

/** The zone the staff area tells times in for the signed-in person. */
export function useStaffTimeZone(): string {
  return useContext(StaffTimeZoneContext);
}

/** A moment in the signed-in person's time zone, the same on the server and after hydration. */
export function LocalTime({ value }: { value: string | Date }) {
  const timeZone = useStaffTimeZone();
  const date = new Date(value);
  return <time dateTime={date.toISOString()}>{formatStaffTime(date, timeZone)}</time>;
}

/** The day of a moment in the signed-in person's time zone, for where the hour would be noise (a board's cards). */
export function LocalDate({ value }: { value: string | Date }) {
  const timeZone = useStaffTimeZone();
  const date = new Date(value);
  return <time dateTime={date.toISOString()}>{formatStaffDate(date, timeZone)}</time>;
}
