/*
 * Wall-clock times in an IANA time zone and the instants they name, through
 * Intl alone (the runtime's own zone data, so no library to keep current).
 */

/** A wall-clock reading in a zone: the calendar date and the minute of the day. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The offset of `timeZone` from UTC at `instant`, in milliseconds (east positive). */
export function offsetAt(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Whether the name is a time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/**
 * The instant a wall-clock reading names in `timeZone`. In a daylight-saving
 * gap the reading that does not exist moves forward by the gap, as clocks do.
 */
export function instantOf({ year, month, day, hour, minute }: WallTime, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset at the answer itself, not at the guess.
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** The wall-clock reading in `timeZone` at `instant`. */
export function wallTimeOf(instant: number, timeZone: string): WallTime {
  const wall = new Date(instant + offsetAt(instant, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}
