import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { getJob } from "#app/features/careers/jobs.server.ts";
import { getInsight } from "#app/features/insights/insights.server.ts";
import { redirectFor, saveRedirect } from "#app/features/redirects/redirects.server.ts";
import { readInsightInput } from "#app/features/staff/insights/insight-rules.ts";
import { changeInsightStatus, createInsight, insightContent, saveInsight } from "#app/features/staff/insights/insights-admin.server.ts";
import { readJobInput, type JobInput } from "#app/features/staff/jobs/job-rules.ts";
import { changeJobStatus, createJob, saveJob } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { addressTakenMeanwhile, restoreRevision, settleChanges, workingCopy } from "#app/features/staff/publishing/revisions.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, featuredInsights, jobs, redirects, staffUsers } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();
const ip = "10.0.0.7";
const actor = { id: "eve", email: "eve@staff.example.com" };

function insightInput(fields: Record<string, string>) {
  const read = readInsightInput({ title: "Cloud costs", description: "<p>Five quick wins.</p>", ...fields });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

function jobInput(fields: Record<string, string>): JobInput {
  const read = readJobInput({ title: "Data Engineer", jobType: "full-time", workplace: "remote", description: "<p>Pipelines.</p>", ...fields });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

const insightRow = async (db: Database, id: number) => (await db.select().from(featuredInsights).where(eq(featuredInsights.id, id)))[0]!;
const allRedirects = async (db: Database) =>
  (await db.select({ from: redirects.fromPath, to: redirects.toTarget, status: redirects.status }).from(redirects).orderBy(redirects.fromPath)).map(
    (row) => `${row.from} → ${row.to} (${row.status})`,
  );

for (const driver of drivers) {
  test(`a published insight's new address leaves a 301 from the old one on publish, chains stay one hop and never loop; a draft's makes none (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values({ id: "eve", name: "Eve Editor", email: actor.email, roles: ["editor"] });
      const { id } = (await createInsight(db, insightInput({ slug: "cloud-costs" }), actor, ip)) as { id: number };

      // A draft's address is nobody's yet: changing it leaves no redirect.
      expect(await saveInsight(db, id, 1, insightInput({ slug: "cloud-costs-draft" }), actor, ip)).toMatchObject({ ok: true });
      expect(await allRedirects(db)).toEqual([]);
      await changeInsightStatus(db, id, "publish", { actor, ipAddress: ip });
      expect((await getInsight(db, "cloud-costs-draft"))?.id).toBe(id);
      expect((await getInsight(db, id))?.slug).toBe("cloud-costs-draft");

      // Saved as a draft of changes, the public address stays and nothing redirects; publishing the changes moves it.
      let row = await insightRow(db, id);
      await saveInsight(db, id, row.revision, insightInput({ slug: "five-cloud-wins" }), actor, ip, false);
      expect([(await insightRow(db, id)).slug, await allRedirects(db)]).toEqual(["cloud-costs-draft", []]);
      expect(await settleChanges(db, insightContent, { id, action: "publish", actor, ipAddress: ip })).toMatchObject({ ok: true });
      expect(await allRedirects(db)).toEqual(["/featured-insights/cloud-costs-draft → /featured-insights/five-cloud-wins (301)"]);
      expect(await redirectFor(db, "/featured-insights/cloud-costs-draft")).toEqual({ to: "/featured-insights/five-cloud-wins", status: 301 });
      expect(await getInsight(db, "cloud-costs-draft")).toBeNull();

      // Saved to publish at once: the older address now leads straight to the newest, not through a chain.
      row = await insightRow(db, id);
      await saveInsight(db, id, row.revision, insightInput({ slug: "cloud-savings" }), actor, ip);
      expect(await allRedirects(db)).toEqual([
        "/featured-insights/cloud-costs-draft → /featured-insights/cloud-savings (301)",
        "/featured-insights/five-cloud-wins → /featured-insights/cloud-savings (301)",
      ]);

      // Taking back an old address drops its redirect (the page answers there again) and makes no loop.
      row = await insightRow(db, id);
      await saveInsight(db, id, row.revision, insightInput({ slug: "five-cloud-wins" }), actor, ip);
      expect(await allRedirects(db)).toEqual([
        "/featured-insights/cloud-costs-draft → /featured-insights/five-cloud-wins (301)",
        "/featured-insights/cloud-savings → /featured-insights/five-cloud-wins (301)",
      ]);

      // Clearing the address goes back to the number, and the slug address leads there.
      row = await insightRow(db, id);
      await saveInsight(db, id, row.revision, insightInput({ slug: "" }), actor, ip);
      expect(await redirectFor(db, "/featured-insights/five-cloud-wins")).toEqual({ to: `/featured-insights/${id}`, status: 301 });
      expect(await redirectFor(db, "/featured-insights/cloud-costs-draft")).toEqual({ to: `/featured-insights/${id}`, status: 301 });

      // Restoring an old revision is a draft: the address waits for publishing like any other field.
      const restored = await restoreRevision(db, insightContent, {
        id,
        number: 1,
        actor,
        ipAddress: ip,
        withoutMissingFiles: async (data) => ({ data, missing: [] }),
      });
      expect(restored).toMatchObject({ ok: true });
      row = await insightRow(db, id);
      expect([row.slug, (await workingCopy(db, insightContent, id, row)).data.slug]).toEqual([null, "cloud-costs"]);

      // The automatic redirects are audited; an editor cannot add one from a page's address.
      const created = await db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, "redirect-created"));
      expect(created[0]?.detail).toMatchObject({ from: "/featured-insights/cloud-costs-draft", to: "/featured-insights/five-cloud-wins", status: 301 });
      await settleChanges(db, insightContent, { id, action: "publish", actor, ipAddress: ip });
      expect(
        await saveRedirect(
          db,
          null,
          { from: "/featured-insights/cloud-costs", to: "/crm", status: "301" },
          { ...actor, id: "eve", name: "Eve", roles: ["editor"], timeZone: null },
          { ipAddress: ip, siteUrl: "https://www.kraf.example" },
        ),
      ).toMatchObject({ ok: false, field: "from" });
    } finally {
      await database.dispose();
    }
  });

  test(`an address is unique per type, with a sentence beside the field; a job and an insight may share one (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values({ id: "eve", name: "Eve Editor", email: actor.email, roles: ["editor"] });
      const first = (await createJob(db, jobInput({ slug: "data-engineer" }), actor, ip)) as { id: number };
      const taken = { ok: false, status: 409, fields: { slug: "Another job already has the address “data-engineer”; choose another." } };
      expect(await createJob(db, jobInput({ slug: "data-engineer" }), actor, ip)).toMatchObject(taken);
      const second = (await createJob(db, jobInput({ slug: "data-engineer-pune" }), actor, ip)) as { id: number };
      expect(await saveJob(db, second.id, 1, jobInput({ slug: "data-engineer" }), actor, ip)).toMatchObject(taken);
      // Saving a job with its own address is no clash.
      expect(await saveJob(db, first.id, 1, jobInput({ slug: "data-engineer", title: "Data Engineer II" }), actor, ip)).toMatchObject({ ok: true });
      expect(await createInsight(db, insightInput({ slug: "data-engineer" }), actor, ip)).toMatchObject({ ok: true });

      // The job's page answers at its slug and its number; a published job's change redirects under /careers.
      await changeJobStatus(db, first.id, "publish", actor, ip);
      expect((await getJob(db, "data-engineer"))?.id).toBe(first.id);
      expect((await getJob(db, String(first.id)))?.slug).toBe("data-engineer");
      const [row] = await db.select().from(jobs).where(eq(jobs.id, first.id));
      await saveJob(db, first.id, row!.revision, jobInput({ slug: "senior-data-engineer", metaTitle: "Join our data team", noindex: "on" }), actor, ip);
      expect(await redirectFor(db, "/careers/data-engineer")).toEqual({ to: "/careers/senior-data-engineer", status: 301 });
      // Two saves racing for one address: the database refuses the second, which is told beside the field; any other error is thrown on.
      const clash = await db
        .update(jobs)
        .set({ slug: "senior-data-engineer" })
        .where(eq(jobs.id, second.id))
        .then(() => null, addressTakenMeanwhile("job"));
      expect(clash).toMatchObject({ ok: false, status: 409, fields: { slug: "Another job took this address a moment ago; choose another." } });
      const other = new Error("boom");
      expect(() => addressTakenMeanwhile("job")(other)).toThrow(other);
      const [saved] = await db.select().from(jobs).where(eq(jobs.id, first.id));
      expect([saved!.metaTitle, saved!.noindex, saved!.metaDescription]).toEqual(["Join our data team", true, null]);
    } finally {
      await database.dispose();
    }
  });
}
