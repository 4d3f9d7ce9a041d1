import { businessMinutesBetween, formatBusinessMinutes, type BusinessHours } from "#app/features/leads/business-time.ts";

/*
 * A lead's response clock as staff read it: waiting ("due in 23 min"),
 * overdue ("overdue by 2 h 05 min") or answered ("Answered 12 min after
 * arrival"), all counted in business time.
 */

export type LeadClock = { state: "waiting" | "overdue" | "answered"; text: string };

type ClockedLead = { submittedAt: string | Date; dueAt: string | Date; firstResponseAt: string | Date | null };

/** Where the lead's clock stands at `now`. */
export function leadClock(lead: ClockedLead, now: Date, hours: BusinessHours): LeadClock {
  const dueAt = new Date(lead.dueAt);
  if (lead.firstResponseAt === null) return waitingClock(dueAt, now, hours);
  const answeredAt = new Date(lead.firstResponseAt);
  const took = formatBusinessMinutes(Math.max(0, businessMinutesBetween(new Date(lead.submittedAt), answeredAt, hours)));
  return { state: "answered", text: `Answered ${took} after arrival${answeredAt > dueAt ? ", later than promised" : ""}` };
}

/** "due in 23 min", "due now", "overdue by 2 h 05 min", counted in business time. */
function waitingClock(dueAt: Date, now: Date, hours: BusinessHours): LeadClock {
  const left = businessMinutesBetween(now, dueAt, hours);
  if (now.getTime() >= dueAt.getTime()) {
    // Past due after closing time: no business minute has gone by since.
    return { state: "overdue", text: left < 0 ? `overdue by ${formatBusinessMinutes(-left)}` : "overdue" };
  }
  return { state: "waiting", text: left === 0 ? "due now" : `due in ${formatBusinessMinutes(left)}` };
}
