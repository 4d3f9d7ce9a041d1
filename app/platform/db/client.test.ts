import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import { expect, test, vi } from "vitest";
import { openDatabase, rowsOf, transactionOnOwnClient, WARM_CONNECTIONS } from "#app/platform/db/client.server.ts";
import { lockFileFor } from "#app/platform/db/directory-lock.server.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { adminQuery, createTestDatabaseEnv, openTestDatabase, testDrivers } from "#tests/support/databases.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();
const fixture = fileURLToPath(new URL("../../../tests/support/open-pglite.fixture.ts", import.meta.url));

function startFixture(dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    env: { ...process.env, FIXTURE_DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  // Starting tsx and PGlite (initdb, migrations) takes seconds, and far more on a loaded 2-core machine.
  const waitFor = async (text: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!stdout.includes(text)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`fixture never said "${text}": ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, output, waitFor };
}

for (const driver of drivers) {
  test(`migrations create every table and reopening applies none twice (${driver})`, async () => {
    const target = await createTestDatabaseEnv(driver);
    try {
      const first = await openDatabase(target.env);
      await first.db.insert(newsletterSubscriptions).values({ email: "kept@example.com" });
      await first.close();

      const second = await openDatabase(target.env);
      const tables = rowsOf<{ table_name: string }>(
        await second.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`),
      ).map((row) => row.table_name);
      expect(tables).toEqual(
        expect.arrayContaining(["newsletter_subscriptions", "consultations", "consultation_attachments", "FeaturedInsights", "job", "outbox", "rate_limits"]),
      );
      const applied = rowsOf<{ n: number }>(await second.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      const journal = JSON.parse(fs.readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as { entries: unknown[] };
      expect(applied[0]?.n).toBe(journal.entries.length);
      const [row] = await second.db.select({ n: count() }).from(newsletterSubscriptions);
      expect(row?.n).toBe(1);
      expect(second.driver).toBe(driver);
      await second.close();
    } finally {
      await target.dispose();
    }
  });

  test(`the spec's columns alone are enough to write a row (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      await database.db.execute(sql`
        insert into consultations (full_name, email, country, phone, project_brief, file_url, submitted_at)
        values ('Asha Rao', 'asha@example.com', 'India', '+91 1', 'A CRM', null, '2025-01-02T03:04:05.000Z')`);
      await database.db.execute(sql`insert into job (title) values ('Engineer')`);
      await database.db.execute(sql`insert into "FeaturedInsights" (title, tags) values ('Hello', '{a,b}')`);
      const jobs = rowsOf<{ id: unknown; status: string }>(await database.db.execute(sql`select id, status from job`));
      expect(jobs[0]?.status).toBe("open");
    } finally {
      await database.dispose();
    }
  });

  test(`a newsletter address is stored once whatever its case (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      await db.insert(newsletterSubscriptions).values({ email: "Reader@Example.com" }).onConflictDoNothing();
      await db.insert(newsletterSubscriptions).values({ email: "reader@example.COM" }).onConflictDoNothing();
      await expect(db.insert(newsletterSubscriptions).values({ email: "READER@example.com" })).rejects.toThrow();
      const [row] = await db.select({ n: count() }).from(newsletterSubscriptions);
      expect(row?.n).toBe(1);
    } finally {
      await database.dispose();
    }
  });
}

test("a second process opening the same PGlite directory is refused with a clear message", async () => {
  const target = await createTestDatabaseEnv("pglite", { migrated: true });
  const holder = await openDatabase(target.env);
  try {
    const second = startFixture(target.env.DATA_DIR);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output().stderr).toContain(
      `Another server process is already using the database in ${target.env.DATA_DIR}/db (pid ${process.pid}). ` +
        "Stop it first, or set DATABASE_URL to use a PostgreSQL server.",
    );
    // The same process opening it twice would lose writes just the same.
    await expect(openDatabase(target.env)).rejects.toThrow(/Another server process is already using the database/);
  } finally {
    await holder.close();
    await target.dispose();
  }
});

test("a stale lock left by a dead process is taken over, and close() releases it", async () => {
  const target = await createTestDatabaseEnv("pglite", { migrated: true });
  try {
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
    const lockFile = lockFileFor(`${target.env.DATA_DIR}/db`);
    fs.writeFileSync(lockFile, JSON.stringify({ pid: deadPid, startedAt: "2020-01-01T00:00:00Z" }));
    const database = await openDatabase(target.env);
    expect(JSON.parse(fs.readFileSync(lockFile, "utf8")).pid).toBe(process.pid);
    await database.close();
    expect(fs.existsSync(lockFile)).toBe(false);
    const again = await openDatabase(target.env);
    await again.close();
  } finally {
    await target.dispose();
  }
});

test("on SIGTERM the PGlite process closes the database and exits on its own", async () => {
  const target = await createTestDatabaseEnv("pglite", { migrated: true });
  try {
    const server = startFixture(target.env.DATA_DIR);
    await server.waitFor("ready");
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const code = await Promise.race([server.exited, new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 8_000))]);
    if (code === "hung") server.child.kill("SIGKILL");
    expect(code).toBe(0);
    expect(server.output().stdout).toContain("closed");
    expect(Date.now() - signalled).toBeLessThan(8_000);
    expect(fs.existsSync(lockFileFor(`${target.env.DATA_DIR}/db`))).toBe(false);
  } finally {
    await target.dispose();
  }
});

if (drivers.includes("pg")) {
  test("a PostgreSQL connection killed by the server does not crash the process (pg)", async () => {
    const database = await openTestDatabase("pg");
    try {
      const name = new URL(database.env.DATABASE_URL ?? "").pathname.slice(1);
      await database.db.execute(sql`select 1`);
      const killed = await adminQuery("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
      expect(killed.rowCount).toBeGreaterThan(0);
      // Give the idle client time to notice and the pool time to emit its 'error'.
      await new Promise((r) => setTimeout(r, 300));
      const rows = rowsOf<{ ok: number }>(await database.db.execute(sql`select 1 as ok`));
      expect(rows[0]?.ok).toBe(1);
    } finally {
      await database.dispose();
    }
  });
}

test.skipIf(!drivers.includes("pg"))("a connection lost in the middle of a transaction fails that transaction, not the process (pg)", async () => {
  const database = await openTestDatabase("pg");
  try {
    const failed = database.db.transaction(async (tx) => {
      const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
      // As a server restart does, between two queries of the transaction: the client is checked out and idle.
      await adminQuery("select pg_terminate_backend($1)", [row!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    await expect(failed).rejects.toThrow();
    const [row] = await database.db.select({ n: count() }).from(newsletterSubscriptions);
    expect(row?.n).toBe(0);
  } finally {
    await database.dispose();
  }
});

test.skipIf(!drivers.includes("pg"))("a transaction whose BEGIN fails gives its client back, so the pool can still close (pg)", async () => {
  const target = await createTestDatabaseEnv("pg");
  const pool = new pg.Pool({ connectionString: target.env.DATABASE_URL, max: 2 });
  pool.on("error", () => undefined);
  try {
    // As a server restart does just after a checkout: the connection is gone before BEGIN reaches it.
    pool.once("acquire", (client) => {
      client.on("error", () => undefined);
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    const transaction = transactionOnOwnClient(pool);
    let ran = false;
    await expect(transaction(async () => void (ran = true))).rejects.toThrow();
    expect(ran).toBe(false);

    const ended = pool.end().then(() => "ended");
    const outcome = await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve("still waiting"), 3_000))]);
    expect(outcome).toBe("ended");
    expect(pool.totalCount).toBe(0);
  } finally {
    await target.dispose();
  }
});

test.skipIf(!drivers.includes("pg"))(
  "after a quiet spell a list page's queries run on connections that were already in use, not new ones that must plan afresh (pg)",
  async () => {
    const target = await createTestDatabaseEnv("pg");
    const opened = await openDatabase(target.env, { idleConnectionMs: 200 });
    const name = new URL(target.env.DATABASE_URL ?? "").pathname.slice(1);
    const backend = async () => rowsOf<{ pid: number }>(await opened.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`))[0]!.pid;
    try {
      // A busy moment: four requests' queries at once open four connections.
      const busy = new Set(await Promise.all([backend(), backend(), backend(), backend()]));
      expect(busy.size).toBe(4);
      // A quiet spell five times the idle limit.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const open = await adminQuery("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      expect(open.rows[0].n).toBe(WARM_CONNECTIONS);
      const after = await Promise.all(Array.from({ length: WARM_CONNECTIONS }, backend));
      expect(new Set(after).size).toBe(WARM_CONNECTIONS);
      for (const pid of after) expect(busy.has(pid)).toBe(true);
    } finally {
      await opened.close();
      await target.dispose();
    }
  },
);
