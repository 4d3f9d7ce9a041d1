import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Env } from "#app/platform/env.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { acquireDirectoryLock } from "#app/platform/db/directory-lock.server.ts";
import * as schema from "#app/platform/db/schema.server.ts";

export type Schema = typeof schema;
/** The one Drizzle API both drivers share; a transaction is one too, so helpers take either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = "pglite" | "pg";

export type OpenDatabase = {
  db: Database;
  driver: DatabaseDriver;
  /** Stops the database (PGlite) or drains the pool (pg) and releases the directory lock. */
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** Where the SQL migrations are; defaults to the committed folder. */
  migrationsFolder?: string;
  /** Upper bound of pooled connections on `pg`. */
  maxConnections?: number;
  /** How long a pooled connection beyond the WARM_CONNECTIONS stays open unused, on `pg`. */
  idleConnectionMs?: number;
  /**
   * On PGlite, a data directory's image (PGlite's `dumpDataDir`) to run in memory instead of the one
   * under DATA_DIR; nothing of the database touches the disk. The tests open each database from a
   * migrated image this way: no copy to write and no folder to remove.
   */
  pgliteImage?: Blob;
};

/** Where the embedded database keeps its files. */
export function pgliteDirectory(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "db");
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(env: Pick<Env, "DATA_DIR" | "DATABASE_URL">, options: OpenDatabaseOptions = {}): Promise<OpenDatabase> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL, migrationsFolder, { max: options.maxConnections ?? 10, idleTimeoutMillis: options.idleConnectionMs ?? 30_000 })
    : openPglite(options.pgliteImage ?? pgliteDirectory(env), migrationsFolder);
}

async function openPglite(source: string | Blob, migrationsFolder: string): Promise<OpenDatabase> {
  const inMemory = typeof source !== "string";
  const lock = inMemory ? { release: () => undefined } : acquireDirectoryLock(source);
  let client: PGlite | undefined;
  try {
    if (inMemory) {
      client = await PGlite.create({ loadDataDir: source, extensions: { pg_trgm } });
    } else {
      fs.mkdirSync(source, { recursive: true });
      client = await PGlite.create(source, { extensions: { pg_trgm } });
    }
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    let closing: Promise<void> | undefined;
    return {
      db: db as Database,
      driver: "pglite",
      close() {
        closing ??= opened.close().finally(() => lock.release());
        return closing;
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}

/** Any fixed number: it only has to be the same in every process migrating this database. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Pooled connections kept open through quiet spells. A new connection's first
 * query takes a quarter of a second more at a million rows (the server reads
 * the tables' catalog entries and statistics into that connection's caches);
 * the consultations list runs three queries at once (its rows, their count and
 * the count of new ones), so three warm connections answer the first page after
 * a quiet minute as fast as any other.
 */
export const WARM_CONNECTIONS = 3;

/** Connections left idle for hours must survive firewalls and NAT that drop silent ones: TCP keepalives after a minute. */
const KEEPALIVE_AFTER_MS = 60_000;

async function openPostgres(url: string, migrationsFolder: string, sizes: { max: number; idleTimeoutMillis: number }): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    ...sizes,
    min: WARM_CONNECTIONS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_AFTER_MS,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection (server restart, admin kill, network) emits
  // 'error' on the pool; unhandled, that would crash the process. The pool drops the
  // client and the next query opens a fresh one.
  pool.on("error", (error) => {
    const code = (error as { code?: unknown }).code;
    logger.error({ err: error, code }, "PostgreSQL connection lost; the pool will reconnect");
  });
  // A client in use (checked out for a transaction, between its queries) has no pool listener: losing
  // its connection emits 'error' on the client itself, and unhandled that ends the process. The scale
  // test saw it: a PostgreSQL restart under load crashed two of three processes. Every client gets a
  // listener of its own; the transaction's next query fails (a 503 for a form), and the pool drops the
  // client when it is released.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      logger.warn({ err: error, code: (error as { code?: unknown }).code }, "PostgreSQL connection lost while in use");
    });
  });
  const db = drizzlePg({ client: pool, schema });
  db.transaction = transactionOnOwnClient(pool);
  try {
    // Several server processes may start together; the advisory lock makes them migrate one at a time.
    const connection = await pool.connect();
    try {
      await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
      } finally {
        await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    } finally {
      connection.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    db: db as Database,
    driver: "pg",
    close() {
      closing ??= endReportingLeaks(pool);
      return closing;
    },
  };
}

/**
 * Drizzle's pooled `transaction` runs BEGIN before the `try` whose `finally` releases
 * the client, so a BEGIN that fails (the connection died just after checkout, as a
 * server restart under load does) leaves the client checked out for good, and
 * `pool.end()` then waits for it forever (drizzle-team/drizzle-orm#6023 and #6241; the scale
 * test's processes hung at shutdown after its PostgreSQL restart). Here a transaction
 * checks its client out itself and always gives it back; the pool drops a client
 * whose connection is gone.
 */
export function transactionOnOwnClient(pool: pg.Pool): NodePgDatabase<Schema>["transaction"] {
  return async (work, config) => {
    const client = await pool.connect();
    try {
      return await drizzlePg({ client, schema }).transaction(work, config);
    } finally {
      client.release();
    }
  };
}

/** How long closing may wait for checked-out clients before it says which are still out. */
const LEAK_REPORT_AFTER_MS = 5_000;

/** `pool.end()` waits for every checked-out client; one never released would hold shutdown silently. */
async function endReportingLeaks(pool: pg.Pool): Promise<void> {
  const report = setTimeout(() => {
    logger.warn(
      { checkedOut: pool.totalCount - pool.idleCount, waiting: pool.waitingCount },
      "PostgreSQL clients are still checked out; closing waits for them",
    );
  }, LEAK_REPORT_AFTER_MS);
  report.unref();
  try {
    await pool.end();
  } finally {
    clearTimeout(report);
  }
}

function defaultMigrationsFolder(): string {
  // Beside this module in the sources. In the server build the folder is build/server/migrations, and this module
  // is bundled into the entry (build/server/) or a chunk (build/server/assets/); the image has no sources to fall back on.
  for (const relative of ["./migrations", "../migrations"]) {
    const folder = fileURLToPath(new URL(relative, import.meta.url));
    if (fs.existsSync(path.join(folder, "meta", "_journal.json"))) return folder;
  }
  return path.resolve("app/platform/db/migrations");
}

/** Rows of a raw `db.execute(sql)` on either driver (both return `{ rows }`). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
