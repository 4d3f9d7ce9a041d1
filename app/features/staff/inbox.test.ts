import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openTestDatabase, testDrivers, type TestDatabase } from "#tests/support/databases.ts";
import { addNote, changeStatus, markRead, recordExists, timelineOf, type InboxSubject } from "#app/features/staff/inbox.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { listConsultations } from "#app/features/staff/consultations/consultations.server.ts";
import { auditLog, consultationReads, consultations, inboxNotes, inboxStatusChanges, staffUsers } from "#app/platform/db/schema.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();

const sales: StaffUser = { id: "user-sales", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"] };
const admin: StaffUser = { id: "user-admin", name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin"] };

/** Two members of staff and one new consultation, as the subject. */
async function seed(database: TestDatabase): Promise<InboxSubject> {
  await database.db.insert(staffUsers).values([sales, admin]);
  const [row] = await database.db
    .insert(consultations)
    .values({ fullName: "Asha Verma", email: "asha@example.com", country: "India", phone: "+91 1", projectBrief: "Billing." })
    .returning({ id: consultations.id });
  return { type: "consultation", id: row!.id };
}

const statusOf = async (database: TestDatabase, id: number) =>
  (await database.db.select({ status: consultations.status }).from(consultations).where(eq(consultations.id, id)))[0]?.status;

for (const driver of drivers) {
  test(`a status changes only from the one shown; a stale one changes and writes nothing and says what it is now (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const subject = await seed(database);
      expect(await changeStatus(database.db, subject, { from: "new", to: "contacted" }, sales, "10.0.0.1")).toEqual({ ok: true });
      expect(await statusOf(database, subject.id)).toBe("contacted");
      const changesBefore = await database.db.select().from(inboxStatusChanges);
      const auditBefore = await database.db.select().from(auditLog);
      expect(changesBefore).toMatchObject([{ consultationId: subject.id, fromStatus: "new", toStatus: "contacted", actorId: sales.id, actorName: sales.name }]);
      expect(auditBefore).toMatchObject([
        { action: "status-changed", actorId: sales.id, targetType: "consultation", targetId: String(subject.id), ipAddress: "10.0.0.1" },
      ]);

      // The admin's page still showed "new".
      expect(await changeStatus(database.db, subject, { from: "new", to: "spam" }, admin, "10.0.0.2")).toEqual({ ok: false, current: "contacted" });
      expect(await statusOf(database, subject.id)).toBe("contacted");
      expect(await database.db.select().from(inboxStatusChanges)).toEqual(changesBefore);
      expect(await database.db.select().from(auditLog)).toEqual(auditBefore);

      expect(await changeStatus(database.db, { type: "consultation", id: subject.id + 1000 }, { from: "new", to: "won" }, admin, "10.0.0.2")).toEqual({
        ok: false,
        current: null,
      });
    } finally {
      await database.dispose();
    }
  });

  test(`a record exists in its own inbox only, so a post to any other is not found (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const subject = await seed(database);
      expect(await recordExists(database.db, subject)).toBe(true);
      expect(await recordExists(database.db, { type: "consultation", id: subject.id + 1000 })).toBe(false);
      expect(await recordExists(database.db, { type: "application", id: subject.id })).toBe(false);
    } finally {
      await database.dispose();
    }
  });

  test(`notes are only added, each with its author, and each is audited without its text (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const subject = await seed(database);
      await addNote(database.db, subject, "Called, no answer.", sales, "10.0.0.1");
      await addNote(database.db, subject, "Second try:\nreached them.", admin, "10.0.0.2");
      const notes = await database.db.select().from(inboxNotes).orderBy(inboxNotes.id);
      expect(notes.map(({ body, authorId, authorName, consultationId }) => ({ body, authorId, authorName, consultationId }))).toEqual([
        { body: "Called, no answer.", authorId: sales.id, authorName: sales.name, consultationId: subject.id },
        { body: "Second try:\nreached them.", authorId: admin.id, authorName: admin.name, consultationId: subject.id },
      ]);
      const entries = await database.db.select().from(auditLog).orderBy(auditLog.id);
      expect(entries.map((entry) => [entry.action, entry.actorId, entry.detail])).toEqual([
        ["note-added", sales.id, null],
        ["note-added", admin.id, null],
      ]);
    } finally {
      await database.dispose();
    }
  });

  test(`the history interleaves notes and status changes oldest first, and only the record's own (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const subject = await seed(database);
      const [other] = await database.db
        .insert(consultations)
        .values({ fullName: "Other", email: "o@example.com", country: "Peru", phone: "1", projectBrief: "x" })
        .returning({ id: consultations.id });
      const at = (minute: number) => new Date(`2026-01-01T10:${String(minute).padStart(2, "0")}:00Z`);
      // Written out of order, so the order comes from the times and not from the ids.
      await database.db.insert(inboxNotes).values([
        { consultationId: subject.id, authorId: sales.id, authorName: sales.name, body: "third", createdAt: at(3) },
        { consultationId: subject.id, authorId: sales.id, authorName: sales.name, body: "first", createdAt: at(1) },
        { consultationId: other!.id, authorId: sales.id, authorName: sales.name, body: "not this one", createdAt: at(2) },
      ]);
      await database.db.insert(inboxStatusChanges).values([
        { consultationId: subject.id, fromStatus: "contacted", toStatus: "won", actorId: admin.id, actorName: admin.name, createdAt: at(4) },
        { consultationId: subject.id, fromStatus: "new", toStatus: "contacted", actorId: admin.id, actorName: admin.name, createdAt: at(2) },
      ]);
      expect(await timelineOf(database.db, subject)).toEqual([
        { kind: "note", at: at(1).toISOString(), who: sales.name, body: "first" },
        { kind: "status", at: at(2).toISOString(), who: admin.name, from: "new", to: "contacted" },
        { kind: "note", at: at(3).toISOString(), who: sales.name, body: "third" },
        { kind: "status", at: at(4).toISOString(), who: admin.name, from: "contacted", to: "won" },
      ]);
      expect(await timelineOf(database.db, { type: "consultation", id: other!.id })).toHaveLength(1);
    } finally {
      await database.dispose();
    }
  });

  test(`opening a consultation marks it read for that person only, the first time; the list shows each viewer their own (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const subject = await seed(database);
      const unread = async (viewerId: string) =>
        (await listConsultations(database.db, { search: "", status: null, cursor: null, viewerId })).rows
          .filter((row) => row.readAt === null)
          .map((row) => row.id);
      expect(await unread(sales.id)).toContain(subject.id);
      await markRead(database.db, subject, sales.id);
      const [first] = await database.db.select().from(consultationReads);
      expect(first).toMatchObject({ consultationId: subject.id, userId: sales.id });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await markRead(database.db, subject, sales.id);
      expect(await database.db.select().from(consultationReads)).toEqual([first]);
      expect(await unread(sales.id)).not.toContain(subject.id);
      // Still unread for the admin, and the shared column is left alone.
      expect(await unread(admin.id)).toContain(subject.id);
      const [row] = await database.db.select({ readAt: consultations.readAt }).from(consultations).where(eq(consultations.id, subject.id));
      expect(row!.readAt).toBeNull();
      // A request opened before reads were kept per person is read for everyone.
      await database.db.update(consultations).set({ readAt: new Date() }).where(eq(consultations.id, subject.id));
      expect(await unread(admin.id)).not.toContain(subject.id);
    } finally {
      await database.dispose();
    }
  });
}
