import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openTestDatabase, featureDrivers, type TestDatabase } from "#tests/support/databases.ts";
import { parseMail, startSmtpServer, waitUntil } from "#tests/support/mail.ts";
import { applicationConfirmationMessageId } from "#app/features/careers/application-emails.server.ts";
import { DEFAULT_BUSINESS_HOURS } from "#app/features/leads/business-time.ts";
import { rejectionDueAt } from "#app/features/careers/stage-email-rules.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { timelineOf } from "#app/features/staff/inbox.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import {
  cancelScheduledRejection,
  carryOutDueRejections,
  confirmationThreadOf,
  moveApplication,
  moveDraftFor,
  pendingRejectionOf,
  readStageEmails,
  saveStageSending,
  saveStageTemplate,
} from "#app/features/staff/stage-emails/stage-emails.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { applicationStageEmails, auditLog, jobApplications, jobs, outbox, scheduledRejections, staffUsers } from "#app/platform/db/schema.server.ts";
import { enqueue, startOutboxWorker, type OutboxMessage } from "#app/platform/email/outbox.server.ts";
import { createSmtpTransport } from "#app/platform/email/smtp-transport.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const recruiter: StaffUser = { id: "user-recruiter", name: "Rita Recruiter", email: "rita@staff.example.com", roles: ["recruiter"], timeZone: null };
const admin: StaffUser = { id: "user-admin", name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin"], timeZone: null };
const MAIL_FROM = '"Kraf Technologies" <hello@kraf.example>';
const SITE_URL = "https://www.kraf.example";
const HIRING_INBOX = "careers@kraf.example";

/** What the stage emails use of the services: the database, the outbox's enqueue over the app's templates, and two settings. */
const services = (db: Database) => ({
  db,
  env: { HIRING_INBOX, SITE_URL },
  outbox: {
    enqueue: <Name extends keyof typeof mailTemplates>(tx: Database, message: OutboxMessage<typeof mailTemplates, Name>) => enqueue(mailTemplates, tx, message),
  },
});

let references = 0;

/** An application for a job at `status`, with its confirmation queued as the site does (its own Message-ID unless `threadId` is false). */
async function seedApplication(database: TestDatabase, status: "new" | "screening" | "interview" = "new", { threadId = true } = {}): Promise<number> {
  const { db } = database;
  const [job] = await db.insert(jobs).values({ title: "Backend Engineer" }).returning({ id: jobs.id });
  const reference = `APP-2026-${String(++references).padStart(6, "0")}`;
  const [row] = await db
    .insert(jobApplications)
    .values({
      jobId: job!.id,
      fullName: "Asha Verma",
      email: "asha@example.com",
      phone: "+91 98100 00000",
      resumeKey: `careers/${reference}.pdf`,
      resumeName: "cv.pdf",
      resumeContentType: "application/pdf",
      resumeSize: 100,
      consentAt: new Date(),
      consentVersion: "careers-2026-01",
      reference,
      status,
    })
    .returning({ id: jobApplications.id });
  const id = row!.id;
  const params = {
    to_email: "asha@example.com",
    full_name: "Asha Verma",
    phone: "+91 98100 00000",
    position: "Backend Engineer",
    reference,
    portfolio_url: "",
    years_experience: "",
    cover_letter: "",
    resume_name: "cv.pdf",
    job_url: "",
  };
  await enqueue(mailTemplates, db, {
    template: "job-application-confirmation",
    to: "asha@example.com",
    params,
    applicationId: id,
    ...(threadId ? { messageId: applicationConfirmationMessageId(id, SITE_URL) } : {}),
  });
  return id;
}

const statusOf = async (db: Database, id: number) =>
  (await db.select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, id)))[0]?.status;
const stageEmailsOf = (db: Database, id: number) =>
  db
    .select()
    .from(outbox)
    .where(eq(outbox.applicationId, id))
    .then((rows) => rows.filter((r) => r.template === "application-stage-email"));

for (const driver of await featureDrivers()) {
  test(`a move sends the recruiter's edited email from the hiring team, threaded under the confirmation, and the history shows it delivered (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    const worker = startOutboxWorker({
      db: database.db,
      templates: mailTemplates,
      transport: createSmtpTransport(smtp.url),
      from: MAIL_FROM,
      senders: { sales: { name: "Kraf Sales", address: "sales@kraf.example" }, hiring: { name: "Kraf Technologies Careers", address: HIRING_INBOX } },
      maxAttempts: 3,
      pollIntervalMs: 60_000,
    });
    try {
      await database.db.insert(staffUsers).values([recruiter, admin]);
      const id = await seedApplication(database);
      const draft = await moveDraftFor(database.db, id, "interview");
      expect(draft).toMatchObject({ to: "interview", offersEmail: true, scheduledAt: null, pending: null });
      expect(draft?.draft?.body).toMatch(/^Dear Asha Verma,\n\nWe enjoyed reading your application for Backend Engineer/);

      const post = {
        from: "new",
        to: "interview",
        email: "send",
        when: "now",
        subject: draft!.draft!.subject,
        body: `${draft!.draft!.body}\n\nP.S. <b>Bring</b> a laptop.`,
      };
      const moved = await moveApplication(services(database.db), id, { ...post, idempotencyKey: "key-1" }, recruiter, "10.0.0.1");
      expect(moved).toMatchObject({ ok: true, scheduledAt: null });
      expect(await statusOf(database.db, id)).toBe("interview");
      // The same form posted again: no second email, no second move.
      expect(await moveApplication(services(database.db), id, { ...post, idempotencyKey: "key-1" }, recruiter, "10.0.0.1")).toEqual(moved);
      expect(await stageEmailsOf(database.db, id)).toHaveLength(1);

      worker.nudge();
      await waitUntil(() => smtp.received.length === 2);
      const mails = smtp.received.map((mail) => parseMail(mail.raw));
      const stageMail = mails.find((mail) => mail.headers.get("subject")?.startsWith("Let's talk"))!;
      const threadId = `<application-${id}-confirmation@www.kraf.example>`;
      expect(mails.find((mail) => mail.headers.get("subject")?.startsWith("We received"))!.headers.get("message-id")).toBe(threadId);
      expect(stageMail.headers.get("in-reply-to")).toBe(threadId);
      expect(stageMail.headers.get("references")).toBe(threadId);
      expect(stageMail.headers.get("from")).toBe(`Kraf Technologies Careers <${HIRING_INBOX}>`);
      expect(stageMail.headers.get("to")).toBe("asha@example.com");
      expect(stageMail.text).toContain("P.S. <b>Bring</b> a laptop.");
      expect(stageMail.html).toContain("&lt;b&gt;Bring&lt;/b&gt;");

      const emailEntry = async () => (await timelineOf(database.db, { type: "application", id })).find((entry) => entry.kind === "reply");
      await waitUntil(async () => (await emailEntry())?.delivery?.status === "sent");
      expect(await emailEntry()).toMatchObject({ who: recruiter.name, subject: stageMail.headers.get("subject"), delivery: { status: "sent" } });

      // Someone else, still looking at "New", is refused and nothing is sent.
      const stale = await moveApplication(services(database.db), id, { ...post, to: "offer", idempotencyKey: "key-2" }, admin, "10.0.0.2");
      expect(stale).toMatchObject({ ok: false, status: 409, current: "interview" });
      // Skipping the email moves without one.
      expect(
        await moveApplication(services(database.db), id, { from: "interview", to: "offer", email: "skip", idempotencyKey: "key-3" }, admin, "10.0.0.2"),
      ).toMatchObject({
        ok: true,
        outboxId: null,
      });
      expect(await stageEmailsOf(database.db, id)).toHaveLength(1);
      expect(await statusOf(database.db, id)).toBe("offer");
    } finally {
      await worker.stop();
      await smtp.stop();
      await database.dispose();
    }
  });

  test(`a confirmation queued without a Message-ID of its own is threaded by the one the transport gave it (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const id = await seedApplication(database, "new", { threadId: false });
      const [confirmation] = await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.applicationId, id));
      expect(await confirmationThreadOf(database.db, id, HIRING_INBOX)).toBe(`<outbox-${confirmation!.id}@kraf.example>`);
      await database.db.delete(outbox).where(eq(outbox.applicationId, id));
      expect(await confirmationThreadOf(database.db, id, HIRING_INBOX)).toBe("");
    } finally {
      await database.dispose();
    }
  });

  test(`a scheduled rejection happens once when due, however many look at once; a cancelled or overtaken one never (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      await db.insert(staffUsers).values([recruiter, admin]);
      const [due, cancelled, overtaken] = [
        await seedApplication(database, "interview"),
        await seedApplication(database, "screening"),
        await seedApplication(database),
      ];
      const reject = (id: number, from: string, key: string) =>
        moveApplication(
          services(db),
          id,
          { from, to: "rejected", email: "send", when: "scheduled", subject: "Your application", body: "Thank you.", idempotencyKey: key },
          recruiter,
          "10.0.0.1",
        );

      const scheduled = await reject(due, "interview", "k1");
      expect(scheduled).toMatchObject({ ok: true, outboxId: null });
      // Two business days of working time from now, by the business hours in force (the defaults here).
      const dueAt = new Date(scheduled.ok ? scheduled.scheduledAt! : "");
      expect(Math.abs(dueAt.getTime() - rejectionDueAt(new Date(), DEFAULT_BUSINESS_HOURS).getTime())).toBeLessThan(60_000);
      expect(await pendingRejectionOf(db, due)).toMatchObject({ withEmail: true, by: recruiter.name });
      // Until it is due the candidate's stage does not change, and a second one is refused.
      expect(await statusOf(db, due)).toBe("interview");
      expect(await reject(due, "interview", "k2")).toMatchObject({ ok: false, status: 409, field: "when" });
      expect(await carryOutDueRejections(services(db))).toEqual({ done: 0, superseded: 0 });

      await reject(cancelled, "screening", "k3");
      expect(await cancelScheduledRejection(db, cancelled, admin, "10.0.0.2")).toBe(true);
      expect(await cancelScheduledRejection(db, cancelled, admin, "10.0.0.2")).toBe(false);
      await reject(overtaken, "new", "k4");
      expect(
        await moveApplication(services(db), overtaken, { from: "new", to: "screening", email: "skip", when: "now", idempotencyKey: "k5" }, admin, "10.0.0.2"),
      ).toMatchObject({ ok: true });

      // Three processes look after it is due: one carries it out.
      const later = new Date(dueAt.getTime() + 1_000);
      const runs = await Promise.all([1, 2, 3].map(() => carryOutDueRejections(services(db), later)));
      expect(runs.reduce((sum, run) => sum + run.done, 0)).toBe(1);
      expect(await statusOf(db, due)).toBe("rejected");
      expect(await stageEmailsOf(db, due)).toMatchObject([
        { subject: "Your application", params: { in_reply_to: `<application-${due}-confirmation@www.kraf.example>` } },
      ]);
      expect(await pendingRejectionOf(db, due)).toBeNull();
      expect((await timelineOf(db, { type: "application", id: due })).map((entry) => entry.kind)).toEqual(["reply", "status"]);
      // Once gone, it cannot be cancelled.
      expect(await cancelScheduledRejection(db, due, admin, "10.0.0.2")).toBe(false);

      expect(await statusOf(db, cancelled)).toBe("screening");
      expect(await statusOf(db, overtaken)).toBe("screening");
      expect(await stageEmailsOf(db, cancelled)).toEqual([]);
      expect(await stageEmailsOf(db, overtaken)).toEqual([]);
      expect((await db.select({ state: scheduledRejections.state }).from(scheduledRejections).orderBy(scheduledRejections.id)).map((r) => r.state)).toEqual([
        "done",
        "cancelled",
        "superseded",
      ]);
      const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
      expect(actions.filter((a) => a === "rejection-scheduled")).toHaveLength(3);
      expect(actions.filter((a) => a === "rejection-cancelled")).toHaveLength(1);
    } finally {
      await database.dispose();
    }
  });

  test(`an admin's template with an unknown placeholder is refused and nothing is saved; a recruiter's choice per stage is kept (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      await db.insert(staffUsers).values([recruiter, admin]);
      const refused = await saveStageTemplate(db, "interview", { subject: "Interview", body: "Dear {{name}}, see you on {{date}}." }, admin, "10.0.0.2");
      expect(refused).toMatchObject({ ok: false, status: 400, field: "body", message: expect.stringContaining("{{date}}") });
      expect(await db.select().from(applicationStageEmails)).toEqual([]);

      expect(
        await saveStageTemplate(db, "interview", { subject: "Interview for {{job}}", body: "Dear {{name}}, ref {{reference}}." }, admin, "10.0.0.2"),
      ).toMatchObject({ ok: true });
      expect(await saveStageSending(db, "screening", true, recruiter, "10.0.0.1")).toMatchObject({ ok: true });
      expect(await saveStageSending(db, "rejected", false, recruiter, "10.0.0.1")).toMatchObject({ ok: true });
      expect(await saveStageSending(db, "new", true, recruiter, "10.0.0.1")).toMatchObject({ ok: false, status: 400 });
      const settings = Object.fromEntries((await readStageEmails(db)).map((s) => [s.stage, s]));
      expect(settings.interview).toMatchObject({ sendsEmail: true, subject: "Interview for {{job}}", saved: true });
      expect(settings.screening).toMatchObject({ sendsEmail: true, saved: true });
      expect(settings.rejected).toMatchObject({ sendsEmail: false, saved: true });
      expect(settings.offer).toMatchObject({ saved: false });

      const id = await seedApplication(database);
      expect((await moveDraftFor(db, id, "interview"))?.draft).toEqual({
        subject: "Interview for Backend Engineer",
        body: `Dear Asha Verma, ref APP-2026-${String(references).padStart(6, "0")}.`,
      });
      expect(await moveDraftFor(db, id, "rejected")).toMatchObject({ offersEmail: false, scheduledAt: expect.any(String) });
    } finally {
      await database.dispose();
    }
  });
}
