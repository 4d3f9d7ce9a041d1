import { expect, test } from "vitest";
import { eventCalendar } from "#app/features/events/event-emails.server.ts";
import { eventJsonLd } from "#app/features/events/event-json-ld.ts";
import { eventStatusAt } from "#app/features/events/event-rules.ts";
import { formatDate, formatTimes, toEventView, type EventRow } from "#app/features/events/events.server.ts";

const row: EventRow = {
  id: 1,
  slug: "kraf-think-2026",
  title: "KRAF Think 2026",
  summary: "A day of talks.",
  startsAt: new Date("2026-12-04T04:00:00Z"),
  endsAt: new Date("2026-12-04T12:00:00Z"),
  timeZone: "Asia/Kolkata",
  venue: {
    name: "Hall, A",
    streetAddress: "Road 1",
    locality: "New Delhi",
    region: "Delhi",
    postalCode: "110003",
    countryCode: "IN",
    mapUrl: "https://www.openstreetmap.org/",
  },
  agenda: [],
  speakers: [{ name: "Asha Rao", role: "CTO", organisation: "Kraf Technologies", bio: "Builds things." }],
  capacity: 2,
  recap: [],
  recapPhotos: [],
  status: "published",
  registrationOpensAt: null,
  registrationClosesAt: null,
  revision: 1,
  updatedAt: new Date(),
};

test("an event is upcoming until it starts, live until it ends, then past", () => {
  expect(eventStatusAt(new Date("2026-12-04T03:59:59.999Z"), row.startsAt, row.endsAt)).toBe("upcoming");
  expect(eventStatusAt(row.startsAt, row.startsAt, row.endsAt)).toBe("live");
  expect(eventStatusAt(new Date("2026-12-04T11:59:59Z"), row.startsAt, row.endsAt)).toBe("live");
  expect(eventStatusAt(row.endsAt, row.startsAt, row.endsAt)).toBe("past");
});

test("dates and times read in the event's own time zone; an event over two days names the second", () => {
  expect(formatDate(row.startsAt, row.timeZone)).toBe("Friday, 4 December 2026");
  expect(formatTimes(row.startsAt, row.endsAt, row.timeZone)).toBe("09:30–17:30 IST");
  expect(formatTimes(row.startsAt, new Date("2026-12-05T06:30:00Z"), row.timeZone)).toBe("09:30 IST to Saturday, 5 December 2026, 12:00");
});

test("the view says when every place is taken, and the offer in the structured data follows", () => {
  const now = new Date("2026-12-01T00:00:00Z");
  expect(toEventView(row, 1, now)).toMatchObject({ status: "upcoming", full: false });
  const full = toEventView(row, 2, now);
  expect(full.full).toBe(true);
  expect(eventJsonLd(toEventView(row, 1, now), "https://www.example.com")).toMatchObject({
    url: "https://www.example.com/events/kraf-think-2026",
    startDate: "2026-12-04T04:00:00.000Z",
    offers: { availability: "https://schema.org/InStock", price: 0 },
    performer: [{ "@type": "Person", name: "Asha Rao" }],
  });
  expect(eventJsonLd(full, "https://www.example.com")).toMatchObject({ offers: { availability: "https://schema.org/SoldOut" } });
});

test("the calendar file holds the event in UTC with its place escaped, under a stable id", () => {
  const { filename, content } = eventCalendar({
    event_title: "KRAF Think 2026",
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    event_uid: "kraf-think-2026@www.example.com",
    venue_text: "Hall, A; Road 1",
    page_url: "https://www.example.com/kraf-think-2026",
  });
  expect(filename).toBe("kraf-think-2026.ics");
  expect(content).toContain("METHOD:PUBLISH");
  expect(content).toContain("UID:kraf-think-2026@www.example.com");
  expect(content).toContain("DTSTART:20261204T040000Z");
  expect(content).toContain("DTEND:20261204T120000Z");
  expect(content).toContain("LOCATION:Hall\\, A\\; Road 1");
});
