import { NO_SOURCE_FILTER } from "#app/features/attribution/attribution.ts";
import { eq, inArray } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { featureDrivers, openTestDatabase } from "#tests/support/databases.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { boardMoveDraft, moveFromBoard, readBoard, readBoardQuery } from "#app/features/staff/board/board.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { inboxStatusChanges, jobApplications, jobs, outbox, scheduledRejections, staffUsers } from "#app/platform/db/schema.server.ts";
import { enqueue, type OutboxMessage } from "#app/platform/email/outbox.server.ts";

vi.setConfig({ testTimeout: 90_000 });

const recruiter: StaffUser = { id: "user-board", name: "Rita Recruiter", email: "rita@staff.example.com", roles: ["recruiter"], timeZone: null };
const DAY = 86_400_000;
const now = new Date("2026-11-26T12:00:00Z");

const moveServices = (db: Database) => ({
  db,
  env: { HIRING_INBOX: "careers@kraf.example", SITE_URL: "https://www.kraf.example" },
  outbox: {
    enqueue: <Name extends keyof typeof mailTemplates>(tx: Database, message: OutboxMessage<typeof mailTemplates, Name>) => enqueue(mailTemplates, tx, message),
  },
});

let seeded = 0;

/** An application to `jobId`, applied `daysAgo` before `now`, from `source` (none when null). */
async function apply(db: Database, jobId: number, fullName: string, daysAgo: number, source: string | null, status: "new" | "screening" = "new") {
  const n = ++seeded;
  const [row] = await db
    .insert(jobApplications)
    .values({
      jobId,
      fullName,
      email: `candidate${n}@example.com`,
      phone: "+91 98100 00000",
      resumeKey: `careers/board-${n}.pdf`,
      resumeName: "cv.pdf",
      resumeContentType: "application/pdf",
      resumeSize: 100,
      consentAt: now,
      consentVersion: "careers-2026-01",
      reference: `APP-BOARD-${String(n).padStart(4, "0")}`,
      status,
      createdAt: new Date(now.getTime() - daysAgo * DAY),
      attribution: source ? { source } : null,
    })
    .returning({ id: jobApplications.id });
  return row!.id;
}

const boardQuery = (search = "") => readBoardQuery(new Request(`https://www.kraf.example/staff/jobs/1/board${search}`));

for (const driver of await featureDrivers()) {
  test(`the board puts each application under its stage with its days there, filters by source and applied date, and counts each source (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const [job, other] = await db
        .insert(jobs)
        .values([{ title: "Backend Engineer" }, { title: "Designer" }])
        .returning({ id: jobs.id });
      const asha = await apply(db, job!.id, "Asha Verma", 10, "linkedin");
      const bilal = await apply(db, job!.id, "Bilal Khan", 5, null, "screening");
      await apply(db, job!.id, "Chen Li", 1, "linkedin");
      await apply(db, other!.id, "Dana Other", 1, "linkedin");
      // Bilal reached Screening four days ago: the status change's time, not the day he applied.
      await db.insert(inboxStatusChanges).values({
        applicationId: bilal,
        fromStatus: "new",
        toStatus: "screening",
        actorName: "Rita Recruiter",
        createdAt: new Date(now.getTime() - 4 * DAY - 3_600_000),
      });

      const board = await readBoard(db, job!.id, boardQuery(), "UTC", now);
      expect(board!.job.title).toBe("Backend Engineer");
      expect(board!.total).toBe(3);
      const column = (stage: string) => board!.columns.find((c) => c.stage === stage)!.cards;
      expect(column("new").map((c) => [c.fullName, c.daysInStage, c.source])).toEqual([
        ["Chen Li", 1, "linkedin"],
        ["Asha Verma", 10, "linkedin"],
      ]);
      expect(column("screening").map((c) => [c.fullName, c.daysInStage, c.source])).toEqual([["Bilal Khan", 4, null]]);
      expect(column("interview")).toEqual([]);
      expect(board!.columns.map((c) => c.stage)).toEqual(["new", "screening", "interview", "offer", "hired", "rejected"]);
      expect(board!.sources).toEqual([
        { source: "linkedin", applications: 2 },
        { source: null, applications: 1 },
      ]);

      const linkedIn = await readBoard(db, job!.id, boardQuery("?source=LinkedIn"), "UTC", now);
      expect(linkedIn!.columns.flatMap((c) => c.cards.map((card) => card.id)).sort()).toEqual([asha, asha + 2].sort());
      // The counts stay over every source, so the others can be chosen next.
      expect(linkedIn!.sources).toHaveLength(2);
      // "Direct or unknown" is a source to filter by like the others.
      const direct = await readBoard(db, job!.id, boardQuery(`?source=${encodeURIComponent(NO_SOURCE_FILTER)}`), "UTC", now);
      expect(direct!.columns.flatMap((c) => c.cards.map((card) => card.fullName))).toEqual(["Bilal Khan"]);
      expect(direct!.total).toBe(1);
      expect(direct!.sources).toEqual(board!.sources);

      const lastWeek = await readBoard(db, job!.id, boardQuery("?from=2026-11-19&to=2026-11-24"), "UTC", now);
      expect(lastWeek!.columns.flatMap((c) => c.cards.map((card) => card.fullName))).toEqual(["Bilal Khan"]);
      expect(lastWeek!.sources).toEqual([{ source: null, applications: 1 }]);

      expect(await readBoard(db, 999_999, boardQuery(), "UTC", now)).toBeNull();
      expect(() => boardQuery("?from=2026-02-30")).toThrow();
    } finally {
      await database.dispose();
    }
  });

  test(`moving several from the board sends each candidate the stage's email with their own name once, and leaves an application someone else moved (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      await db.insert(staffUsers).values(recruiter);
      const [job, other] = await db
        .insert(jobs)
        .values([{ title: "Backend Engineer" }, { title: "Designer" }])
        .returning({ id: jobs.id });
      const asha = await apply(db, job!.id, "Asha Verma", 3, "linkedin");
      const bilal = await apply(db, job!.id, "Bilal Khan", 2, null);
      const chen = await apply(db, job!.id, "Chen Li", 2, null, "screening");
      const elsewhere = await apply(db, other!.id, "Dana Other", 1, null);

      const one = await boardMoveDraft(db, job!.id, [`${asha}:new`], "interview");
      expect(one.ok && one.draft?.body).toMatch(/^Dear Asha Verma,/);
      const several = await boardMoveDraft(db, job!.id, [`${asha}:new`, `${bilal}:new`, `${elsewhere}:new`], "interview");
      expect(several.ok && several.moving.map((a) => a.fullName)).toEqual(["Asha Verma", "Bilal Khan"]);
      expect(several.ok && several.draft?.body).toMatch(/^Dear \{\{name\}\},/);
      expect((await boardMoveDraft(db, job!.id, [], "interview")).ok).toBe(false);

      const post = {
        // Chen was seen at New, but someone moved him to Screening since.
        applications: [`${asha}:new`, `${bilal}:new`, `${chen}:new`, `${elsewhere}:new`],
        to: "interview",
        email: "send",
        when: "now",
        subject: "Interview for {{job}}",
        body: "Dear {{name}}, we would like to meet you. Reference {{reference}}.",
        idempotencyKey: "board-key-1",
      };
      const result = await moveFromBoard(moveServices(db), job!.id, post, recruiter, "10.0.0.1");
      expect(result).toMatchObject({ ok: true, moved: 2, scheduled: 0 });
      expect(result.ok && result.outboxIds).toHaveLength(2);
      expect(result.ok && result.refused.map((r) => [r.fullName, r.message])).toEqual([["Chen Li", expect.stringContaining("Screening")]]);

      const statuses = await db
        .select({ id: jobApplications.id, status: jobApplications.status })
        .from(jobApplications)
        .where(inArray(jobApplications.id, [asha, bilal, chen, elsewhere]));
      expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
        [asha]: "interview",
        [bilal]: "interview",
        [chen]: "screening",
        [elsewhere]: "new",
      });
      const references = await db.select({ id: jobApplications.id, reference: jobApplications.reference }).from(jobApplications);
      const referenceOf = (id: number) => references.find((r) => r.id === id)!.reference;
      const mails = await db.select({ params: outbox.params }).from(outbox).where(eq(outbox.template, "application-stage-email")).orderBy(outbox.id);
      expect(mails.map((m) => [(m.params as { subject: string }).subject, (m.params as { body: string }).body])).toEqual([
        ["Interview for Backend Engineer", `Dear Asha Verma, we would like to meet you. Reference ${referenceOf(asha)}.`],
        ["Interview for Backend Engineer", `Dear Bilal Khan, we would like to meet you. Reference ${referenceOf(bilal)}.`],
      ]);

      // The same confirmation posted again (a double click) moves and sends nothing more.
      const again = await moveFromBoard(moveServices(db), job!.id, post, recruiter, "10.0.0.1");
      expect(again).toMatchObject({ ok: true, moved: 2 });
      expect(await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.template, "application-stage-email"))).toHaveLength(2);

      // An unknown placeholder is refused before anything moves.
      const refused = await moveFromBoard(
        moveServices(db),
        job!.id,
        { ...post, applications: [`${chen}:screening`], body: "Hi {{first}}" },
        recruiter,
        "10.0.0.1",
      );
      expect(refused).toMatchObject({ ok: false, status: 400, field: "body" });
      expect((await db.select({ status: jobApplications.status }).from(jobApplications).where(eq(jobApplications.id, chen)))[0]!.status).toBe("screening");

      // A rejection scheduled from the board is the move page's scheduled rejection: nothing moves until it is due.
      const scheduled = await moveFromBoard(
        moveServices(db),
        job!.id,
        { applications: [`${chen}:screening`], to: "rejected", email: "skip", when: "scheduled", idempotencyKey: "board-key-2" },
        recruiter,
        "10.0.0.1",
      );
      expect(scheduled).toMatchObject({ ok: true, moved: 1, scheduled: 1 });
      expect(await db.select({ state: scheduledRejections.state }).from(scheduledRejections).where(eq(scheduledRejections.applicationId, chen))).toEqual([
        { state: "scheduled" },
      ]);
    } finally {
      await database.dispose();
    }
  });
}
