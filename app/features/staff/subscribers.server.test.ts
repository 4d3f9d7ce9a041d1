import { expect, test, vi } from "vitest";
import { eraseSubscriber, listSubscribers } from "#app/features/staff/subscribers.server.ts";
import { auditLog, newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
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
      expect((await listSubscribers(db, "ann_", null)).rows.map((row) => row.email)).toEqual(["ann_lee@example.com"]);
      expect(await listSubscribers(db, "", null)).toMatchObject({ total: { n: 3, atLeast: false }, newer: null, older: null });

      const id = rows[0]!.id;
      expect(await eraseSubscriber(db, id, { id: null, email: "sales@staff.example.com" }, "10.0.0.1")).toBe(true);
      expect(await eraseSubscriber(db, id, { id: null, email: "sales@staff.example.com" }, "10.0.0.1")).toBe(false);
      expect((await listSubscribers(db, "", null)).total).toEqual({ n: 2, atLeast: false });
      const entries = await db.select().from(auditLog);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "subscriber-erased", targetType: "subscriber", targetId: String(id) });
      expect(JSON.stringify(entries)).not.toContain("ann_lee");
    } finally {
      await database.dispose();
    }
  });
}
