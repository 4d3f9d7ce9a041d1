import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { countedRows } from "#app/features/staff/list-page.server.ts";
import { openDatabase, rowsOf } from "#app/platform/db/client.server.ts";
import { consultations } from "#app/platform/db/schema.server.ts";
import { createTestDatabaseEnv, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 120_000 });

const MIGRATIONS = path.resolve("app/platform/db/migrations");
const CLOCK_MIGRATION = "0013_business_hours";

/** The migrations folder as it was before the clock: every migration up to 0012. */
function migrationsBeforeTheClock(): { folder: string; remove(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-clock-"));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === CLOCK_MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

for (const driver of await featureDrivers()) {
  test(`the clock's migration gives existing leads a due time an hour after arrival, and a first response to those already moved on from "new" (${driver})`, async () => {
    const target = await createTestDatabaseEnv(driver);
    const before = migrationsBeforeTheClock();
    try {
      const old = await openDatabase(target.env, { migrationsFolder: before.folder });
      const arrived = (hour: number) => new Date(Date.UTC(2025, 5, 2, hour));
      // Written with the columns the table had then.
      const ids: number[] = [];
      for (const [name, hour, status] of [
        ["Waiting", 9, "new"],
        ["Contacted", 10, "contacted"],
        ["Won", 11, "won"],
      ] as const) {
        const [row] = rowsOf<{ id: number | string }>(
          await old.db.execute(sql`insert into consultations (full_name, email, country, phone, project_brief, submitted_at, status)
            values (${name}, 'lead@example.com', 'India', '1', 'B', ${arrived(hour).toISOString()}, ${status}) returning id`),
        );
        ids.push(Number(row!.id));
      }
      // Named columns: the schema of today has columns this database does not have yet.
      await old.db.execute(sql`insert into inbox_status_changes (consultation_id, from_status, to_status, actor_name, created_at)
        values (${ids[1]!}, 'new', 'contacted', 'Sam', ${new Date(Date.UTC(2025, 5, 2, 10, 25)).toISOString()})`);
      await old.close();

      const migrated = await openDatabase(target.env);
      try {
        const leads = await migrated.db
          .select({ name: consultations.fullName, dueAt: consultations.dueAt, firstResponseAt: consultations.firstResponseAt })
          .from(consultations)
          .orderBy(asc(consultations.id));
        expect(leads).toEqual([
          { name: "Waiting", dueAt: arrived(10), firstResponseAt: null },
          { name: "Contacted", dueAt: arrived(11), firstResponseAt: new Date(Date.UTC(2025, 5, 2, 10, 25)) },
          { name: "Won", dueAt: arrived(12), firstResponseAt: arrived(12) },
        ]);
        // The status counts were left as they were, and follow changes again afterwards.
        expect(await countedRows(migrated.db, "consultations", { statuses: ["new"] })).toBe(1);
        await migrated.db.update(consultations).set({ status: "lost" }).where(eq(consultations.fullName, "Waiting"));
        expect(await countedRows(migrated.db, "consultations", { statuses: ["new"] })).toBe(0);
        expect(await countedRows(migrated.db, "consultations", { statuses: ["lost"] })).toBe(1);
      } finally {
        await migrated.close();
      }
    } finally {
      before.remove();
      await target.dispose();
    }
  });
}
