import type { EventRegistrationStatus } from "#app/platform/db/schema.server.ts";

/** What each kind of registration means to staff, in the filter's order. */
export const eventRegistrationLabels: Record<EventRegistrationStatus, string> = {
  registered: "Has a place",
  waitlisted: "Waiting list",
  "next-edition": "Next edition",
};

export const allEventStatuses = Object.keys(eventRegistrationLabels) as EventRegistrationStatus[];

/** A registration's emails as staff read them in its delivery list. */
export const eventRegistrationEmailNames: Record<string, string> = {
  "event-registration": "Confirmation with the calendar invitation",
  "event-next-edition": "Confirmation of the next-edition request",
};
