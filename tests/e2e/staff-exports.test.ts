import { request } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabaseEnv, isPostgresReachable, type TestDatabaseEnv } from "#tests/support/databases.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { staffSession } from "#tests/support/staff.ts";

/*
 * A large CSV export on PostgreSQL, downloaded by a member of sales who gives
 * up half-way: the server logs the request once, at info, in its JSON log,
 * writes nothing else (no stack on stderr), and stops reading the rows.
 */

const ROWS = 40_000;
const postgres = await isPostgresReachable();
let target: TestDatabaseEnv;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  if (!postgres) return;
  target = await createTestDatabaseEnv("pg");
  server = await startServer({ DATABASE_URL: target.env.DATABASE_URL!, LOG_LEVEL: "info" });
  const client = new pg.Client({ connectionString: target.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `insert into consultations (full_name, email, country, phone, project_brief, submitted_at, status)
       select 'Visitor ' || n, 'visitor' || n || '@example.com', 'India', '+91 98450 00000',
              repeat('A CRM for a distribution business with field sales. ', 4), now() - n * interval '1 minute', 'lost'
       from generate_series(1, $1::int) as n`,
      [ROWS],
    );
  } finally {
    await client.end();
  }
  cookie = await staffSession(server, "sales");
});

afterAll(async () => {
  await server?.stop();
  await target?.dispose();
});

/** Reads the export until `bytes` have arrived, then closes the connection as a cancelled download does. */
function abandonExport(bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL("/staff/consultations/export.csv", server.baseURL);
    const req = request(url, { headers: { cookie, "accept-encoding": "gzip" } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`the export answered ${res.statusCode}`));
      let received = 0;
      res.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received >= bytes) {
          req.destroy();
          resolve(received);
        }
      });
      res.on("end", () => reject(new Error(`the whole export (${received} bytes) arrived before the download was abandoned`)));
    });
    req.on("error", () => undefined);
    req.end();
  });
}

test.skipIf(!postgres)("an abandoned export is logged once at info, prints nothing else, and its queries stop", async () => {
  const logBefore = server.output().length;
  await abandonExport(100 * 1024);

  const name = new URL(target.env.DATABASE_URL!).pathname.slice(1);
  const admin = new pg.Client({ connectionString: target.env.DATABASE_URL });
  await admin.connect();
  try {
    // Whatever page was being read when the client left may finish; none may start after it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let look = 0; look < 10; look++) {
      const running = await admin.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and state = 'active' and query ilike '%from "consultations"%' and pid <> pg_backend_pid()`,
        [name],
      );
      expect(running.rows[0].n).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.end();
  }

  const lines = server
    .output()
    .slice(logBefore)
    .split("\n")
    .filter((line) => line.trim() !== "");
  // Every line is the JSON log's: a raw stack on stderr would not parse.
  const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string; req?: { path: string } });
  const aboutExport = entries.filter((entry) => entry.req?.path === "/staff/consultations/export.csv");
  expect(aboutExport).toEqual([expect.objectContaining({ level: 30, msg: "request aborted" })]);
  expect(entries.filter((entry) => entry.level >= 40)).toEqual([]);

  // The server goes on answering.
  const page = await fetch(new URL("/staff/consultations", server.baseURL), { headers: { cookie } });
  expect(page.status).toBe(200);
});

/** The first bytes of a gzip-encoded answer: byte 8 (XFL) is 4 when the fastest level wrote it, 0 for the default. */
function gzipHeader(path: string): Promise<{ encoding: string | undefined; head: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, server.baseURL), { headers: { cookie, "accept-encoding": "gzip" } }, (res) => {
      res.once("data", (chunk: Buffer) => {
        req.destroy();
        resolve({ encoding: res.headers["content-encoding"], head: chunk.subarray(0, 10) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

test.skipIf(!postgres)("an export is compressed at the fastest level, a staff page at the default one", async () => {
  const exported = await gzipHeader("/staff/consultations/export.csv");
  expect(exported.encoding).toBe("gzip");
  expect(exported.head[8]).toBe(4);

  const page = await gzipHeader("/staff/consultations");
  expect(page.encoding).toBe("gzip");
  expect(page.head[8]).toBe(0);
});
