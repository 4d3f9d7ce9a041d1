import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { writtenPageAt } from "#app/content/pages/index.ts";
import { blockValues } from "#app/features/site-pages/page-blocks.ts";
import { listSitePages, pageContent, publishedPageData } from "#app/features/site-pages/site-pages.server.ts";
import { readPageInput } from "#app/features/staff/pages/page-editor.server.ts";
import { saveContent, settleChanges } from "#app/features/staff/publishing/revisions.server.ts";
import { cancelScheduledChanges, publishDueChanges, scheduleChanges, scheduledChangesOf } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { changesPublishers } from "#app/features/staff/publishing/scheduled-publishing.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, contentSchedules, staffUsers } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, testDrivers, uncachedReads } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();
const ip = "10.0.0.9";
const actor = { id: "sam", email: "sam@staff.example.com" };
const HOUR = 60 * 60_000;
/** Saves /crm's title changed to `title` as a draft of changes; answers the page's id. */
async function draftTitle(db: Database, title: string): Promise<number> {
  const crm = (await listSitePages(db)).find((page) => page.path === "/crm")!;
  const written = writtenPageAt("/crm")!;
  const read = readPageInput({ title, description: written.description, ...blockValues(written.sections) });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  const row = (await pageContent.lock(db, crm.id))!;
  const saved = await saveContent(db, pageContent, { id: crm.id, shownRevision: row.revision, data: () => read.input, publish: false, actor, ipAddress: ip });
  expect(saved).toMatchObject({ ok: true });
  return crm.id;
}

const liveTitle = async (db: Database) => (await publishedPageData(uncachedReads(db), "/crm"))!.title;

for (const driver of drivers) {
  test(`changes scheduled for a time are published once it comes, by one process, in the scheduler's name; a past time publishes now (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values({ id: actor.id, name: "Sam Scheduler", email: actor.email, roles: ["editor"] });
      const id = await draftTitle(db, "CRM that sells");
      const at = new Date(Date.now() + HOUR);
      expect(await scheduleChanges(db, pageContent, { id, at, actor, ipAddress: ip })).toMatchObject({
        ok: true,
        message: expect.stringContaining("scheduled"),
      });
      expect(await scheduledChangesOf(db, "page", id)).toEqual({ publishAt: at, byName: "Sam Scheduler" });

      // Not yet due: nothing happens. Due: two processes looking at once publish it once.
      expect(await publishDueChanges(db, changesPublishers, new Date())).toBe(0);
      expect(await liveTitle(db)).toBe("CRM Solutions");
      const later = new Date(at.getTime() + 1_000);
      const [one, two] = await Promise.all([publishDueChanges(db, changesPublishers, later), publishDueChanges(db, changesPublishers, later)]);
      expect(one + two).toBe(1);
      expect(await liveTitle(db)).toBe("CRM that sells");
      expect(await db.select().from(contentSchedules)).toEqual([]);
      const entries = await db
        .select({ action: auditLog.action, actorId: auditLog.actorId })
        .from(auditLog)
        .where(eq(auditLog.targetType, "page"))
        .orderBy(auditLog.id);
      expect(entries.slice(-2)).toEqual([
        { action: "changes-scheduled", actorId: actor.id },
        { action: "changes-published", actorId: actor.id },
      ]);

      // A time already past publishes at once.
      await draftTitle(db, "CRM that serves");
      expect(await scheduleChanges(db, pageContent, { id, at: new Date(Date.now() - 60_000), actor, ipAddress: ip })).toMatchObject({
        ok: true,
        message: expect.stringContaining("That time has passed, so the changes are published now"),
      });
      expect(await liveTitle(db)).toBe("CRM that serves");

      // Nothing waiting: nothing to schedule. Discarding or cancelling ends a schedule.
      expect(await scheduleChanges(db, pageContent, { id, at, actor, ipAddress: ip })).toMatchObject({ ok: false, status: 409 });
      await draftTitle(db, "CRM for later");
      await scheduleChanges(db, pageContent, { id, at, actor, ipAddress: ip });
      await settleChanges(db, pageContent, { id, action: "discard", actor, ipAddress: ip });
      expect(await scheduledChangesOf(db, "page", id)).toBeNull();
      await draftTitle(db, "CRM for later");
      await scheduleChanges(db, pageContent, { id, at, actor, ipAddress: ip });
      expect(await cancelScheduledChanges(db, pageContent, { id, actor, ipAddress: ip })).toMatchObject({ ok: true });
      expect(await cancelScheduledChanges(db, pageContent, { id, actor, ipAddress: ip })).toMatchObject({ ok: false, status: 409 });
      expect(await publishDueChanges(db, changesPublishers, new Date(at.getTime() + HOUR))).toBe(0);
      expect(await liveTitle(db)).toBe("CRM that serves");
    } finally {
      await database.dispose();
    }
  });
}
