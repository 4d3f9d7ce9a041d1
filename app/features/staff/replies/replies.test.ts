import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openTestDatabase, featureDrivers, type TestDatabase } from "#tests/support/databases.ts";
import { parseMail, startSmtpServer, waitUntil } from "#tests/support/mail.ts";
import { confirmationMessageId } from "#app/features/consultation/consultation-emails.server.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { timelineOf, type InboxSubject } from "#app/features/staff/inbox.server.ts";
import { logCall, sendReply } from "#app/features/staff/replies/replies.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, consultations, inboxReplies, inboxStatusChanges, outbox, staffUsers } from "#app/platform/db/schema.server.ts";
import { enqueue, startOutboxWorker, type OutboxMessage } from "#app/platform/email/outbox.server.ts";
import { createSmtpTransport } from "#app/platform/email/smtp-transport.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

const sales: StaffUser = { id: "user-sales", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"], timeZone: null };
const admin: StaffUser = { id: "user-admin", name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin"], timeZone: null };
const MAIL_FROM = '"Kraf Technologies" <hello@kraf.example>';
const SITE_URL = "https://www.kraf.example";

/** Two members of staff and one new consultation whose confirmation is queued, as the site does. */
async function seed(database: TestDatabase): Promise<InboxSubject> {
  await database.db.insert(staffUsers).values([sales, admin]);
  const [row] = await database.db
    .insert(consultations)
    .values({ fullName: "Asha Verma", email: "asha@example.com", country: "India", phone: "+91 1", projectBrief: "Billing." })
    .returning({ id: consultations.id });
  const id = row!.id;
  const params = { to_email: "asha@example.com", full_name: "Asha Verma", country: "India", phone: "+91 1", project_brief: "Billing." };
  await enqueue(mailTemplates, database.db, {
    template: "consultation-confirmation",
    to: "asha@example.com",
    params,
    consultationId: id,
    messageId: confirmationMessageId(id, SITE_URL),
  });
  return { type: "consultation", id };
}

/** What sendReply uses of the services: the database and the outbox's enqueue, over the app's templates. */
const services = (db: Database) => ({
  db,
  outbox: {
    enqueue: <Name extends keyof typeof mailTemplates>(tx: Database, message: OutboxMessage<typeof mailTemplates, Name>) => enqueue(mailTemplates, tx, message),
  },
});

const leadState = async (database: TestDatabase, id: number) =>
  (
    await database.db
      .select({ status: consultations.status, firstResponseAt: consultations.firstResponseAt })
      .from(consultations)
      .where(eq(consultations.id, id))
  )[0]!;

for (const driver of drivers) {
  test(`a reply goes out from the site's address, answers to the sender (to the lead's owner once it has one), and threads under the confirmation the lead received (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    const worker = startOutboxWorker({
      db: database.db,
      templates: mailTemplates,
      transport: createSmtpTransport(smtp.url),
      from: MAIL_FROM,
      maxAttempts: 3,
      pollIntervalMs: 60_000,
    });
    try {
      const subject = await seed(database);
      const sent = await sendReply(
        services(database.db),
        subject,
        { subject: "Your consultation request", body: "Dear Asha,\n\nWhen can we talk?\n\nSam <script>", idempotencyKey: "key-1" },
        sales,
        "10.0.0.1",
      );
      expect(sent).toMatchObject({ ok: true });
      worker.nudge();
      await waitUntil(() => smtp.received.length === 2);

      const mails = smtp.received.map((mail) => parseMail(mail.raw));
      const confirmation = mails.find((mail) => mail.headers.get("subject")?.startsWith("We received"));
      const reply = mails.find((mail) => mail.headers.get("subject") === "Your consultation request");
      const threadId = `<consultation-${subject.id}-confirmation@www.kraf.example>`;
      expect(confirmation!.headers.get("message-id")).toBe(threadId);
      expect(reply!.headers.get("from")).toBe("Kraf Technologies <hello@kraf.example>");
      expect(reply!.headers.get("to")).toBe("asha@example.com");
      expect(reply!.headers.get("reply-to")).toBe(sales.email);
      expect(reply!.headers.get("subject")).toBe("Your consultation request");
      expect(reply!.headers.get("in-reply-to")).toBe(threadId);
      expect(reply!.headers.get("references")).toBe(threadId);
      expect(reply!.text).toMatch(/^Dear Asha,\n\nWhen can we talk\?\n\nSam <script>\n\n--\nKraf Technologies · /);
      // The HTML part escapes what staff typed.
      expect(reply!.html).toContain("Sam &lt;script&gt;");
      expect(reply!.html).not.toContain("<script>");

      // The worker records the delivery just after the server has the message.
      const replyEntry = async () => (await timelineOf(database.db, subject)).find((entry) => entry.kind === "reply");
      await waitUntil(async () => (await replyEntry())?.delivery?.status === "sent");
      expect(await replyEntry()).toMatchObject({
        who: sales.name,
        subject: "Your consultation request",
        delivery: { status: "sent", attempts: 1 },
      });
      expect((await database.db.select().from(auditLog).where(eq(auditLog.action, "reply-sent"))).length).toBe(1);

      // Once the lead has an owner, the lead's answers go to the owner, whoever wrote the reply.
      await database.db.update(consultations).set({ ownerId: admin.id }).where(eq(consultations.id, subject.id));
      await sendReply(services(database.db), subject, { subject: "Following up", body: "Hello again.", idempotencyKey: "key-2" }, sales, "10.0.0.1");
      const [followUp] = await database.db.select({ params: outbox.params }).from(outbox).where(eq(outbox.subject, "Following up"));
      expect(followUp!.params.reply_to).toBe(admin.email);
    } finally {
      await worker.stop();
      await smtp.stop();
      await database.dispose();
    }
  });

  test(`a subject with a line break and a body over 64 KB are refused with a sentence, and nothing is queued (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const subject = await seed(database);
      const injected = await sendReply(
        services(database.db),
        subject,
        { subject: "Hello\r\nBcc: everyone@example.com", body: "Hi", idempotencyKey: "key-1" },
        sales,
        "10.0.0.1",
      );
      expect(injected).toEqual({ ok: false, field: "subject", message: "The subject must be a single line: remove the line break from it." });
      const tooLong = await sendReply(
        services(database.db),
        subject,
        { subject: "Hello", body: "a".repeat(65 * 1024), idempotencyKey: "key-2" },
        sales,
        "10.0.0.1",
      );
      expect(tooLong).toMatchObject({ ok: false, field: "body" });
      expect(tooLong.ok ? "" : tooLong.message).toMatch(/at most 64 KB; this one is 65 KB/);
      expect(await database.db.select().from(inboxReplies)).toEqual([]);
      expect(await database.db.select().from(outbox).where(eq(outbox.template, "inbox-reply"))).toEqual([]);
      expect((await leadState(database, subject.id)).firstResponseAt).toBeNull();
    } finally {
      await database.dispose();
    }
  });

  test(`the first reply stops the clock and moves a new lead to contacted once; a second reply or a repost changes neither (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const subject = await seed(database);
      const post = (key: string, user: StaffUser) =>
        sendReply(services(database.db), subject, { subject: "Your request", body: "Hello", idempotencyKey: key }, user, "10.0.0.1");
      const first = await post("key-1", sales);
      const after = await leadState(database, subject.id);
      expect(after.status).toBe("contacted");
      expect(after.firstResponseAt).toBeInstanceOf(Date);
      expect(await database.db.select().from(inboxStatusChanges)).toMatchObject([
        { consultationId: subject.id, fromStatus: "new", toStatus: "contacted", actorId: sales.id, actorName: sales.name },
      ]);

      // The same form posted twice: one reply, one message.
      expect(await post("key-1", sales)).toEqual(first);
      expect(await database.db.select().from(inboxReplies)).toHaveLength(1);

      await post("key-2", admin);
      expect(await database.db.select().from(inboxReplies)).toHaveLength(2);
      expect(await database.db.select().from(outbox).where(eq(outbox.template, "inbox-reply"))).toHaveLength(2);
      expect((await leadState(database, subject.id)).firstResponseAt).toEqual(after.firstResponseAt);
      expect(await database.db.select().from(inboxStatusChanges)).toHaveLength(1);
    } finally {
      await database.dispose();
    }
  });

  test(`a logged call is the first response too, and shows in the history with its note (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const subject = await seed(database);
      await logCall(database.db, subject, "Talked for 20 minutes; they want a quote.", sales, "10.0.0.1");
      const after = await leadState(database, subject.id);
      expect(after.status).toBe("contacted");
      expect(after.firstResponseAt).toBeInstanceOf(Date);
      const timeline = await timelineOf(database.db, subject);
      expect(timeline.map((entry) => entry.kind)).toEqual(["call", "status"]);
      expect(timeline[0]).toMatchObject({ kind: "call", who: sales.name, body: "Talked for 20 minutes; they want a quote." });
      expect((await database.db.select().from(auditLog).where(eq(auditLog.action, "call-logged"))).length).toBe(1);
    } finally {
      await database.dispose();
    }
  });
}
