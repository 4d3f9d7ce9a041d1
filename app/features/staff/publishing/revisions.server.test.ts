import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { readInsightInput } from "#app/features/staff/insights/insight-rules.ts";
import { changeInsightStatus, createInsight, insightContent, saveInsight } from "#app/features/staff/insights/insights-admin.server.ts";
import { readJobInput, type JobInput } from "#app/features/staff/jobs/job-rules.ts";
import { changeJobStatus, createJob, jobContent, saveJob } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { restoreRevision, revisionsOf, settleChanges, workingCopy } from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, contentRevisions, featuredInsights, jobs, staffUsers } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();
const ip = "10.0.0.9";

function jobInput(overrides: Record<string, string> = {}): JobInput {
  const read = readJobInput({
    title: "Data Engineer",
    department: "Data",
    jobType: "full-time",
    workplace: "remote",
    description: "<p>Pipelines.</p>",
    ...overrides,
  });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

const jobRow = async (db: Database, id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const keepFiles = async <Data>(data: Data) => ({ data, missing: [] });

for (const driver of drivers) {
  test(`a public job's changes wait as a draft until published or discarded; every save is a revision with who saved it (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values({ id: "rita", name: "Rita Recruiter", email: "rita@staff.example.com", roles: ["recruiter"] });
      const actor = { id: "rita", email: "rita@staff.example.com" };
      const { id } = (await createJob(db, jobInput(), actor, ip)) as { id: number };
      // A draft takes a save at once: visitors cannot see it either way.
      expect(await saveJob(db, id, 1, jobInput({ title: "Senior Data Engineer" }), actor, ip, false)).toMatchObject({
        ok: true,
        message: "The draft is saved.",
      });
      expect((await jobRow(db, id)).title).toBe("Senior Data Engineer");
      await changeJobStatus(db, id, "publish", actor, ip);

      // Saved as a draft on the open job: the careers page keeps the published text.
      let row = await jobRow(db, id);
      const draft = await saveJob(
        db,
        id,
        row.revision,
        jobInput({ title: "Lead Data Engineer", description: "<p>Pipelines and people.</p>" }),
        actor,
        ip,
        false,
      );
      expect(draft).toMatchObject({ ok: true, message: expect.stringContaining("Visitors still see the published job") });
      row = await jobRow(db, id);
      expect(row.title).toBe("Senior Data Engineer");
      let working = await workingCopy(db, jobContent, id, row);
      expect(working.data.title).toBe("Lead Data Engineer");
      expect(working.pendingFields).toEqual(["title", "description"]);

      // The editor who opened the job before that draft is refused, nothing lost.
      expect(await saveJob(db, id, row.revision - 1, jobInput({ title: "Other" }), actor, ip)).toMatchObject({ ok: false, status: 409 });

      // Publishing the changes puts them on the careers page.
      expect(await settleChanges(db, jobContent, { id, action: "publish", actor, ipAddress: ip })).toMatchObject({ ok: true });
      row = await jobRow(db, id);
      expect(row.title).toBe("Lead Data Engineer");
      expect((await workingCopy(db, jobContent, id, row)).pendingFields).toEqual([]);
      expect(await settleChanges(db, jobContent, { id, action: "publish", actor, ipAddress: ip })).toMatchObject({ ok: false, status: 409 });

      // Another draft, discarded: the form shows the published version again, and the history keeps both.
      await saveJob(db, id, row.revision, jobInput({ title: "Principal Data Engineer" }), actor, ip, false);
      expect(await settleChanges(db, jobContent, { id, action: "discard", actor, ipAddress: ip })).toMatchObject({ ok: true });
      row = await jobRow(db, id);
      working = await workingCopy(db, jobContent, id, row);
      expect([row.title, working.data.title, working.pendingFields]).toEqual(["Lead Data Engineer", "Lead Data Engineer", []]);

      const history = await revisionsOf(db, "job", id);
      expect(history.map((entry) => [entry.number, entry.origin, entry.savedByName])).toEqual([
        [5, "restored", "Rita Recruiter"],
        [4, "saved", "Rita Recruiter"],
        [3, "saved", "Rita Recruiter"],
        [2, "saved", "Rita Recruiter"],
        [1, "first", "Rita Recruiter"],
      ]);

      // Restoring revision 1 on the open job makes a draft of it and publishes nothing.
      const restored = await restoreRevision(db, jobContent, { id, number: 1, actor, ipAddress: ip, withoutMissingFiles: keepFiles });
      expect(restored).toMatchObject({ ok: true, message: expect.stringMatching(/^Revision 1 is restored as revision 6\. It is a draft: visitors still see/) });
      row = await jobRow(db, id);
      working = await workingCopy(db, jobContent, id, row);
      expect([row.title, working.data.title]).toEqual(["Lead Data Engineer", "Data Engineer"]);
      expect(await restoreRevision(db, jobContent, { id, number: 99, actor, ipAddress: ip, withoutMissingFiles: keepFiles })).toMatchObject({
        ok: false,
        status: 404,
      });

      // Closed, the job's page is still public: restoring waits for publishing too; publishing it then brings revision 1 back.
      await changeJobStatus(db, id, "close", actor, ip);
      await settleChanges(db, jobContent, { id, action: "publish", actor, ipAddress: ip });
      expect((await jobRow(db, id)).title).toBe("Data Engineer");

      const actions = await db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)));
      expect(actions.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(["job-edited", "changes-published", "changes-discarded", "revision-restored"]),
      );
      expect(actions.find((entry) => entry.action === "revision-restored")?.detail).toEqual({ revision: 1, as: 6 });
    } finally {
      await database.dispose();
    }
  });

  test(`an item from before versions were kept gets its content as revision 1, a restore on a draft takes effect at once, a missing banner is left empty, and deleting forgets the history (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    const actor = { id: null, email: "ed@staff.example.com" };
    try {
      const [legacy] = await db
        .insert(featuredInsights)
        .values({ title: "Written before", description: "<p>Old words.</p>", status: "draft", image: "/media/11111111-1111-4111-8111-111111111111/800.webp" })
        .returning();
      const read = readInsightInput({ title: "Written again", description: "<p>New words.</p>" });
      if (!read.ok) throw new Error("input");
      expect(await saveInsight(db, legacy!.id, legacy!.revision, read.input, actor, ip)).toMatchObject({ ok: true, message: "The draft is saved." });
      const history = await revisionsOf(db, "insight", legacy!.id);
      expect(history.map((entry) => [entry.number, entry.origin])).toEqual([
        [2, "saved"],
        [1, "first"],
      ]);
      // The banner was kept through the save (the form sent none).
      let [row] = await db.select().from(featuredInsights).where(eq(featuredInsights.id, legacy!.id));
      expect([row!.title, row!.image]).toEqual(["Written again", legacy!.image]);

      const restored = await restoreRevision(db, insightContent, {
        id: legacy!.id,
        number: 1,
        actor,
        ipAddress: ip,
        withoutMissingFiles: async (data) => ({ data: { ...data, image: null }, missing: ["The banner image"] }),
      });
      expect(restored).toMatchObject({
        ok: true,
        message: "Revision 1 is restored as revision 3. It is the draft now. The banner image of that revision was deleted since, so it is left empty.",
      });
      [row] = await db.select().from(featuredInsights).where(eq(featuredInsights.id, legacy!.id));
      expect([row!.title, row!.description, row!.image]).toEqual(["Written before", "<p>Old words.</p>", null]);

      const { id: other } = (await createInsight(db, read.input, actor, ip)) as { id: number };
      expect(await changeInsightStatus(db, legacy!.id, "delete", { actor, ipAddress: ip })).toMatchObject({ ok: true });
      const left = await db.select({ itemId: contentRevisions.itemId }).from(contentRevisions).where(eq(contentRevisions.contentType, "insight"));
      expect(left.map((entry) => entry.itemId)).toEqual([other]);
    } finally {
      await database.dispose();
    }
  });
}
