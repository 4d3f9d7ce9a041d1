import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { readJobInput, type JobInput } from "#app/features/staff/jobs/job-rules.ts";
import { changeJobStatus, createJob, jobContent, jobForEdit, listJobs, saveJob } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { findOpenJobByTitle } from "#app/features/careers/jobs.server.ts";
import { settleChanges, workingCopy } from "#app/features/staff/publishing/revisions.server.ts";
import { auditLog, jobApplications, jobs } from "#app/platform/db/schema.server.ts";
import { contentVersionWatch, openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const actor = { id: null, email: "rita@staff.example.com" };

function input(overrides: Record<string, string> = {}): JobInput {
  const read = readJobInput({
    title: "Platform Engineer",
    department: "Engineering",
    jobType: "full-time",
    workplace: "remote",
    location: "India",
    description: "<p>Run it.</p>",
    ...overrides,
  });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

for (const driver of drivers) {
  test(`a draft is created, edited on its revision, published, closed, reopened; the Posted date moves only with the content (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      const created = await createJob(db, input({ description: '<p onclick="x()">Run it.</p><script>alert(1)</script>' }), actor, "10.0.0.1");
      expect(created).toMatchObject({ ok: true });
      const id = (created as { id: number }).id;
      let job = (await jobForEdit(db, id))!;
      expect(job).toMatchObject({ status: "draft", effectiveStatus: "draft", revision: 1, workplace: "remote", applications: 0 });
      // Sanitised on write: what is stored is what will be rendered.
      expect(job.description).toBe("<p>Run it.</p>");
      // Every write to the table moves the content version (a trigger, decision 023), drafts too.
      const contentChanged = await contentVersionWatch(db);

      // Someone saved in between: refused, nothing written.
      expect(await saveJob(db, id, 0, input({ title: "Stale" }), actor, "10.0.0.1")).toMatchObject({ ok: false, status: 409 });
      expect((await jobForEdit(db, id))!.title).toBe("Platform Engineer");
      expect(await saveJob(db, id, 1, input(), actor, "10.0.0.1")).toEqual({ ok: true, id, message: "Nothing changed, so nothing was saved.", revision: 1 });

      expect(await changeJobStatus(db, id, "publish", actor, "10.0.0.1")).toMatchObject({ ok: true, message: expect.stringContaining("is published") });
      job = (await jobForEdit(db, id))!;
      expect(job.status).toBe("open");
      expect(await contentChanged()).toBe(true);
      const posted = job.updatedAt!.getTime();

      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await changeJobStatus(db, id, "close", actor, "10.0.0.1")).toMatchObject({ ok: true });
      expect(await changeJobStatus(db, id, "close", actor, "10.0.0.1")).toMatchObject({ ok: false, status: 409 });
      expect(await changeJobStatus(db, id, "reopen", actor, "10.0.0.1")).toMatchObject({ ok: true });
      job = (await jobForEdit(db, id))!;
      expect(job.updatedAt!.getTime()).toBe(posted);
      expect(job.changedAt.getTime()).toBeGreaterThan(posted);
      expect(await contentChanged()).toBe(true);

      const saved = await saveJob(
        db,
        id,
        job.revision,
        input({ title: "Senior Platform Engineer", salaryMin: "100", salaryMax: "200", salaryCurrency: "USD", salaryPeriod: "HOUR" }),
        actor,
        "10.0.0.1",
      );
      expect(saved).toMatchObject({ ok: true, message: expect.stringContaining("The public page shows the change") });
      job = (await jobForEdit(db, id))!;
      expect(job).toMatchObject({ title: "Senior Platform Engineer", salaryMin: 100, salaryMax: 200, salaryCurrency: "USD", salaryPeriod: "HOUR" });
      expect(job.updatedAt!.getTime()).toBeGreaterThan(posted);
      expect(await contentChanged()).toBe(true);

      const audited = await db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)))
        .orderBy(auditLog.id);
      expect(audited.map((entry) => entry.action)).toEqual(["job-created", "job-published", "job-closed", "job-reopened", "job-edited"]);
      expect(audited.at(-1)!.detail).toEqual({ fields: "title, salaryMin, salaryMax, salaryCurrency, salaryPeriod" });
    } finally {
      await database.dispose();
    }
  });

  test(`a job with applications cannot be deleted, one without can; the list counts and filters (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      const applied = (await createJob(
        db,
        input({ title: "Applied Job", salaryMin: "1200000", salaryMax: "1800000", salaryCurrency: "INR", salaryPeriod: "YEAR" }),
        actor,
        "10.0.0.1",
      )) as { id: number };
      const empty = (await createJob(db, input({ title: "Empty Job", department: "Sales" }), actor, "10.0.0.1")) as { id: number };
      await changeJobStatus(db, applied.id, "publish", actor, "10.0.0.1");
      await db.insert(jobApplications).values({
        jobId: applied.id,
        position: "Applied Job",
        fullName: "Asha Rao",
        email: "asha@example.com",
        phone: "+91 98765 43210",
        resumeKey: "careers/x.pdf",
        resumeName: "x.pdf",
        resumeContentType: "application/pdf",
        resumeSize: 10,
        consentAt: new Date(),
        consentVersion: "1",
        reference: "APP-2026-TEST01",
      });
      expect(await changeJobStatus(db, applied.id, "delete", actor, "10.0.0.1")).toEqual({
        ok: false,
        status: 409,
        message: "This job has 1 application, so it stays for the record. Close it instead.",
      });
      const list = await listJobs(db, { search: "", status: null }, null);
      expect(list.rows.map((row) => [row.title, row.status, row.applications, row.salary])).toEqual([
        ["Applied Job", "open", 1, "₹12,00,000 – ₹18,00,000 per year"],
        ["Empty Job", "draft", 0, null],
      ]);
      expect((await listJobs(db, { search: "sales", status: null }, null)).rows.map((row) => row.title)).toEqual(["Empty Job"]);
      expect((await listJobs(db, { search: "", status: "open" }, null)).total).toEqual({ n: 1, atLeast: false });
      // Past its closing date: listed as closed.
      await db
        .update(jobs)
        .set({ closesAt: new Date(Date.now() - 60_000) })
        .where(eq(jobs.id, applied.id));
      expect((await listJobs(db, { search: "", status: "closed" }, null)).rows.map((row) => row.title)).toEqual(["Applied Job"]);

      expect(await changeJobStatus(db, empty.id, "delete", actor, "10.0.0.1")).toMatchObject({ ok: true });
      expect(await jobForEdit(db, empty.id)).toBeNull();
      expect(await changeJobStatus(db, empty.id, "publish", actor, "10.0.0.1")).toMatchObject({ ok: false, status: 404 });
    } finally {
      await database.dispose();
    }
  });
}

for (const driver of drivers) {
  test(`a public job's questions wait as a draft of changes and reach candidates when published (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      const question = { "q1-label": "Right to work in India?", "q1-type": "yes-no", "q1-required": "on", "q1-knockout": "No" };
      const id = ((await createJob(db, input(), actor, "10.0.0.1")) as { id: number }).id;
      await changeJobStatus(db, id, "publish", actor, "10.0.0.1");
      const { revision } = (await jobForEdit(db, id))!;
      expect(await saveJob(db, id, revision, input(question), actor, "10.0.0.1", false)).toMatchObject({ ok: true });
      // Candidates still see the job as published: no questions yet.
      expect((await findOpenJobByTitle(db, "Platform Engineer"))!.questions).toEqual([]);
      const pending = await workingCopy(db, jobContent, id, (await jobForEdit(db, id))!);
      expect(pending.pendingFields).toEqual(["questions"]);
      expect(await settleChanges(db, jobContent, { id, action: "publish", actor, ipAddress: "10.0.0.1" })).toMatchObject({ ok: true });
      expect((await findOpenJobByTitle(db, "Platform Engineer"))!.questions).toEqual([
        { label: "Right to work in India?", type: "yes-no", required: true, choices: [], knockout: "no", min: null, max: null },
      ]);
    } finally {
      await database.dispose();
    }
  });
}
