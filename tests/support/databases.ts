import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { openDatabase, pgliteDirectory, type Database, type DatabaseDriver, type OpenDatabase } from "#app/platform/db/client.server.ts";
import { buildListIndexes } from "#app/platform/db/list-indexes.server.ts";
import { readContentVersion } from "#app/platform/content-watch.server.ts";

/*
 * Test support: every data-layer test runs on PGlite and, when the machine's
 * PostgreSQL answers, on a fresh database of its own there (created and dropped
 * per test, so files running in parallel never see each other's rows).
 */

export const postgresTestUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

let reachable: Promise<boolean> | undefined;

export function isPostgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: postgresTestUrl, connectionTimeoutMillis: 2_000 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("select 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

/** The drivers to run a data-layer test on; says so when the PostgreSQL half cannot run. */
export async function testDrivers(): Promise<DatabaseDriver[]> {
  if (await isPostgresReachable()) return ["pglite", "pg"];
  console.warn(`PostgreSQL at ${redact(postgresTestUrl)} is not reachable: the PostgreSQL half of these tests was NOT run (PGlite only).`);
  return ["pglite"];
}

/**
 * The driver a feature's data test runs on: PostgreSQL when it answers, where a test costs a third
 * of its time on PGlite, else PGlite. The platform's own tests (app/platform: the client, migrations,
 * outbox, content watch, rate limits, services) and the content core's run on both with testDrivers(),
 * holding the drivers to one contract, and the browser tests run every feature on PGlite end to end
 * (decision 070).
 */
export async function featureDrivers(): Promise<DatabaseDriver[]> {
  return (await testDrivers()).includes("pg") ? ["pg"] : ["pglite"];
}

export type TestDatabaseEnv = {
  driver: DatabaseDriver;
  env: { DATA_DIR: string; DATABASE_URL: string | undefined };
  /** Drops the database (pg) and removes the temporary data directory. */
  dispose(): Promise<void>;
};

/**
 * A place for a database: a temp DATA_DIR, plus a new PostgreSQL database for `pg`. Empty, or with
 * `migrated` a copy of the migrated template (on PGlite its folder, which opens in a second instead of
 * four; on PostgreSQL a database created from the template database, a third of the time the migrations take).
 */
export async function createTestDatabaseEnv(driver: DatabaseDriver, { migrated = false } = {}): Promise<TestDatabaseEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-test-"));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (driver === "pglite") {
    if (migrated) await copyMigratedPglite(dataDir);
    return { driver, env: { DATA_DIR: dataDir, DATABASE_URL: undefined }, dispose: async () => removeDir() };
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(migrated ? `create database ${name} template ${await migratedPostgresTemplate()}` : `create database ${name}`);
  return {
    driver,
    env: { DATA_DIR: dataDir, DATABASE_URL: postgresDatabaseUrl(name) },
    async dispose() {
      await adminQuery(`drop database if exists ${name} with (force)`);
      removeDir();
    },
  };
}

function postgresDatabaseUrl(name: string): string {
  const url = new URL(postgresTestUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * `dispose` closes the database, then drops it (PostgreSQL) and removes its folder. There is no `close` alone:
 * closing without dropping would leave a database on the machine's PostgreSQL and a folder behind on every run.
 */
export type TestDatabase = Omit<OpenDatabase, "close"> & TestDatabaseEnv;

/**
 * A new, migrated database of its own: on PGlite in memory, from the migrated template's image (a
 * copy on disk took as long to write and remove as the database took to open); on PostgreSQL a new
 * database copied from the migrated template database. DATA_DIR is a new temporary folder either way,
 * for the files a test stores.
 */
export async function openTestDatabase(driver: DatabaseDriver): Promise<TestDatabase> {
  const target = await createTestDatabaseEnv(driver, { migrated: driver === "pg" });
  const opened = await openDatabase(target.env, driver === "pglite" ? { pgliteImage: await migratedPgliteImage() } : {});
  const { close, ...open } = opened;
  return {
    ...open,
    ...target,
    async dispose() {
      await close();
      await target.dispose();
    },
  };
}

/**
 * Puts an empty, migrated PGlite database into a data folder: a copy of a
 * template, because an initdb and the migrations take seconds each time.
 */
export async function copyMigratedPglite(dataDir: string): Promise<void> {
  fs.cpSync(await migratedPgliteTemplate(), pgliteDirectory({ DATA_DIR: dataDir }), { recursive: true });
}

const MIGRATIONS = path.resolve("app/platform/db/migrations");
const LIST_INDEXES = path.resolve("app/platform/db/list-indexes.server.ts");
/** The list indexes read constants from the schema too. */
const SCHEMA = path.resolve("app/platform/db/schema.server.ts");

/** A short hash of what makes a migrated database: the migrations and the list indexes. A new or changed one gives new templates. */
function schemaHash(): string {
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(MIGRATIONS, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(fs.readFileSync(LIST_INDEXES)).update(fs.readFileSync(SCHEMA));
  return hash.digest("hex").slice(0, 16);
}

let pgliteTemplate: Promise<string> | undefined;

/**
 * An empty PGlite database with every migration applied and the list indexes built, made once per machine
 * and schema (its folder's name holds the schema's hash) in the system's temporary folder. Test
 * processes racing to make it each build their own and keep the first.
 */
function migratedPgliteTemplate(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const template = path.join(os.tmpdir(), `kraf-pglite-template-${schemaHash()}`);
    if (fs.existsSync(template)) return template;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-build-"));
    const opened = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    // As a server leaves it, so a server started on a copy finds its indexes built.
    await buildListIndexes(opened);
    await opened.close();
    try {
      fs.renameSync(pgliteDirectory({ DATA_DIR: dataDir }), template);
    } catch (error) {
      // Another process got there first: its copy is the same.
      if (!fs.existsSync(template)) throw error;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    return template;
  })();
  return pgliteTemplate;
}

const POSTGRES_TEMPLATE_PREFIX = "kraf_test_template_";
const OTHER_TEMPLATES_KEPT = 4;
let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database with every migration applied and the list indexes built, made
 * once per server and schema: tests copy it with CREATE DATABASE … TEMPLATE, which PostgreSQL allows
 * while nobody is connected to it, and nobody is once it is made. Test processes take an advisory
 * lock to make it, so one builds it and the others wait and use it. The few newest templates of other
 * schemas stay (another checkout's test run may be copying one); older ones are dropped.
 */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const template = `${POSTGRES_TEMPLATE_PREFIX}${schemaHash()}`;
    const client = new pg.Client({ connectionString: postgresTestUrl });
    client.on("error", () => undefined);
    await client.connect();
    try {
      await client.query("select pg_advisory_lock(hashtext($1))", [POSTGRES_TEMPLATE_PREFIX]);
      const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1 order by oid desc", [
        `${POSTGRES_TEMPLATE_PREFIX}%`,
      ]);
      if (rows.some((row) => row.datname === template)) return template;
      for (const row of rows.slice(OTHER_TEMPLATES_KEPT)) await client.query(`drop database if exists ${row.datname} with (force)`);
      const building = `${template}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const url = postgresDatabaseUrl(building);
      const opened = await openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: url });
      try {
        await buildListIndexes(opened, url);
      } finally {
        await opened.close();
      }
      await client.query(`alter database ${building} rename to ${template}`);
      return template;
    } finally {
      await client.end();
    }
  })();
  return postgresTemplate;
}

let pgliteImage: Promise<Blob> | undefined;

/**
 * The migrated template as PGlite's image of a data directory, kept beside the template (made once
 * per machine and set of migrations, as the template is) and read once per test process.
 */
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const template = await migratedPgliteTemplate();
    const image = `${template}.tar`;
    if (!fs.existsSync(image)) {
      // Opened from a copy: PostgreSQL writes to the folder it runs in, and the template stays as it is.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-image-build-"));
      try {
        fs.cpSync(template, dataDir, { recursive: true });
        const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
        const dumped = await client.dumpDataDir("none");
        await client.close();
        // Written aside and renamed: a process racing to make it never reads half an image.
        const partial = `${image}.${process.pid}`;
        fs.writeFileSync(partial, Buffer.from(await dumped.arrayBuffer()));
        fs.renameSync(partial, image);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    return new Blob([fs.readFileSync(image)]);
  })();
  return pgliteImage;
}

export async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: postgresTestUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, "//***@");
}

/** Reads the content version now; each call of the answer tells whether it moved since the previous reading. */
export async function contentVersionWatch(db: Database): Promise<() => Promise<boolean>> {
  let last = await readContentVersion(db);
  return async () => {
    const now = await readContentVersion(db);
    const moved = now !== last;
    last = now;
    return moved;
  };
}

/** A database with published reads that read afresh every time, for tests that change rows between reads. */
export const uncachedReads = (db: Database) => ({ db, content: { read: <T>(_key: string, read: () => Promise<T>) => read() } });
