import { businessMinutesBetween, formatBusinessMinutes, type BusinessHours } from "#app/features/leads/business-time.ts";

/*
 * A lead's response clock as staff read it: waiting ("due in 23 min"),
 * overdue ("overdue by 2 h 05 min"), answered ("Answered 12 min after
 * arrival"), all counted in business time, or closed: a lead marked spam or
 * lost before anyone answered is owed no response, so it is neither waiting
 * nor overdue (the lists' urgent orders and the staff home read it the same way).
 */

export type LeadClock = { state: "waiting" | "overdue" | "answered" | "closed"; text: string };

type ClockedLead = { submittedAt: string | Date; dueAt: string | Date; firstResponseAt: string | Date | null; status: string };

/** The statuses that close a lead's clock when it has had no response. */
export const CLOSED_WITHOUT_RESPONSE: readonly string[] = ["spam", "lost"];

/** Where the lead's clock stands at `now`. */
export function leadClock(lead: ClockedLead, now: Date, hours: BusinessHours): LeadClock {
  const dueAt = new Date(lead.dueAt);
  if (lead.firstResponseAt === null && CLOSED_WITHOUT_RESPONSE.includes(lead.status)) {
    return { state: "closed", text: `No response due: marked ${lead.status}` };
  }
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
