import { and, eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openJobs } from "#app/features/careers/jobs.server.ts";
import { changeEditionStatus, createEdition, editionContent, editionForEdit } from "#app/features/staff/events/editions-admin.server.ts";
import type { EditionInput } from "#app/features/staff/events/edition-rules.ts";
import { readJobInput } from "#app/features/staff/jobs/job-rules.ts";
import { changeJobStatus, createJob, jobContent, jobForEdit, listJobs } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { readInsightInput } from "#app/features/staff/insights/insight-rules.ts";
import { createInsight, insightContent } from "#app/features/staff/insights/insights-admin.server.ts";
import { cancelScheduledChanges, publishDueChanges, scheduleChanges, scheduledChangesOf } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { changesPublishers } from "#app/features/staff/publishing/scheduled-publishing.server.ts";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { auditLog, contentSchedules, staffUsers } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();
const ip = "10.0.0.9";
const actor = { id: "pia", email: "pia@staff.example.com" };
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

function jobInput(title: string) {
  const read = readJobInput({ title, department: "Engineering", jobType: "full-time", workplace: "remote", location: "India", description: "<p>Run it.</p>" });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

function editionInput(slug: string): EditionInput {
  const startsAt = new Date(Date.now() + 30 * DAY);
  return {
    title: `Summit ${slug}`,
    slug,
    summary: "A day of talks.",
    timeZone: "Asia/Kolkata",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 8 * HOUR),
    venue: { name: "Hall", streetAddress: "Road 1", locality: "Delhi", region: "Delhi", postalCode: "110003", countryCode: "IN", mapUrl: "" },
    capacity: 10,
    registrationOpensAt: null,
    registrationClosesAt: null,
    agenda: [],
    speakers: [],
    speakerSlots: [],
    recap: [],
    recapPhotos: [],
    newRecapPhotoAlt: "",
  };
}

const idOf = (answer: { ok: boolean; id?: number; message?: string }) => {
  if (!answer.ok || answer.id === undefined) throw new Error(answer.message);
  return answer.id;
};

for (const driver of drivers) {
  test(`a draft scheduled for a time is published once it comes, once though two processes look at once, in the scheduler's name (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    // On PostgreSQL the second process is a pool of its own; PGlite has one connection, so both look through it.
    const other = driver === "pg" ? await openDatabase(database.env) : null;
    try {
      await db.insert(staffUsers).values({ id: actor.id, name: "Pia Publisher", email: actor.email, roles: ["editor", "recruiter"] });
      const jobId = idOf(await createJob(db, jobInput("Data Engineer"), actor, ip));
      const at = new Date(Date.now() + HOUR);
      expect(await scheduleChanges(db, jobContent, { id: jobId, at, actor, ipAddress: ip })).toMatchObject({
        ok: true,
        message: "The job is scheduled: it is published by itself at the time shown, as it is saved then.",
      });
      expect(await scheduledChangesOf(db, "job", jobId)).toEqual({ publishAt: at, byName: "Pia Publisher" });
      // The staff list shows when it goes out.
      const listed = await listJobs(db, { search: "", status: null }, null);
      expect(listed.rows.find((row) => row.id === jobId)).toMatchObject({ status: "draft", scheduledAt: at });

      // Not due yet: nothing happens.
      expect(await publishDueChanges(db, changesPublishers, new Date())).toBe(0);
      expect((await jobForEdit(db, jobId))!.status).toBe("draft");

      // Due: two processes look at the same moment; it is published once.
      const later = new Date(at.getTime() + 1_000);
      const [one, two] = await Promise.all([publishDueChanges(db, changesPublishers, later), publishDueChanges(other?.db ?? db, changesPublishers, later)]);
      expect(one + two).toBe(1);
      expect((await jobForEdit(db, jobId))!.status).toBe("open");
      expect((await openJobs(db)).map((job) => job.title)).toContain("Data Engineer");
      expect(await db.select().from(contentSchedules)).toEqual([]);
      const entries = await db
        .select({ action: auditLog.action, actorId: auditLog.actorId, ipAddress: auditLog.ipAddress })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "job"), eq(auditLog.targetId, String(jobId))))
        .orderBy(auditLog.id);
      expect(entries.map((entry) => entry.action)).toEqual(["job-created", "publication-scheduled", "job-published"]);
      expect(entries.at(-1)).toMatchObject({ actorId: actor.id, ipAddress: "schedule" });

      // An edition: a time already past publishes it now.
      const editionId = idOf(await createEdition(db, editionInput("past-time"), actor, ip));
      expect(await scheduleChanges(db, editionContent, { id: editionId, at: new Date(Date.now() - 60_000), actor, ipAddress: ip })).toMatchObject({
        ok: true,
        message: expect.stringContaining("That time has passed, so the edition is published now"),
      });
      expect((await editionForEdit(db, editionId))!.status).toBe("published");

      // Publishing by hand, deleting and cancelling each end a draft's schedule.
      const byHand = idOf(await createEdition(db, editionInput("by-hand"), actor, ip));
      await scheduleChanges(db, editionContent, { id: byHand, at, actor, ipAddress: ip });
      expect(await changeEditionStatus(db, byHand, "publish", actor, ip)).toMatchObject({ ok: true });
      expect(await scheduledChangesOf(db, "edition", byHand)).toBeNull();
      const deleted = idOf(await createJob(db, jobInput("Gone Engineer"), actor, ip));
      await scheduleChanges(db, jobContent, { id: deleted, at, actor, ipAddress: ip });
      expect(await changeJobStatus(db, deleted, "delete", actor, ip)).toMatchObject({ ok: true });
      const cancelled = idOf(await createJob(db, jobInput("Later Engineer"), actor, ip));
      await scheduleChanges(db, jobContent, { id: cancelled, at, actor, ipAddress: ip });
      expect(await cancelScheduledChanges(db, jobContent, { id: cancelled, actor, ipAddress: ip })).toMatchObject({
        ok: true,
        message: "The schedule is cancelled: the job stays a draft until you publish it.",
      });
      expect(await db.select().from(contentSchedules)).toEqual([]);
      expect(await publishDueChanges(db, changesPublishers, new Date(at.getTime() + DAY))).toBe(0);
      expect((await jobForEdit(db, cancelled))!.status).toBe("draft");

      // An insight's draft keeps its own schedule (a date ahead): the core refuses to keep a second one.
      const insightInput = readInsightInput({ title: "Notes", category: "Security", authorName: "Eve Editor", tags: "", description: "<p>Hi.</p>" });
      if (!insightInput.ok) throw new Error(JSON.stringify(insightInput.errors));
      const insightId = idOf(await createInsight(db, insightInput.input, actor, ip));
      expect(await scheduleChanges(db, insightContent, { id: insightId, at, actor, ipAddress: ip })).toMatchObject({ ok: false, status: 409 });
    } finally {
      await other?.close();
      await database.dispose();
    }
  });
}
