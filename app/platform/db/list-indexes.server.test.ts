import { sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { expect, test, vi } from "vitest";
import { openDatabase, rowsOf } from "#app/platform/db/client.server.ts";
import { buildListIndexes, listIndexes, replacedIndexes } from "#app/platform/db/list-indexes.server.ts";
import * as schema from "#app/platform/db/schema.server.ts";
import { createTestDatabaseEnv, testDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 120_000 });

/** Every index schema.server.ts declares, by name. */
const declared = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .flatMap((table) => getTableConfig(table).indexes.map((index) => index.config.name!));

for (const driver of await testDrivers()) {
  test(`after the migrations and the index step the database has every index the schema declares and none it replaced; a second run builds nothing, an invalid index is built again (${driver})`, async () => {
    // As the migrations alone leave a database (the test template has the indexes built already).
    const target = await createTestDatabaseEnv(driver);
    const database = { ...(await openDatabase(target.env)), env: target.env };
    const { db } = database;
    const indexes = async () =>
      new Map(
        rowsOf<{ name: string; valid: boolean }>(
          await db.execute(sql`select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid`),
        ).map((row) => [row.name, row.valid]),
      );
    try {
      const url = database.env.DATABASE_URL;
      const built = await buildListIndexes(database, url);
      expect(built.map((index) => index.name)).toEqual(listIndexes.map((index) => index.name));
      const present = await indexes();
      expect(declared.filter((name) => present.get(name) !== true)).toEqual([]);
      expect(replacedIndexes.filter((name) => present.has(name))).toEqual([]);
      expect(listIndexes.filter((index) => !declared.includes(index.name))).toEqual([]);

      expect(await buildListIndexes(database, url)).toEqual([]);

      // What a failed concurrent build leaves behind.
      await db.execute(sql`update pg_index set indisvalid = false where indexrelid = 'consultations_search_idx'::regclass`);
      expect((await buildListIndexes(database, url)).map((index) => index.name)).toEqual(["consultations_search_idx"]);
      expect((await indexes()).get("consultations_search_idx")).toBe(true);
    } finally {
      await database.close();
      await target.dispose();
    }
  });
}
