import { hasWorkingTime, minutesOfDay, timeOfDayText, type BusinessHours, type Holiday, type Weekday } from "#app/features/leads/business-time.ts";
import { currentTimeZoneName } from "#app/features/zoned-time.ts";

/*
 * The business hours form: its fields as the page draws them and the
 * server reads them back. Each day is a checkbox of its own (the form reader
 * keeps one value per name); holidays are one line each, "2026-12-25 Christmas Day".
 */

export const weekdays: readonly { day: Weekday; field: string; label: string }[] = [
  { day: 1, field: "day1", label: "Monday" },
  { day: 2, field: "day2", label: "Tuesday" },
  { day: 3, field: "day3", label: "Wednesday" },
  { day: 4, field: "day4", label: "Thursday" },
  { day: 5, field: "day5", label: "Friday" },
  { day: 6, field: "day6", label: "Saturday" },
  { day: 7, field: "day7", label: "Sunday" },
];

export const businessHoursFields = ["timeZone", ...weekdays.map((weekday) => weekday.field), "start", "end", "holidays"];

export const businessHoursLabels: Record<string, string> = {
  timeZone: "Time zone",
  ...Object.fromEntries(weekdays.map((weekday) => [weekday.field, weekday.label])),
  start: "Work starts at",
  end: "Work ends at",
  holidays: "Holidays",
};

export const MAX_HOLIDAYS = 200;
const MAX_HOLIDAY_NAME = 100;

/** The form's text values for hours already saved (or the defaults). */
export function businessHoursValues(hours: BusinessHours): Record<string, string> {
  return {
    timeZone: hours.timeZone,
    ...Object.fromEntries(weekdays.filter((weekday) => hours.workingDays.includes(weekday.day)).map((weekday) => [weekday.field, "on"])),
    start: timeOfDayText(hours.start),
    end: timeOfDayText(hours.end),
    holidays: hours.holidays.map((holiday) => `${holiday.date}${holiday.name ? ` ${holiday.name}` : ""}`).join("\n"),
  };
}

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The holidays textarea: one date a line with an optional name after it; a sentence for the first line that is not one. */
export function readHolidays(text: string): { ok: true; holidays: Holiday[] } | { ok: false; message: string } {
  const holidays: Holiday[] = [];
  const lines = text.split("\n").map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (line === "") continue;
    const [, date = "", name = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (!isCalendarDate(date)) {
      return { ok: false, message: `Holidays, line ${index + 1}: start the line with a date written as 2026-12-25, then the holiday's name if you like.` };
    }
    if (name.length > MAX_HOLIDAY_NAME) return { ok: false, message: `Holidays, line ${index + 1}: keep the name to ${MAX_HOLIDAY_NAME} characters.` };
    if (holidays.some((holiday) => holiday.date === date)) return { ok: false, message: `Holidays, line ${index + 1}: ${date} is already on the list.` };
    holidays.push({ date, name });
  }
  if (holidays.length > MAX_HOLIDAYS) return { ok: false, message: `List at most ${MAX_HOLIDAYS} holidays; remove the ones that have passed.` };
  return { ok: true, holidays: holidays.sort((a, b) => a.date.localeCompare(b.date)) };
}

export type BusinessHoursInput = { ok: true; hours: BusinessHours } | { ok: false; message: string; errors: Record<string, string> };

/**
 * The posted form as business hours, or a sentence per field that is wrong;
 * hours that leave no working time in the coming year (no day ticked, a start
 * not before the end, every working day a holiday) are refused as a whole.
 */
export function readBusinessHoursForm(values: Record<string, string | undefined>, now: Date): BusinessHoursInput {
  const errors: Record<string, string> = {};
  const timeZone = currentTimeZoneName(values.timeZone ?? "") ?? "";
  if (!timeZone) errors.timeZone = "Enter a time zone by its IANA name, such as Asia/Kolkata or Europe/London.";
  const workingDays = weekdays.filter((weekday) => values[weekday.field] === "on").map((weekday) => weekday.day);
  if (workingDays.length === 0) errors.day1 = "Tick at least one working day.";
  const start = minutesOfDay(values.start ?? "");
  if (start === null) errors.start = "Enter the time work starts as hours and minutes, such as 09:30.";
  const end = minutesOfDay(values.end ?? "");
  if (end === null) errors.end = "Enter the time work ends as hours and minutes, such as 18:30.";
  else if (start !== null && start >= end) errors.end = "Work must end later in the day than it starts.";
  const holidays = readHolidays(values.holidays ?? "");
  if (!holidays.ok) errors.holidays = holidays.message;
  const first = Object.values(errors)[0];
  if (first !== undefined || !holidays.ok) return { ok: false, message: first ?? "", errors };
  const hours: BusinessHours = { timeZone, workingDays, start: start!, end: end!, holidays: holidays.holidays };
  if (!hasWorkingTime(hours, now)) {
    const message = "Every working day of the coming year is a holiday: leads would never fall due. Tick more days or remove holidays.";
    return { ok: false, message, errors: { holidays: message } };
  }
  return { ok: true, hours };
}
