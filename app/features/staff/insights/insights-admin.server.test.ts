import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { getInsight, latestInsights, nextScheduledInsight } from "#app/features/insights/insights.server.ts";
import { toInsightCard } from "#app/features/insights/insight.server.ts";
import { readInsightInput, type InsightInput } from "#app/features/staff/insights/insight-rules.ts";
import {
  changeInsightStatus,
  createInsight,
  insightCategories,
  insightForEdit,
  listInsightsForStaff,
  saveInsight,
} from "#app/features/staff/insights/insights-admin.server.ts";
import { auditLog, featuredInsights } from "#app/platform/db/schema.server.ts";
import { contentVersionWatch, openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const actor = { id: null, email: "eve@staff.example.com" };
const ip = "10.0.0.2";

function input(overrides: Record<string, string> = {}): InsightInput {
  const read = readInsightInput({
    title: "Zero-trust in practice",
    category: "Security",
    authorName: "Eve Editor",
    tags: "Security, Cloud",
    description: "<p>Start here.</p>",
    ...overrides,
  });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

const words = (n: number) => `<p>${Array.from({ length: n }, () => "word").join(" ")}</p>`;

for (const driver of drivers) {
  test(`a draft is written, published (dated once), edited on its revision, unpublished and published again in its place (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      const created = await createInsight(
        db,
        input({ description: `<h1>Intro</h1><p style="color:red" onclick="x()">Start here.</p><script>alert(1)</script>` }),
        actor,
        ip,
      );
      const id = (created as { id: number }).id;
      let insight = (await insightForEdit(db, id))!;
      expect(insight).toMatchObject({
        status: "draft",
        effectiveStatus: "draft",
        publishedDate: null,
        revision: 1,
        readTime: null,
        tags: ["Security", "Cloud"],
      });
      expect(insight.description).toBe("<h2>Intro</h2><p>Start here.</p>");
      expect(await getInsight(db, id)).toBeNull();
      // Every write to the table moves the content version (a trigger, decision 023), drafts too.
      const contentChanged = await contentVersionWatch(db);

      // The read time follows the text until the editor sets one: 450 words at 200 a minute is 3 minutes.
      expect(await saveInsight(db, id, 1, input({ description: words(450) }), actor, ip)).toEqual({
        ok: true,
        id,
        message: "The draft is saved.",
        revision: 2,
      });
      insight = (await insightForEdit(db, id))!;
      expect(toInsightCard(insight).readTime).toBe("3 min read");
      expect(await saveInsight(db, id, 1, input({ title: "Stale" }), actor, ip)).toMatchObject({ ok: false, status: 409 });

      expect(await changeInsightStatus(db, id, "publish", { actor, ipAddress: ip })).toMatchObject({
        ok: true,
        message: expect.stringContaining("is published"),
      });
      insight = (await insightForEdit(db, id))!;
      const firstPublished = insight.publishedDate!;
      expect(insight.effectiveStatus).toBe("published");
      expect((await latestInsights(db, 3)).map((row) => row.id)).toEqual([id]);
      expect(await contentChanged()).toBe(true);
      const modified = insight.updatedAt.getTime();

      await new Promise((resolve) => setTimeout(resolve, 20));
      const saved = await saveInsight(db, id, insight.revision, input({ description: words(450), readTime: "12" }), actor, ip);
      expect(saved).toMatchObject({ ok: true, message: "Saved. The public page shows the change within seconds." });
      insight = (await insightForEdit(db, id))!;
      expect(toInsightCard(insight).readTime).toBe("12 min read");
      expect(insight.updatedAt.getTime()).toBeGreaterThan(modified);
      expect(await contentChanged()).toBe(true);

      expect(await changeInsightStatus(db, id, "delete", { actor, ipAddress: ip })).toMatchObject({ ok: false, status: 409 });
      expect(await changeInsightStatus(db, id, "unpublish", { actor, ipAddress: ip })).toMatchObject({ ok: true });
      expect(await getInsight(db, id)).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await changeInsightStatus(db, id, "publish", { actor, ipAddress: ip });
      insight = (await insightForEdit(db, id))!;
      expect(insight.publishedDate).toEqual(firstPublished);
      expect(await contentChanged()).toBe(true);

      const audited = await db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)))
        .orderBy(auditLog.id);
      expect(audited.map((entry) => entry.action)).toEqual([
        "insight-created",
        "insight-edited",
        "insight-published",
        "insight-edited",
        "insight-unpublished",
        "insight-published",
      ]);
      expect(audited[3]!.detail).toEqual({ fields: "readTime" });
    } finally {
      await database.dispose();
    }
  });

  test(`a scheduled insight stays off the site until its time, which the content watch is told; lists filter by status (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      const draft = (await createInsight(db, input({ title: "Still a draft", category: " Cloud " }), actor, ip)) as { id: number };
      const soon = (await createInsight(db, input({ title: "Coming soon" }), actor, ip)) as { id: number };
      const contentChanged = await contentVersionWatch(db);
      const at = new Date(Date.now() + 3_600_000);
      expect(await changeInsightStatus(db, soon.id, "schedule", { publishAt: at, actor, ipAddress: ip })).toMatchObject({
        ok: true,
        message: expect.stringContaining("is scheduled"),
      });
      expect(await getInsight(db, soon.id)).toBeNull();
      expect(await nextScheduledInsight(db)).toEqual(at);
      expect(await contentChanged()).toBe(true);

      const statuses = async (status: "draft" | "scheduled" | "published" | null) =>
        (await listInsightsForStaff(db, { search: "", status }, null)).rows.map((row) => [row.title, row.status]);
      expect(await statuses(null)).toEqual([
        ["Coming soon", "scheduled"],
        ["Still a draft", "draft"],
      ]);
      expect(await statuses("scheduled")).toEqual([["Coming soon", "scheduled"]]);
      expect(await statuses("published")).toEqual([]);
      expect((await listInsightsForStaff(db, { search: "eve", status: null }, null)).total).toEqual({ n: 2, atLeast: false });
      expect(await insightCategories(db)).toEqual(["Cloud", "Security"]);

      // The time comes: visitors see it without anyone writing anything.
      await db
        .update(featuredInsights)
        .set({ publishedDate: new Date(Date.now() - 1_000) })
        .where(eq(featuredInsights.id, soon.id));
      expect((await getInsight(db, soon.id))?.title).toBe("Coming soon");
      expect(await nextScheduledInsight(db)).toBeNull();
      expect(await statuses("published")).toEqual([["Coming soon", "published"]]);

      // The banner: kept when the form brings none, replaced by an upload, removed when asked.
      const banner = "/media/0b6f5e0e-3c1f-4f7a-9d7e-2a4b6c8d0e1f/1280.webp";
      let revision = (await insightForEdit(db, draft.id))!.revision;
      await saveInsight(db, draft.id, revision++, { ...input({ title: "Still a draft" }), image: banner }, actor, ip);
      await saveInsight(db, draft.id, revision++, input({ title: "Still a draft", category: "Cloud" }), actor, ip);
      expect((await insightForEdit(db, draft.id))!.image).toBe(banner);
      await saveInsight(db, draft.id, revision, input({ title: "Still a draft", removeBanner: "on" }), actor, ip);
      expect((await insightForEdit(db, draft.id))!.image).toBeNull();

      expect(await changeInsightStatus(db, draft.id, "delete", { actor, ipAddress: ip })).toMatchObject({ ok: true });
      expect(await insightForEdit(db, draft.id)).toBeNull();
    } finally {
      await database.dispose();
    }
  });
}
