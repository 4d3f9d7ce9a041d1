import { currentTimeZoneName } from "#app/features/zoned-time.ts";

/*
 * When a visitor can expect the answer to a lead (decision 042): the lead's
 * stored due time, told in the visitor's own zone when their browser said
 * which it is, otherwise in the company's zone, named, so it is never wrong.
 */

/** The hidden field the consultation form sends the browser's IANA time zone in. */
export const VISITOR_TIME_ZONE_FIELD = "timeZone";

/** A due time this close (or closer) reads "within the hour". */
const WITHIN_THE_HOUR_MS = 60 * 60_000;

/** The posted time zone, by its current name, when it is one the runtime knows; anything else is ignored (null). */
export function readVisitorTimeZone(raw: unknown): string | null {
  return typeof raw === "string" ? currentTimeZoneName(raw) : null;
}

/** "10:10 on Monday, 30 November" as the clock reads in `timeZone`. */
export function dueClockText(dueAt: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).formatToParts(dueAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? "";
  return `${part("hour")}:${part("minute")} on ${part("weekday")}, ${part("day")} ${part("month")}`;
}

/** The zone's name in words at that moment: "India Standard Time", "British Summer Time". */
export function timeZoneName(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "long" }).formatToParts(at);
  return parts.find((each) => each.type === "timeZoneName")?.value ?? timeZone;
}

/** "by 10:10 on Monday, 30 November, India Standard Time": a time that names its zone, for an email read anywhere. */
export function dueByNamedZone(dueAt: Date, timeZone: string): string {
  return `by ${dueClockText(dueAt, timeZone)}, ${timeZoneName(timeZone, dueAt)}`;
}

/**
 * What the visitor's confirmation says after "Expect our answer": "within the
 * hour" when it is due within the next 60 minutes; otherwise "by 10:10 on
 * Monday, 30 November, your time" in the visitor's zone, or the company's
 * zone by name when the visitor's is not known.
 */
export function responseDueText(dueAt: Date, now: Date, zones: { visitor: string | null; company: string }): string {
  if (dueAt.getTime() - now.getTime() <= WITHIN_THE_HOUR_MS) return "within the hour";
  if (zones.visitor) return `by ${dueClockText(dueAt, zones.visitor)}, your time`;
  return dueByNamedZone(dueAt, zones.company);
}
