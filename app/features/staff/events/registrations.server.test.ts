import { expect, test, vi } from "vitest";
import { allRegistrations, listRegistrations, readRegistrationQuery } from "#app/features/staff/events/registrations.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { eventRegistrations, events, type EventRegistrationStatus } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const queryOf = (search: string) => readRegistrationQuery(new Request(`https://example.com/staff/events${search}`));

test("the event filter must be an event's id, kept in the list's links with the other filters; anything else is refused with a sentence", () => {
  const query = queryOf("?event=7&status=waitlisted&q=ada");
  expect(query.event).toBe(7);
  expect(query.filters.toString()).toBe("q=ada&status=waitlisted&event=7");
  expect(queryOf("").event).toBeNull();
  expect(queryOf("?event=").filters.toString()).toBe("");
  for (const bad of ["summit", "0", "-1", "1.5", "1e3", "99999999999999999"]) {
    let thrown: unknown;
    try {
      queryOf(`?event=${bad}`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, bad).toMatchObject({ init: { status: 400 }, data: "The event in this address must be chosen from the list of events." });
  }
});

async function edition(db: Database, slug: string, year: number) {
  const [row] = await db
    .insert(events)
    .values({
      slug,
      title: "Kraf Summit",
      summary: "S",
      startsAt: new Date(Date.UTC(year, 2, 1)),
      endsAt: new Date(Date.UTC(year, 2, 2)),
      timeZone: "Asia/Kolkata",
      venue: { name: "", streetAddress: "", locality: "", region: "", postalCode: "", countryCode: "IN", mapUrl: "" },
      capacity: 10,
    })
    .returning({ id: events.id });
  return row!.id;
}

let sequence = 0;

function registration(eventId: number, fullName: string, status: EventRegistrationStatus) {
  sequence += 1;
  return {
    eventId,
    status,
    fullName,
    email: `guest${sequence}@example.com`,
    consentAt: new Date(),
    consentVersion: "1",
    reference: `EVT-2026-T${String(sequence).padStart(5, "0")}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, sequence)),
  };
}

for (const driver of await featureDrivers()) {
  test(`the list and its export show one edition's registrations when an event is chosen, with its own total (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const first = await edition(db, "summit-2026", 2026);
      const second = await edition(db, "summit-2027", 2027);
      await db
        .insert(eventRegistrations)
        .values([
          registration(first, "Asha Early", "registered"),
          registration(second, "Ben Later", "registered"),
          registration(first, "Chitra Waiting", "waitlisted"),
          registration(second, "Dev Waiting", "waitlisted"),
        ]);

      const listed = async (search: string) => {
        const query = queryOf(search);
        const page = await listRegistrations(db, query, query.cursor);
        return { names: page.rows.map((row) => row.fullName), total: page.total };
      };
      expect(await listed("")).toEqual({ names: ["Dev Waiting", "Chitra Waiting", "Ben Later", "Asha Early"], total: { n: 4, atLeast: false } });
      expect(await listed(`?event=${first}`)).toEqual({ names: ["Chitra Waiting", "Asha Early"], total: { n: 2, atLeast: false } });
      expect(await listed(`?event=${second}&status=waitlisted`)).toEqual({ names: ["Dev Waiting"], total: { n: 1, atLeast: false } });
      expect(await listed(`?event=${second}&q=asha`)).toEqual({ names: [], total: { n: 0, atLeast: false } });
      // An event with no registrations (or none at all by that id) lists nothing rather than everything.
      expect(await listed(`?event=${second + 100}`)).toEqual({ names: [], total: { n: 0, atLeast: false } });

      const exported: string[] = [];
      for await (const page of allRegistrations(db, queryOf(`?event=${second}`))) exported.push(...page.map((row) => `${row.fullName} (${row.event})`));
      expect(exported).toEqual(["Dev Waiting (Kraf Summit)", "Ben Later (Kraf Summit)"]);
    } finally {
      await database.dispose();
    }
  });
}
