import { expect, test, vi } from "vitest";
import { attentionFor } from "#app/features/staff/attention.server.ts";
import { consultations, featuredInsights, jobs, outbox, type StaffRole } from "#app/platform/db/schema.server.ts";
import { openTestDatabase } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

test("the staff home counts what waits in each role's part of the staff area, and only that", async () => {
  const database = await openTestDatabase("pglite");
  const { db } = database;
  try {
    await db.insert(jobs).values([
      { title: "Draft A", status: "draft" },
      { title: "Draft B", status: "draft" },
      { title: "Open", status: "open" },
    ]);
    await db.insert(featuredInsights).values([
      { title: "Draft", status: "draft" },
      { title: "Later", status: "published", publishedDate: new Date(Date.now() + 86_400_000) },
      { title: "Out", status: "published", publishedDate: new Date(Date.now() - 86_400_000) },
    ]);
    await db.insert(outbox).values({ kind: "test", toAddress: "a@example.com", subject: "S", template: "test", params: {}, status: "failed" });
    await db
      .insert(consultations)
      .values({ fullName: "Asha", email: "asha@example.com", country: "India", phone: "+91 98765 43210", projectBrief: "A portal." });
    const counts = async (role: StaffRole) => Object.fromEntries((await attentionFor({ db }, { roles: [role] })).map((item) => [item.label, item.count]));

    expect(await counts("editor")).toEqual({ "Insight drafts not yet published": 1, "Insights scheduled to appear": 1 });
    expect(await counts("recruiter")).toEqual({ "New job applications": 0, "Job drafts not yet published": 2 });
    const admin = await counts("admin");
    expect(admin).toMatchObject({ "Job drafts not yet published": 2, "Insights scheduled to appear": 1, "Emails that could not be sent": 1 });
    expect(await counts("sales")).toEqual({ "New consultation requests": 1 });
  } finally {
    await database.dispose();
  }
});
