import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { editablePages, writtenPageAt } from "#app/content/pages/index.ts";
import { blockValues, type PageData } from "#app/features/site-pages/page-blocks.ts";
import { listSitePages, pageContent, publishedPageData } from "#app/features/site-pages/site-pages.server.ts";
import { readPageInput } from "#app/features/staff/pages/page-editor.server.ts";
import { restoreRevision, revisionsOf, saveContent, settleChanges, workingCopy } from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { appState, auditLog, sitePages, staffUsers } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers, uncachedReads } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const ip = "10.0.0.9";
const actor = { id: "erin", email: "erin@staff.example.com" };
const contentVersion = async (db: Database) =>
  (await db.select({ value: appState.value }).from(appState).where(eq(appState.key, "content_version")))[0]?.value ?? "0";

/** The /crm page as its form posts it, with a questions block added at the end. */
function crmWithQuestion(answer: string): PageData {
  const crm = writtenPageAt("/crm")!;
  const values = blockValues([...crm.sections, { kind: "faq", title: "What our clients ask", items: [{ question: "How fast do you answer?", answer }] }]);
  const read = readPageInput({ title: crm.title, description: crm.description, ...values });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

for (const driver of drivers) {
  test(`a page is drawn as written until a change is published; a draft stays out of sight, and a restore brings the old blocks back (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values({ id: actor.id, name: "Erin Editor", email: actor.email, roles: ["editor"] });
      // The list makes a row for every page once; listing again writes nothing, so no cache is emptied.
      const pages = await listSitePages(db);
      expect(pages.map((page) => page.path)).toEqual(editablePages.map((page) => page.path));
      const version = await contentVersion(db);
      expect(await listSitePages(db)).toHaveLength(editablePages.length);
      expect(await contentVersion(db)).toBe(version);

      const crm = pages.find((page) => page.path === "/crm")!;
      const written = writtenPageAt("/crm")!;
      expect(await publishedPageData(uncachedReads(db), "/crm")).toEqual({
        title: written.title,
        description: written.description,
        sections: written.sections,
      });

      // Saved as a draft: visitors still get the page as written.
      const withQuestion = crmWithQuestion("They answered within the hour.");
      const draft = await saveContent(db, pageContent, { id: crm.id, shownRevision: 0, data: () => withQuestion, publish: false, actor, ipAddress: ip });
      expect(draft).toMatchObject({ ok: true, message: expect.stringContaining("Visitors still see the published page") });
      expect((await publishedPageData(uncachedReads(db), "/crm"))!.sections.at(-1)!.kind).toBe(written.sections.at(-1)!.kind);
      let row = (await pageContent.lock(db, crm.id))!;
      expect((await workingCopy(db, pageContent, crm.id, row)).pendingFields).toEqual(["sections"]);

      // Published: the blocks are live, the content version moved, and nothing is pending (jsonb's key order aside).
      expect(await settleChanges(db, pageContent, { id: crm.id, action: "publish", actor, ipAddress: ip })).toMatchObject({ ok: true });
      expect(await contentVersion(db)).not.toBe(version);
      expect((await publishedPageData(uncachedReads(db), "/crm"))!.sections.at(-1)).toEqual({
        kind: "faq",
        title: "What our clients ask",
        items: [{ question: "How fast do you answer?", answer: "They answered within the hour." }],
      });
      row = (await pageContent.lock(db, crm.id))!;
      expect((await workingCopy(db, pageContent, crm.id, row)).pendingFields).toEqual([]);

      // A second editor who opened the page before that publish is told, and nothing of the first is lost.
      const stale = await saveContent(db, pageContent, {
        id: crm.id,
        shownRevision: 0,
        data: () => crmWithQuestion("Other words."),
        publish: true,
        actor,
        ipAddress: ip,
      });
      expect(stale).toMatchObject({ ok: false, status: 409 });

      // The first revision is the page as written; restoring it is a draft until published.
      const revisions = await revisionsOf(db, "page", crm.id);
      expect(revisions.map((revision) => revision.origin)).toEqual(["saved", "first"]);
      const restored = await restoreRevision(db, pageContent, {
        id: crm.id,
        number: 1,
        actor,
        ipAddress: ip,
        withoutMissingFiles: async (data) => ({ data, missing: [] }),
      });
      expect(restored).toMatchObject({ ok: true, message: expect.stringContaining("It is a draft") });
      expect((await publishedPageData(uncachedReads(db), "/crm"))!.sections.at(-1)!.kind).toBe("faq");
      await settleChanges(db, pageContent, { id: crm.id, action: "publish", actor, ipAddress: ip });
      expect(await publishedPageData(uncachedReads(db), "/crm")).toEqual({
        title: written.title,
        description: written.description,
        sections: written.sections,
      });

      const actions = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, "page")).orderBy(auditLog.id);
      expect(actions.map((entry) => entry.action)).toEqual(["page-edited", "changes-published", "revision-restored", "changes-published"]);
      expect((await db.select({ data: sitePages.data }).from(sitePages).where(eq(sitePages.path, "/about")))[0]!.data).toBeNull();
    } finally {
      await database.dispose();
    }
  });
}

test("a page's form is refused with a sentence beside each field: title and description for search results, and its blocks", () => {
  const crm = writtenPageAt("/crm")!;
  const values = blockValues(crm.sections);
  expect(readPageInput({ ...values, title: "", description: "x".repeat(161) })).toEqual({
    ok: false,
    errors: {
      title: "Give the page a title: browsers and search results show it.",
      description: "The description is 161 characters long; search results show about 160.",
    },
  });
  expect(readPageInput({ ...values, title: crm.title, description: crm.description, "b1.title": "" })).toMatchObject({
    ok: false,
    errors: { "b1.title": "Fill in heading, or remove it." },
  });
});
