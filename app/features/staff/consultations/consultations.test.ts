import { eq, sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import type { Services } from "#app/platform/services.server.ts";
import { openTestDatabase, featureDrivers, type TestDatabase } from "#tests/support/databases.ts";
import {
  consultationInbox,
  exportConsultations,
  exportPage,
  listConsultations,
  readConsultationSort,
} from "#app/features/staff/consultations/consultations.server.ts";
import { inPages } from "#app/features/staff/csv.server.ts";
import { owedNoResponse } from "#app/features/leads/lead-clock.server.ts";
import { urgentLeadsFor } from "#app/features/staff/attention.server.ts";
import { LIST_PAGE_SIZE, readListQuery, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { rowsOf } from "#app/platform/db/client.server.ts";
import { auditLog, consultationAttachments, consultations, staffUsers } from "#app/platform/db/schema.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

const sales: StaffUser = { id: "user-sales", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"], timeZone: null };

/**
 * 30 requests a minute apart (id 1 oldest), every third one contacted, plus
 * three to find: by name, by email, and by a brief with a literal "50%".
 */
async function seed(database: TestDatabase) {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute));
  await database.db.insert(consultations).values(
    Array.from({ length: 30 }, (_, i) => ({
      fullName: `Lead ${i + 1}`,
      email: `lead${i + 1}@example.com`,
      country: "India",
      phone: "1",
      projectBrief: "A website.",
      submittedAt: at(i),
      status: i % 3 === 0 ? ("contacted" as const) : ("new" as const),
    })),
  );
  const found = await database.db
    .insert(consultations)
    .values([
      {
        fullName: "Zoë Quintana",
        email: "zq@example.com",
        country: "Spain",
        phone: "2",
        projectBrief: "An app.",
        submittedAt: at(40),
        attribution: {
          source: "linkedin",
          medium: "paid",
          campaign: "q4",
          formPage: "/contact-us",
          lastTouch: { utm_source: "LinkedIn", landingPage: "/crm" },
        },
      },
      {
        fullName: "Bo",
        email: "bo@QUINTAL.example",
        country: "Peru",
        phone: "3",
        projectBrief: "Shop.",
        submittedAt: at(41),
        status: "won",
        attribution: { source: "google", lastTouch: { gclid: "x" } },
      },
      {
        fullName: "Cy",
        email: "cy@example.com",
        country: "Chile",
        phone: "4",
        projectBrief: "=1+1\nCut costs by 50% with a quintessential CRM.",
        submittedAt: at(42),
      },
    ])
    .returning({ id: consultations.id });
  await database.db.insert(consultationAttachments).values([
    { consultationId: found[0]!.id, storageKey: "consultation/1_a.pdf", originalName: "a.pdf", contentType: "application/pdf", sizeBytes: 10, position: 0 },
    { consultationId: found[0]!.id, storageKey: "consultation/1_b.png", originalName: "b, final.png", contentType: "image/png", sizeBytes: 20, position: 1 },
  ]);
  return found.map((row) => row.id);
}

const all = { search: "", status: null, cursor: null };

/** A page link's cursor as readListQuery reads it from the address. */
function older(cursor: string | null): ListCursor {
  const [at, id] = cursor!.split("-");
  return { direction: "older", at: at!, id: Number(id) };
}
function newer(cursor: string | null): ListCursor {
  return { ...older(cursor), direction: "newer" };
}

for (const driver of drivers) {
  test(`the list: newest first in keyset pages, searched over name, email and brief, filtered by status, with the count of new (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const [zoe, bo, cy] = await seed(database);
      const first = await listConsultations(database.db, all);
      expect(first).toMatchObject({ total: { n: 33, atLeast: false }, newer: null, newCount: 22 });
      expect(first.rows).toHaveLength(LIST_PAGE_SIZE);
      expect(first.rows.slice(0, 4).map((row) => row.fullName)).toEqual(["Cy", "Bo", "Zoë Quintana", "Lead 30"]);
      expect(first.rows[2]).toMatchObject({
        id: zoe,
        email: "zq@example.com",
        country: "Spain",
        status: "new",
        readAt: null,
        attachments: 2,
        submittedAt: "2026-01-01T09:40:00.000Z",
      });
      expect(first.rows[0]!.attachments).toBe(0);
      const second = await listConsultations(database.db, { ...all, cursor: older(first.older) });
      expect(second.rows.map((row) => row.fullName)).toEqual(["Lead 8", "Lead 7", "Lead 6", "Lead 5", "Lead 4", "Lead 3", "Lead 2", "Lead 1"]);
      expect(second).toMatchObject({ older: null, total: { n: 33, atLeast: false } });
      // "Newer" from there is the first page again.
      const back = await listConsultations(database.db, { ...all, cursor: newer(second.newer) });
      expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
      expect(back.newer).toBeNull();

      // "quint" is in a name, an email (in capitals) and a brief; case does not matter.
      const ids = async (search: string, status: "new" | "won" | null = null) =>
        (await listConsultations(database.db, { search, status, cursor: null })).rows.map((row) => row.id);
      expect(await ids("QUINT")).toEqual([cy, bo, zoe]);
      expect(await ids("quint", "won")).toEqual([bo]);
      // Wildcards are taken literally: only the brief with "50%" matches, not every "50".
      expect(await ids("50%")).toEqual([cy]);
      expect(await ids("_")).toEqual([]);
      expect(await ids("nobody at all")).toEqual([]);

      // The source filter (as the address gives it, in lower case) finds only that source's leads and counts them.
      const fromLinkedIn = await listConsultations(database.db, { ...all, source: "linkedin" });
      expect(fromLinkedIn).toMatchObject({ total: { n: 1, atLeast: false } });
      expect(fromLinkedIn.rows.map((row) => [row.id, row.source])).toEqual([[zoe, "linkedin"]]);
      expect((await listConsultations(database.db, { ...all, source: "bing" })).rows).toEqual([]);
      expect(first.rows[3]!.source).toBeNull();

      const onlyNew = await listConsultations(database.db, { search: "", status: "new", cursor: null });
      expect(onlyNew).toMatchObject({ total: { n: 22, atLeast: false }, newer: null, older: null, newCount: 22 });
      expect(onlyNew.rows.every((row) => row.status === "new")).toBe(true);
    } finally {
      await database.dispose();
    }
  });

  test(`the export streams every matching request in keyset pages with attachment names, neutralises formulas and is audited without the search words (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const [zoe, bo, cy] = await seed(database);
      await database.db.insert(staffUsers).values(sales);
      // Zoë's lead is Sam's, answered 25 business minutes after it arrived.
      await database.db
        .update(consultations)
        .set({ ownerId: sales.id, firstResponseAt: new Date("2026-01-01T10:05:00.000Z"), firstResponseBusinessMinutes: 25 })
        .where(eq(consultations.id, zoe!));
      // The database writes the owner and the times: a name that reads as a formula is still neutralised, an account
      // without a name shows its address, and a time kept to the microsecond shows its milliseconds as a Date would.
      await database.db.insert(staffUsers).values([
        { id: "user-formula", name: '=HYPERLINK("http://x")', email: "f@staff.example.com", roles: ["sales"] },
        { id: "user-unnamed", name: "", email: "unnamed@staff.example.com", roles: ["sales"] },
      ]);
      await database.db.update(consultations).set({ ownerId: "user-formula" }).where(eq(consultations.id, bo!));
      await database.db
        .update(consultations)
        .set({ ownerId: "user-unnamed", firstResponseAt: sql`'2026-01-01 10:06:07.123999+00'` })
        .where(eq(consultations.id, cy!));
      const response = await exportConsultations(database.db, { search: "", status: null }, sales, "10.0.0.9");
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="consultations-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = (await response.text()).replace(/^\uFEFF/, "");
      const lines = text.split("\n");
      expect(lines[0]).toMatch(
        /^"ID","Reference","Submitted at","Status","Owner","Due at","First response at","Business minutes to first response","Full name","Email","Country","Phone","Project brief","Attachments","Source","Medium","Campaign","Form page","Last touch: Landing page",/,
      );
      expect(text).toContain(`"a.pdf; b, final.png","linkedin","paid","q4","/contact-us","/crm","","LinkedIn",`);
      const referenceOf = async (id: number) =>
        (await database.db.select({ reference: consultations.reference }).from(consultations).where(eq(consultations.id, id)))[0]!.reference;
      expect(text).toContain(
        `"${zoe}","${await referenceOf(zoe!)}","2026-01-01T09:40:00.000Z","new","Sam Sales","2026-01-01T10:40:00.000Z","2026-01-01T10:05:00.000Z","25","Zoë Quintana","zq@example.com","Spain","2","An app.","a.pdf; b, final.png"`,
      );
      expect(text).toContain(
        `"${cy}","${await referenceOf(cy!)}","2026-01-01T09:42:00.000Z","new","unnamed@staff.example.com","2026-01-01T10:42:00.000Z","2026-01-01T10:06:07.123Z","","Cy","cy@example.com","Chile","4","'=1+1\nCut costs by 50% with a quintessential CRM.",""`,
      );
      expect(text).toContain(
        `"${bo}","${await referenceOf(bo!)}","2026-01-01T09:41:00.000Z","won","'=HYPERLINK(""http://x"")","2026-01-01T10:41:00.000Z","",""`,
      );
      // A lead nobody owns, not yet answered: empty cells.
      expect(text).toContain(`"2026-01-01T09:01:00.000Z","new","","2026-01-01T10:01:00.000Z","","","Lead 2"`);

      // Pages of 10 still give every row once, newest id first.
      const paged: number[] = [];
      for await (const page of inPages((beforeId, size) => exportPage(database.db, { search: "", status: null }, beforeId, size), 10)) {
        paged.push(...page.map((row) => row.id));
      }
      expect(paged).toEqual(Array.from({ length: 33 }, (_, i) => 33 - i));

      const searched = await exportConsultations(database.db, { search: "quint", status: "won" }, sales, "10.0.0.9");
      const searchedLines = (await searched.text()).split("\n").filter(Boolean);
      expect(searchedLines).toHaveLength(2);
      expect(searchedLines[1]).toContain('"Bo","bo@QUINTAL.example"');

      const bySource = await exportConsultations(database.db, { search: "", status: null, source: "google" }, sales, "10.0.0.9");
      const bySourceLines = (await bySource.text()).split("\n").filter(Boolean);
      expect(bySourceLines).toHaveLength(2);
      expect(bySourceLines[1]).toContain('"Bo","bo@QUINTAL.example"');

      const entries = await database.db.select().from(auditLog).orderBy(auditLog.id);
      expect(entries.map((entry) => [entry.action, entry.actorId, entry.detail, entry.ipAddress])).toEqual([
        ["export", sales.id, { list: "consultations", search: false, status: null, source: null }, "10.0.0.9"],
        ["export", sales.id, { list: "consultations", search: true, status: "won", source: null }, "10.0.0.9"],
        ["export", sales.id, { list: "consultations", search: false, status: null, source: "google" }, "10.0.0.9"],
      ]);
      expect(JSON.stringify(entries)).not.toContain("quint");
    } finally {
      await database.dispose();
    }
  });

  test(`the Mine, Unassigned and By owner views page through the keyset like the whole list, and a change of owner holds only from the owner shown (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      await seed(database);
      const other: StaffUser = { id: "user-other", name: "Omar Other", email: "omar@staff.example.com", roles: ["sales"], timeZone: null };
      await database.db.insert(staffUsers).values([sales, other]);
      // Of the 30 leads, the even ones are Sam's, every third odd one Omar's, the rest nobody's.
      const rows = await database.db.select({ id: consultations.id }).from(consultations);
      for (const { id } of rows.filter((row) => row.id <= 30)) {
        const ownerId = id % 2 === 0 ? sales.id : id % 3 === 0 ? other.id : null;
        await database.db.update(consultations).set({ ownerId }).where(eq(consultations.id, id));
      }
      const view = (owner: { ownerId: string } | { unassigned: true }, cursor: ListCursor | null = null) =>
        listConsultations(database.db, { search: "", status: null, owner, cursor });
      const mine = await view({ ownerId: sales.id });
      expect(mine.total).toEqual({ n: 15, atLeast: false });
      expect(mine.rows.every((row) => row.ownerName === sales.name)).toBe(true);
      const unassigned = await view({ unassigned: true });
      // 10 odd leads not divisible by 3, and the three unowned leads to find.
      expect(unassigned.total).toEqual({ n: 13, atLeast: false });
      expect(unassigned.rows.every((row) => row.ownerName === null)).toBe(true);
      const first = await view({ ownerId: other.id });
      expect(first.rows.map((row) => row.fullName)).toEqual(["Lead 27", "Lead 21", "Lead 15", "Lead 9", "Lead 3"]);

      // A page past the first keeps to the view.
      const page = await view({ ownerId: sales.id }, { direction: "older", at: mine.rows[4]!.cursor.split("-")[0]!, id: mine.rows[4]!.id });
      expect(page.rows.map((row) => row.id)).toEqual(mine.rows.slice(5).map((row) => row.id));

      const change = consultationInbox.ownChange;
      // Changing the owner sends no email: the database is all it uses.
      const services = { db: database.db } as Pick<Services, "db" | "outbox" | "env">;
      const lead = first.rows[0]!.id;
      // Shown Omar, gives it to Sam: done, audited.
      expect(await change.run(services, lead, { owner: sales.id, expectedOwner: other.id }, sales, "10.0.0.9")).toEqual({ ok: true });
      // A second person, still looking at Omar, is refused and told who owns it now.
      const stale = await change.run(services, lead, { owner: "", expectedOwner: other.id }, other, "10.0.0.8");
      expect(stale).toMatchObject({ ok: false, status: 409, field: "owner" });
      expect(stale.ok ? "" : stale.message).toContain("Sam Sales");
      // Only an active sales or admin account can own a lead.
      await database.db.insert(staffUsers).values({ id: "user-editor", name: "Ed", email: "ed@staff.example.com", roles: ["editor"] });
      expect(await change.run(services, lead, { owner: "user-editor", expectedOwner: sales.id }, sales, "10.0.0.9")).toMatchObject({
        ok: false,
        status: 400,
      });
      const [row] = await database.db.select({ ownerId: consultations.ownerId }).from(consultations).where(eq(consultations.id, lead));
      expect(row!.ownerId).toBe(sales.id);
      const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, "owner-changed"));
      expect(entries.map((entry) => [entry.actorId, entry.targetId, entry.detail])).toEqual([[sales.id, String(lead), { from: other.id, to: sales.id }]]);
    } finally {
      await database.dispose();
    }
  });
}

/** A page link followed as the address carries it. */
function follow(direction: "older" | "newer", cursor: string | null): ListCursor {
  return readListQuery(new Request(`https://www.example.com/staff/consultations?${direction}=${encodeURIComponent(cursor!)}`)).cursor!;
}

for (const driver of drivers) {
  test(`"Most urgent" and "Oldest waiting": waiting leads by due time or arrival, answered ones after, in keyset pages both ways; the staff home names the overdue and the nearly due (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      const now = new Date("2026-11-25T06:00:00Z"); // Wednesday 11:30 in Kolkata
      const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
      // Lead i arrived i minutes before `now - 2 h` and is due at `now + (i - 5) * 20 min`: leads 0-4 overdue; every fourth answered.
      const rows = Array.from({ length: 40 }, (_, i) => ({
        fullName: `Lead ${i}`,
        email: `lead${i}@example.com`,
        country: "India",
        phone: "1",
        projectBrief: "A portal.",
        submittedAt: minutes(-120 - i),
        dueAt: minutes((i - 5) * 20),
        firstResponseAt: i % 4 === 3 ? minutes(-60) : null,
      }));
      await db.insert(consultations).values(rows);
      const waiting = rows.filter((row) => row.firstResponseAt === null);
      const answered = rows.filter((row) => row.firstResponseAt !== null);
      const names = (list: { rows: { fullName: string }[] }) => list.rows.map((row) => row.fullName);

      const urgent = { ...all, sort: "urgent" as const };
      const first = await listConsultations(db, urgent, now);
      expect(names(first)).toEqual(waiting.slice(0, LIST_PAGE_SIZE).map((row) => row.fullName));
      expect(first.rows[0]!.clock).toEqual({ state: "overdue", text: "overdue by 1 h 40 min" });
      // Lead 5 is due this very minute, lead 6 (lead 3 was answered) twenty minutes on.
      expect(first.rows[4]!.clock).toEqual({ state: "overdue", text: "overdue" });
      expect(first.rows[5]!.clock).toEqual({ state: "waiting", text: "due in 20 min" });
      expect(first.newer).toBeNull();
      const second = await listConsultations(db, { ...urgent, cursor: follow("older", first.older) }, now);
      expect(names(second)).toEqual([...waiting.slice(LIST_PAGE_SIZE), ...answered].map((row) => row.fullName));
      expect(second.rows.at(-1)!.clock.state).toBe("answered");
      expect(second.older).toBeNull();
      const back = await listConsultations(db, { ...urgent, cursor: follow("newer", second.newer) }, now);
      expect(names(back)).toEqual(names(first));

      // Oldest arrival first among the waiting: lead 39 arrived first, but was answered.
      const oldest = await listConsultations(db, { ...all, sort: "waiting" }, now);
      expect(oldest.rows[0]!.fullName).toBe("Lead 38");
      expect(names(oldest).slice(0, 3)).toEqual(["Lead 38", "Lead 37", "Lead 36"]);

      // The staff home: overdue ones and those due within 60 business minutes, for sales and admins only.
      const shown = await urgentLeadsFor({ db }, { roles: ["sales"] }, now);
      expect(shown!.map((lead) => lead.fullName)).toEqual(["Lead 0", "Lead 1", "Lead 2", "Lead 4", "Lead 5", "Lead 6", "Lead 8"]);
      expect(shown![0]).toMatchObject({ clock: { state: "overdue" } });
      expect(await urgentLeadsFor({ db }, { roles: ["recruiter"] }, now)).toBeNull();

      // Marked spam and lost before an answer, leads 0 and 1 are owed nothing: off the staff home, after the waiting
      // ones in the urgent order, with a closed clock.
      await db.update(consultations).set({ status: "spam" }).where(eq(consultations.fullName, "Lead 0"));
      await db.update(consultations).set({ status: "lost" }).where(eq(consultations.fullName, "Lead 1"));
      expect((await urgentLeadsFor({ db }, { roles: ["sales"] }, now))!.map((lead) => lead.fullName)).toEqual([
        "Lead 2",
        "Lead 4",
        "Lead 5",
        "Lead 6",
        "Lead 8",
      ]);
      const closedFirst = await listConsultations(db, urgent, now);
      expect(names(closedFirst).slice(0, 2)).toEqual(["Lead 2", "Lead 4"]);
      const closedLast = await listConsultations(db, { ...urgent, cursor: follow("older", closedFirst.older) }, now);
      const closed = closedLast.rows.filter((row) => row.clock.state === "closed");
      expect(closed.map((row) => [row.fullName, row.clock.text])).toEqual([
        ["Lead 0", "No response due: marked spam"],
        ["Lead 1", "No response due: marked lost"],
      ]);

      if (driver === "pg") {
        // At scale the order is read from its index, not sorted. The test database's indexes were built
        // while it was empty, so the planner is told the table's size first.
        await db.execute(sql`analyze consultations`);
        await db.execute(sql`set enable_seqscan = off`);
        const plan = rowsOf<{ "QUERY PLAN": string }>(
          await db.execute(
            sql`explain select id from consultations where (${owedNoResponse}, due_at, id) > (false, now(), 1) order by ${owedNoResponse}, due_at, id limit 26`,
          ),
        )
          .map((row) => row["QUERY PLAN"])
          .join("\n");
        expect(plan).toContain("consultations_urgent_open_idx");
        expect(plan).not.toContain("Sort");
      }
    } finally {
      await database.dispose();
    }
  });
}

test("the order comes from the address: none is newest first, an unknown one answers 400 with a sentence", () => {
  expect(readConsultationSort(new URLSearchParams(""))).toBe("newest");
  expect(readConsultationSort(new URLSearchParams("sort=urgent"))).toBe("urgent");
  for (const bad of ["soonest", "constructor", "toString"]) {
    let thrown: unknown;
    try {
      readConsultationSort(new URLSearchParams({ sort: bad }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown, bad).toMatchObject({ init: { status: 400 }, data: `There is no order called "${bad}".` });
  }
});
