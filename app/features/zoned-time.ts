/*
 * Wall-clock times in an IANA time zone and the instants they name, through
 * Intl alone (the runtime's own zone data, so no library to keep current).
 */

/** A wall-clock reading in a zone: the calendar date and the minute of the day. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

const wallClock = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = wallClock(timeZone);
    } catch (error) {
      // A browser with older zone data knows a renamed zone (Europe/Kyiv) only by its old name; the clock is the same.
      const older = OLDER_NAMES.get(timeZone);
      if (!older) throw error;
      formatter = wallClock(older);
    }
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

/**
 * Zones the runtime's ICU data still calls by a name IANA has since replaced
 * (Node 20 answers "Asia/Calcutta" for Asia/Kolkata). A runtime that already
 * answers with the current name never meets these keys.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

const OLDER_NAMES = new Map(Object.entries(RENAMED_ZONES).map(([older, current]) => [current, older]));

/** Longer than any IANA name ("America/Argentina/ComodRivadavia" is 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The zone's current IANA name when `name` is one of the runtime's zones
 * (`Intl.supportedValuesOf("timeZone")`, or UTC) under any of its names, with
 * or without the right case ("asia/calcutta" → "Asia/Kolkata"); otherwise
 * null. Offsets such as "+05:30" are refused: they know no daylight saving.
 */
export function currentTimeZoneName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > TIME_ZONE_MAX_LENGTH || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(trimmed) || !isTimeZone(trimmed)) return null;
  const resolved = new Intl.DateTimeFormat("en-US", { timeZone: trimmed }).resolvedOptions().timeZone;
  if (resolved !== "UTC" && !supportedZones().has(resolved)) return null;
  return RENAMED_ZONES[resolved] ?? resolved;
}

let supported: ReadonlySet<string> | undefined;
const supportedZones = () => (supported ??= new Set(Intl.supportedValuesOf("timeZone")));

let zoneNames: readonly string[] | undefined;

/** Every zone a person can choose, by its current IANA name, in alphabetical order (for a form's list of suggestions). */
export function timeZoneNames(): readonly string[] {
  zoneNames ??= [...new Set(["UTC", ...[...supportedZones()].map((zone) => RENAMED_ZONES[zone] ?? zone)])].sort();
  return zoneNames;
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

/**
 * "2026-12-01T09:30" read as a wall-clock time in `timeZone` → the instant;
 * anything that is not such a time → "invalid". In a daylight-saving gap the
 * clock reading that does not exist moves forward by the gap, as clocks do.
 */
export function instantFromLocalField(value: string | undefined, timeZone: string): Date | "invalid" {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec((value ?? "").trim());
  if (!match || !isTimeZone(timeZone)) return "invalid";
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return "invalid";
  return new Date(instantOf({ year, month, day, hour, minute }, timeZone));
}

/** The instant as the form's datetime-local field shows it, in `timeZone`. */
export function localFieldValue(date: Date, timeZone: string): string {
  const wall = new Date(date.getTime() + offsetAt(date.getTime(), timeZone));
  return wall.toISOString().slice(0, 16);
}
