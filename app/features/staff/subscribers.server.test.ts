import { expect, test, vi } from "vitest";
import { allSubscribers, eraseSubscriber, listSubscribers } from "#app/features/staff/subscribers.server.ts";
import { auditLog, jobAlertSubscriptions, newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

for (const driver of drivers) {
  test(`the search takes % and _ literally; erasure removes the row and audits it without the address (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const rows = await db
        .insert(newsletterSubscriptions)
        .values([{ email: "ann_lee@example.com" }, { email: "annxlee@example.com" }, { email: "bob@example.com" }])
        .returning({ id: newsletterSubscriptions.id });
      expect((await listSubscribers(db, "newsletter", "ann_", null)).rows.map((row) => row.email)).toEqual(["ann_lee@example.com"]);
      expect(await listSubscribers(db, "newsletter", "", null)).toMatchObject({ total: { n: 3, atLeast: false }, newer: null, older: null });

      const id = rows[0]!.id;
      expect(await eraseSubscriber(db, "newsletter", id, { id: null, email: "sales@staff.example.com" }, "10.0.0.1")).toBe(true);
      expect(await eraseSubscriber(db, "newsletter", id, { id: null, email: "sales@staff.example.com" }, "10.0.0.1")).toBe(false);
      expect((await listSubscribers(db, "newsletter", "", null)).total).toEqual({ n: 2, atLeast: false });
      const entries = await db.select().from(auditLog);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "subscriber-erased", targetType: "subscriber", targetId: String(id) });
      expect(JSON.stringify(entries)).not.toContain("ann_lee");
    } finally {
      await database.dispose();
    }
  });

  test(`job alert subscribers are their own list, with what they follow; erasing one leaves the newsletter alone (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      await db.insert(newsletterSubscriptions).values({ email: "asha@example.com" });
      const [seeker] = await db
        .insert(jobAlertSubscriptions)
        .values({ email: "asha@example.com", departments: ["engineering"], workplaces: ["remote"] })
        .returning({ id: jobAlertSubscriptions.id });
      await db.insert(jobAlertSubscriptions).values({ email: "ravi@example.com" });

      const page = await listSubscribers(db, "job-alerts", "", null);
      expect(page.rows.map(({ email, departments, workplaces }) => ({ email, departments, workplaces }))).toEqual([
        { email: "ravi@example.com", departments: [], workplaces: [] },
        { email: "asha@example.com", departments: ["engineering"], workplaces: ["remote"] },
      ]);
      expect(page.total).toEqual({ n: 2, atLeast: false });
      const exported = [];
      for await (const rows of allSubscribers(db, "job-alerts", "asha")) exported.push(...rows.map((row) => row.email));
      expect(exported).toEqual(["asha@example.com"]);

      expect(await eraseSubscriber(db, "job-alerts", seeker!.id, { id: null, email: "hr@staff.example.com" }, "10.0.0.1")).toBe(true);
      expect((await listSubscribers(db, "job-alerts", "", null)).rows.map((row) => row.email)).toEqual(["ravi@example.com"]);
      expect((await listSubscribers(db, "newsletter", "", null)).rows.map((row) => row.email)).toEqual(["asha@example.com"]);
      const entries = await db.select().from(auditLog);
      expect(entries).toMatchObject([{ action: "subscriber-erased", targetType: "job-alert-subscriber", targetId: String(seeker!.id) }]);
      expect(JSON.stringify(entries)).not.toContain("asha");
    } finally {
      await database.dispose();
    }
  });
}
