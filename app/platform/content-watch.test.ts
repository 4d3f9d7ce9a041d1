import { sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { bumpContentVersion, readContentVersion, startContentWatch } from "#app/platform/content-watch.server.ts";
import { createTestDatabaseEnv, isPostgresReachable, openTestDatabase, testDrivers } from "#tests/support/databases.ts";
import { waitUntil } from "#tests/support/mail.ts";

vi.setConfig({ testTimeout: 90_000 });

test.skipIf(!(await isPostgresReachable()))("a change committed by one process reaches the watch of another on the same PostgreSQL (pg)", async () => {
  const target = await createTestDatabaseEnv("pg");
  const writer = await openDatabase(target.env);
  const reader = await openDatabase(target.env);
  const heard: number[] = [];
  const watch = startContentWatch({ db: reader.db, intervalMs: 50 });
  try {
    watch.subscribe(() => heard.push(Date.now()));
    await waitUntil(async () => (await readContentVersion(reader.db)) === "0");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);

    // Rolled back: nothing changed, nothing heard.
    await expect(
      writer.db.transaction(async (tx) => {
        await bumpContentVersion(tx);
        throw new Error("the publish failed");
      }),
    ).rejects.toThrow("the publish failed");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);

    const committed = Date.now();
    await writer.db.transaction((tx) => bumpContentVersion(tx));
    await waitUntil(() => heard.length === 1);
    expect(heard[0]! - committed).toBeLessThan(1_000);
    expect(await readContentVersion(reader.db)).toBe("1");
    await writer.db.transaction((tx) => bumpContentVersion(tx));
    await waitUntil(() => heard.length === 2);
  } finally {
    await watch.stop();
    await writer.close();
    await reader.close();
    await target.dispose();
  }
});

test("a change that happens by the clock (a closing date) is heard when its moment passes, once (pglite)", async () => {
  const database = await openTestDatabase("pglite");
  let clock = 1_000_000;
  let next: Date | null = new Date(clock + 5_000);
  const asked: number[] = [];
  const heard: number[] = [];
  const watch = startContentWatch({
    db: database.db,
    intervalMs: 20,
    now: () => clock,
    nextScheduledChange: async () => {
      asked.push(clock);
      return next;
    },
  });
  try {
    watch.subscribe(() => heard.push(clock));
    await waitUntil(() => asked.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    next = null;
    clock += 5_000;
    await waitUntil(() => heard.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([1_005_000]);
    // Asked again after it fired, and nothing is scheduled now: quiet.
    expect(asked).toEqual([1_000_000, 1_005_000]);
  } finally {
    await watch.stop();
    await database.dispose();
  }
});

for (const driver of await testDrivers()) {
  test(`any write to jobs, insights or events moves the content version in its own transaction, whoever writes (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const version = async () => Number(await readContentVersion(database.db));
      const start = await version();
      await database.db.execute(sql`insert into job (title, status) values ('Written by hand', 'open')`);
      expect(await version()).toBe(start + 1);
      await database.db.execute(sql`update "FeaturedInsights" set title = 'Edited by hand' where id = 1`);
      expect(await version()).toBe(start + 2);
      await database.db.execute(sql`update events set capacity = capacity + 1`);
      expect(await version()).toBe(start + 3);
      await database.db.execute(sql`delete from job where title = 'Written by hand'`);
      expect(await version()).toBe(start + 4);
      // Rolled back with the write: nothing changed, nothing to hear.
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`update job set title = 'Never seen'`);
          throw new Error("the edit failed");
        }),
      ).rejects.toThrow("the edit failed");
      expect(await version()).toBe(start + 4);
      // Tables that are not published content leave it alone.
      await database.db.execute(sql`insert into newsletter_subscriptions (email) values ('reader@example.com')`);
      expect(await version()).toBe(start + 4);
    } finally {
      await database.dispose();
    }
  });
}
