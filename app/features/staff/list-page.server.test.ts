import { and, sql, sum } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { countedRows, countUpTo, COUNT_CAP, cursorOf, foldListCounts, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { LIST_PAGE_SIZE, readListQuery, type ListCursor } from "#app/features/staff/list-query.server.ts";
import { totalText } from "#app/features/staff/list-ui.tsx";
import { rowsOf, type Database } from "#app/platform/db/client.server.ts";
import { consultations, eventRegistrations, events, listCounts, newsletterSubscriptions, outbox } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const drivers = await featureDrivers();

const order: ListOrder = { time: newsletterSubscriptions.timestamp, id: newsletterSubscriptions.id };

/** The subscribers list's page through the core, as a list reads it. */
function page(db: Database, cursor: ListCursor | null) {
  return readListPage(
    order,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({ id: newsletterSubscriptions.id, cursor: cursorOf(order) })
        .from(newsletterSubscriptions)
        .where(and(keyset))
        .orderBy(...orderBy)
        .limit(limit),
    () => countUpTo(db, newsletterSubscriptions, undefined),
  );
}

/** A page link as the address carries it, read back as the list's loader reads it. */
function follow(direction: "older" | "newer", cursor: string | null): ListCursor {
  const query = readListQuery(new Request(`https://example.com/staff/subscribers?${new URLSearchParams({ [direction]: cursor! })}`));
  return query.cursor!;
}

test("a page link is read from the address, and one that cannot be a cursor answers 400", () => {
  const read = (search: string) => readListQuery(new Request(`https://example.com/staff/consultations${search}`));
  // The links keep the search and filters, never the page or a notice.
  expect(read("?q=ann&older=5-1&notice=erased").filters.toString()).toBe("q=ann");
  expect(read("?older=1767258000000001-42").cursor).toEqual({ direction: "older", at: "1767258000000001", id: 42 });
  expect(read("?newer=5-1&q=a").cursor).toEqual({ direction: "newer", at: "5", id: 1 });
  expect(read("").cursor).toBeNull();
  for (const bad of ["?older=", "?older=abc", "?older=12", "?older=12-0", "?older=-5-1", "?newer=1-99999999999999999", "?older=1-1&newer=1-1"]) {
    let thrown: unknown;
    try {
      read(bad);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, bad).toMatchObject({ init: { status: 400 }, data: "This page link of the list is damaged. Open the list again from the navigation." });
  }
});

test("a lead source is read from the address in lower case and kept in the list's links; one no link could carry answers 400", () => {
  const read = (search: string) => readListQuery(new Request(`https://example.com/staff/consultations${search}`));
  const query = read("?source=%20LinkedIn%20&q=ann&older=5-1");
  expect(query.source).toBe("linkedin");
  expect(query.filters.toString()).toBe("q=ann&source=linkedin");
  expect(read("?source=").source).toBeNull();
  for (const bad of ["?source=a%0Ab", `?source=${"x".repeat(201)}`]) {
    expect(() => read(bad), bad).toThrow();
    try {
      read(bad);
    } catch (error) {
      expect(error).toMatchObject({ init: { status: 400 } });
    }
  }
});

test("totals read as numbers past the cap", () => {
  expect(totalText({ n: 1, atLeast: false }, "subscriber", "subscribers")).toBe("1 subscriber");
  expect(totalText({ n: 12_345, atLeast: false }, "subscriber", "subscribers")).toBe("12,345 subscribers");
  expect(totalText({ n: COUNT_CAP, atLeast: true }, "subscriber", "subscribers")).toBe("1,000+ subscribers");
});

for (const driver of drivers) {
  test(`keyset pages: older to the end and newer back to the top give every row once, rows a microsecond apart or at the same time included (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      // 70 rows: pairs that share a time to the microsecond, and times a microsecond apart, in an id order unlike the time order.
      await db.execute(sql`
        insert into newsletter_subscriptions (email, timestamp)
        select 'reader' || i || '@example.com', timestamptz '2026-01-01 09:00:00+00' + ((i * 37) % 70 / 2) * interval '1 microsecond'
        from generate_series(1, 70) as i`);
      const expected = rowsOf<{ id: number }>(await db.execute(sql`select id::int as id from newsletter_subscriptions order by timestamp desc, id desc`)).map(
        (row) => row.id,
      );

      const first = await page(db, null);
      expect(first.newer).toBeNull();
      const pages = [first];
      while (pages.at(-1)!.older !== null) pages.push(await page(db, follow("older", pages.at(-1)!.older)));
      expect(pages.map((each) => each.rows.length)).toEqual([LIST_PAGE_SIZE, LIST_PAGE_SIZE, 70 - 2 * LIST_PAGE_SIZE]);
      expect(pages.flatMap((each) => each.rows.map((row) => row.id))).toEqual(expected);

      // Back up: each "Newer" shows the page that was shown before it.
      const middle = await page(db, follow("newer", pages[2]!.newer));
      expect(middle.rows.map((row) => row.id)).toEqual(pages[1]!.rows.map((row) => row.id));
      const top = await page(db, follow("newer", middle.newer));
      expect(top).toMatchObject({ newer: null, older: first.older });
      expect(top.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));

      // A newer row arriving meanwhile does not shift the pages already reached; "Newer" from the
      // second page shows the rows it showed before, and "Newer" from there the new row on top.
      const [late] = await db
        .insert(newsletterSubscriptions)
        .values({ email: "late@example.com", timestamp: new Date(Date.UTC(2026, 0, 2)) })
        .returning({ id: newsletterSubscriptions.id });
      expect((await page(db, follow("older", first.older))).rows.map((row) => row.id)).toEqual(pages[1]!.rows.map((row) => row.id));
      const before = await page(db, follow("newer", pages[1]!.newer));
      expect(before.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
      const newest = await page(db, follow("newer", before.newer));
      expect(newest.newer).toBeNull();
      expect(newest.rows.map((row) => row.id)).toEqual([late!.id, ...first.rows.slice(0, LIST_PAGE_SIZE - 1).map((row) => row.id)]);

      // Counted up to the cap, then "1,000+".
      expect((await page(db, null)).total).toEqual({ n: 71, atLeast: false });
      await db.execute(sql`insert into newsletter_subscriptions (email) select 'bulk' || i || '@example.com' from generate_series(1, ${COUNT_CAP}) as i`);
      expect((await page(db, null)).total).toEqual({ n: COUNT_CAP, atLeast: true });
      expect(await countedRows(db, "newsletter_subscriptions")).toBe(71 + COUNT_CAP);
    } finally {
      await database.dispose();
    }
  });

  test(`list_counts follows inserts, status changes, deletes (cascades too), rollbacks and truncation, in the same transaction (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    const byStatus = async (list: string) =>
      Object.fromEntries(
        (
          await db
            .select({ groupId: listCounts.groupId, status: listCounts.status, n: sum(listCounts.n).mapWith(Number) })
            .from(listCounts)
            .where(sql`${listCounts.list} = ${list}`)
            .groupBy(listCounts.groupId, listCounts.status)
            .having(sql`sum(${listCounts.n}) <> 0`)
        ).map((row) => [`${row.groupId}:${row.status}`, row.n]),
      );
    const lead = (i: number) => ({ fullName: `Lead ${i}`, email: `lead${i}@example.com`, country: "India", phone: "1", projectBrief: "A site." });
    try {
      const ids = (
        await db
          .insert(consultations)
          .values([lead(1), lead(2), lead(3)])
          .returning({ id: consultations.id })
      ).map((row) => row.id);
      expect(await byStatus("consultations")).toEqual({ "0:new": 3 });
      await db
        .update(consultations)
        .set({ status: "won" })
        .where(sql`${consultations.id} <= ${ids[1]}`);
      await db.update(consultations).set({ readAt: new Date() });
      expect(await byStatus("consultations")).toEqual({ "0:new": 1, "0:won": 2 });

      // A message about a request goes with it (on delete cascade), and its count with it.
      await db.insert(outbox).values({ kind: "t", toAddress: "a@example.com", subject: "S", template: "t", params: {}, consultationId: ids[0]! });
      expect(await byStatus("outbox")).toEqual({ "0:pending": 1 });
      await db.delete(consultations).where(sql`${consultations.id} = ${ids[0]}`);
      expect(await byStatus("consultations")).toEqual({ "0:new": 1, "0:won": 1 });
      expect(await byStatus("outbox")).toEqual({});

      // Seen inside the transaction that changes it, and gone with its rollback.
      await db
        .transaction(async (tx) => {
          await tx.insert(consultations).values(lead(4));
          expect(await countedRows(tx, "consultations", { statuses: ["new"] })).toBe(2);
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      expect(await countedRows(db, "consultations", { statuses: ["new"] })).toBe(1);
      expect(await countedRows(db, "consultations")).toBe(2);

      // Registrations are counted per event.
      const [event] = await db
        .insert(events)
        .values({
          slug: `count-test-${driver}`,
          title: "T",
          summary: "S",
          startsAt: new Date(Date.UTC(2027, 0, 1)),
          endsAt: new Date(Date.UTC(2027, 0, 2)),
          timeZone: "UTC",
          venue: { name: "", streetAddress: "", locality: "", region: "", postalCode: "", countryCode: "IN", mapUrl: "" },
          capacity: 1,
        })
        .returning({ id: events.id });
      const registration = (i: number, status: "registered" | "waitlisted") => ({
        eventId: event!.id,
        status,
        fullName: `Guest ${i}`,
        email: `guest${i}@example.com`,
        consentAt: new Date(),
        consentVersion: "1",
        reference: `EVT-${driver}-${i}`,
      });
      await db.insert(eventRegistrations).values([registration(1, "registered"), registration(2, "waitlisted"), registration(3, "waitlisted")]);
      expect(await byStatus("event_registrations")).toMatchObject({ [`${event!.id}:registered`]: 1, [`${event!.id}:waitlisted`]: 2 });

      // Folding sums each count's rows into one and leaves every count as it was.
      const before = { consultations: await byStatus("consultations"), registrations: await byStatus("event_registrations") };
      const rowsOfList = async (list: string) =>
        Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from list_counts where list = ${list}`))[0]!.n);
      expect(await rowsOfList("consultations")).toBeGreaterThan(2);
      expect(await foldListCounts(db)).toBeGreaterThan(0);
      expect(await byStatus("consultations")).toEqual(before.consultations);
      expect(await byStatus("event_registrations")).toEqual(before.registrations);
      expect(await rowsOfList("consultations")).toBe(2);
      expect(await foldListCounts(db)).toBe(0);

      await db.execute(sql`truncate consultations cascade`);
      expect(await byStatus("consultations")).toEqual({});
    } finally {
      await database.dispose();
    }
  });
}

if (drivers.includes("pg")) {
  test("concurrent transactions on PostgreSQL each add their rows to the counts: none is lost, none waits for ever", async () => {
    const database = await openTestDatabase("pg");
    const { db } = database;
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db.transaction(async (tx) => {
            await tx.insert(consultations).values({ fullName: `P${i}`, email: `p${i}@example.com`, country: "X", phone: "1", projectBrief: "B" });
            await tx.insert(outbox).values({ kind: "t", toAddress: `p${i}@example.com`, subject: "S", template: "t", params: {} });
            await tx
              .update(outbox)
              .set({ status: i % 2 ? "failed" : "sent" })
              .where(sql`${outbox.toAddress} = ${`p${i}@example.com`}`);
          }),
        ),
      );
      expect(await countedRows(db, "consultations", { statuses: ["new"] })).toBe(20);
      expect(await countedRows(db, "outbox")).toBe(20);
      expect(await countedRows(db, "outbox", { statuses: ["failed"] })).toBe(10);
    } finally {
      await database.dispose();
    }
  });

  test("a transaction writing a counted list never waits for another one still open that wrote to it (decision 082)", async () => {
    const database = await openTestDatabase("pg");
    const { db } = database;
    const message = (to: string) => ({ kind: "t", toAddress: to, subject: "S", template: "t", params: {} });
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    try {
      let firstWrote!: () => void;
      const written = new Promise<void>((resolve) => (firstWrote = resolve));
      // A campaign's batch of rows, its transaction still open.
      const first = db.transaction(async (tx) => {
        await tx.insert(outbox).values([message("a@example.com"), message("b@example.com")]);
        firstWrote();
        await firstHolds;
      });
      await written;
      // A form post's confirmation meanwhile: with a count summed in one row it would wait here until the first ends.
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await tx.insert(outbox).values(message("c@example.com"));
        await tx
          .update(outbox)
          .set({ status: "sent" })
          .where(sql`${outbox.toAddress} = 'c@example.com'`);
      });
      await foldListCounts(db);
      releaseFirst();
      await first;
      expect(await countedRows(db, "outbox", { statuses: ["pending"] })).toBe(2);
      expect(await countedRows(db, "outbox", { statuses: ["sent"] })).toBe(1);
    } finally {
      releaseFirst();
      await database.dispose();
    }
  });
}
