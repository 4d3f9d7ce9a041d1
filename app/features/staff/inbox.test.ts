import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openTestDatabase, featureDrivers, type TestDatabase } from "#tests/support/databases.ts";
import { applicationInbox } from "#app/features/staff/applications.server.ts";
import { addNote, changeStatus, markRead, recordExists, tableOf, timelineOf, type InboxSubject } from "#app/features/staff/inbox.server.ts";
import { statusRefusal } from "#app/features/staff/inbox-page.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { consultationInbox, listConsultations } from "#app/features/staff/consultations/consultations.server.ts";
import { registrationInbox } from "#app/features/staff/events/registrations.server.ts";
import { countedRows } from "#app/features/staff/list-page.server.ts";
import { readContentVersion } from "#app/platform/content-watch.server.ts";
import {
  auditLog,
  consultationReads,
  consultations,
  eventRegistrations,
  events,
  inboxNotes,
  inboxStatusChanges,
  jobApplications,
  staffUsers,
} from "#app/platform/db/schema.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

const sales: StaffUser = { id: "user-sales", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"], timeZone: null };
const admin: StaffUser = { id: "user-admin", name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin"], timeZone: null };

/** Two members of staff and one new consultation, as the subject. */
async function seed(database: TestDatabase): Promise<InboxSubject> {
  await database.db.insert(staffUsers).values([sales, admin]);
  const [row] = await database.db
    .insert(consultations)
    .values({ fullName: "Asha Verma", email: "asha@example.com", country: "India", phone: "+91 1", projectBrief: "Billing." })
    .returning({ id: consultations.id });
  return { type: "consultation", id: row!.id };
}

/** One new record of each of the inbox's types, with the status it starts in, a colleague's change and a stale one made after it. */
async function seedEveryType(database: TestDatabase) {
  const consultation = await seed(database);
  const [application] = await database.db
    .insert(jobApplications)
    .values({
      fullName: "Ravi Rao",
      email: "ravi@example.com",
      phone: "+91 2",
      resumeKey: "careers/1.pdf",
      resumeName: "cv.pdf",
      resumeContentType: "application/pdf",
      resumeSize: 100,
      consentAt: new Date(),
      consentVersion: "careers-2026-01",
      reference: "APP-2026-T00001",
    })
    .returning({ id: jobApplications.id });
  const [event] = await database.db
    .insert(events)
    .values({
      slug: "inbox-test",
      title: "Inbox Day",
      summary: "S",
      startsAt: new Date(Date.UTC(2027, 0, 1)),
      endsAt: new Date(Date.UTC(2027, 0, 2)),
      timeZone: "UTC",
      venue: { name: "", streetAddress: "", locality: "", region: "", postalCode: "", countryCode: "IN", mapUrl: "" },
      capacity: 1,
    })
    .returning({ id: events.id });
  const registration = (i: number, status: "registered" | "waitlisted" | "next-edition") => ({
    eventId: event!.id,
    status,
    fullName: `Guest ${i}`,
    email: "guest@example.com",
    consentAt: new Date(),
    consentVersion: "1",
    reference: `EVT-2026-T0000${i}`,
  });
  const [waiting, nextEdition] = await database.db
    .insert(eventRegistrations)
    .values([registration(1, "waitlisted"), registration(2, "next-edition")])
    .returning({ id: eventRegistrations.id });
  const cases: InboxCase[] = [
    { subject: consultation, kind: consultationInbox, from: "new", mine: "contacted", theirs: "spam" },
    { subject: { type: "application", id: application!.id }, kind: applicationInbox, from: "new", mine: "interview", theirs: "rejected" },
    { subject: { type: "registration", id: waiting!.id }, kind: registrationInbox, from: "waitlisted", mine: "registered", theirs: "next-edition" },
  ];
  return { cases, eventId: event!.id, nextEditionId: nextEdition!.id };
}

type InboxCase = { subject: InboxSubject; kind: Parameters<typeof statusRefusal>[1]; from: string; mine: string; theirs: string };

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

  test(`a stale status change is refused the same way on a consultation, an application and a registration (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { cases } = await seedEveryType(database);
      for (const { subject, kind, from, mine, theirs } of cases) {
        expect(await changeStatus(database.db, subject, { from, to: mine }, sales, "10.0.0.1"), subject.type).toEqual({ ok: true });
        const historyBefore = await timelineOf(database.db, subject);
        // The other tab still showed the first status.
        const stale = await changeStatus(database.db, subject, { from, to: theirs }, admin, "10.0.0.2");
        expect(stale, subject.type).toEqual({ ok: false, current: mine });
        const table = tableOf(subject);
        const [row] = await database.db.select({ status: table.status }).from(table).where(eq(table.id, subject.id));
        expect(row!.status, subject.type).toBe(mine);
        expect(await timelineOf(database.db, subject), subject.type).toEqual(historyBefore);
        expect(statusRefusal(stale as { ok: false; current: string }, kind)).toBe(
          `Someone changed the status to “${kind.statusLabels[mine]}” while you were looking. Nothing was changed; the page now shows their change.`,
        );
      }
      expect((await database.db.select().from(auditLog)).map((entry) => [entry.action, entry.targetType])).toEqual([
        ["status-changed", "consultation"],
        ["status-changed", "application"],
        ["status-changed", "registration"],
      ]);
    } finally {
      await database.dispose();
    }
  });

  test(`a registration takes notes and status changes into its own history; a place moved changes the counts and the pages' version; a second kind for one address is refused (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { cases, eventId, nextEditionId } = await seedEveryType(database);
      const subject = cases[2]!.subject;
      const versionBefore = await readContentVersion(database.db);
      await addNote(database.db, subject, "Asked for a vegetarian lunch.", sales, "10.0.0.1");
      expect(await changeStatus(database.db, subject, { from: "waitlisted", to: "registered" }, sales, "10.0.0.1")).toEqual({ ok: true });
      expect(await database.db.select({ registrationId: inboxNotes.registrationId, consultationId: inboxNotes.consultationId }).from(inboxNotes)).toEqual([
        { registrationId: subject.id, consultationId: null },
      ]);
      expect(await timelineOf(database.db, subject)).toMatchObject([
        { kind: "note", who: sales.name, body: "Asked for a vegetarian lunch." },
        { kind: "status", who: sales.name, from: "waitlisted", to: "registered" },
      ]);
      // Nothing of it shows on another record of the same id.
      expect(await timelineOf(database.db, { type: "consultation", id: subject.id })).toEqual([]);
      expect(await countedRows(database.db, "event_registrations", { statuses: ["registered"], groupId: eventId })).toBe(1);
      expect(await countedRows(database.db, "event_registrations", { statuses: ["waitlisted"], groupId: eventId })).toBe(0);
      expect(await readContentVersion(database.db)).not.toBe(versionBefore);

      // The same address already asked about the next edition: that kind is refused, and nothing is written.
      const duplicate = await changeStatus(database.db, subject, { from: "registered", to: "next-edition" }, sales, "10.0.0.1");
      expect(duplicate).toEqual({ ok: false, duplicate: true });
      expect(statusRefusal(duplicate as { ok: false; duplicate: true }, registrationInbox)).toBe(registrationInbox.duplicateStatus);
      expect(await timelineOf(database.db, subject)).toHaveLength(2);
      expect(await recordExists(database.db, { type: "registration", id: nextEditionId })).toBe(true);
    } finally {
      await database.dispose();
    }
  });
}
