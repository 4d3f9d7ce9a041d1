import { request } from "node:http";
import os from "node:os";
import { createGunzip } from "node:zlib";
import pg from "pg";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { DEFAULT_BUSINESS_HOURS } from "#app/features/leads/business-time.ts";
import { sweepOverdueLeads } from "#app/features/leads/overdue-alerts.server.ts";
import { CONSENT_VERSION } from "#app/features/newsletter/newsletter-schema.ts";
import { periodQuery, presetPeriod, todayIn } from "#app/features/staff/figures/period.ts";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { buildListIndexes, type BuiltIndex } from "#app/platform/db/list-indexes.server.ts";
import { enqueue } from "#app/platform/email/outbox.server.ts";
import type { Outbox } from "#app/platform/services.server.ts";
import { adminQuery, postgresTestUrl } from "#tests/support/databases.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { staffSession } from "#tests/support/staff.ts";
import { processCpuMs, processTreeRssBytes } from "./process-cpu.ts";
import { median, percentile } from "./statistics.ts";

/*
 * The staff screens at a million rows (BENCH_ONLY=scale): a PostgreSQL
 * database of its own on the machine's server, a million consultations (a
 * tenth with an attachment) and a million newsletter subscribers, the built
 * server against it, and the staff lists, searches and CSV exports timed as an
 * admin signed in through the forms.
 */

/** Another name (BENCH_SCALE_DATABASE) lets two checkouts keep data sets of their own on one server. */
export const SCALE_DATABASE = process.env.BENCH_SCALE_DATABASE ?? "bench_scale";
if (!/^[a-z_][a-z0-9_]*$/.test(SCALE_DATABASE)) throw new Error("BENCH_SCALE_DATABASE must be a plain lower-case name");
const CONSULTATIONS = 1_000_000;
/** Every tenth request carries a file. */
const ATTACHMENT_EVERY = 10;
const SUBSCRIBERS = 1_000_000;
/** Sales accounts the leads are shared among, by turns: `bench-owner-1` to `-8`. */
const OWNERS = 8;
/** What the generated rows hold; a database generated to another shape is generated again. */
const DATA_SHAPE = 5;
/** One request from a sender no other row names: the rare-name search finds it alone. */
const RARE_NAME = "Ottoline Vasquez-Halloran";
const RARE_ROW = 424_242;
/** In a third of the briefs, as a real inbox's most common word. */
const COMMON_WORD = "crm";
/** Matches reader77777 and reader777770-777779. */
const SUBSCRIBER_SEARCH = "reader77777";
/** How deep the deep list page starts: the 10,000th page of 25. */
const DEEP_ROWS = 250_000;
/** Longer than the pool keeps a connection beyond its warm ones (30 s). */
const QUIET_SECONDS = 35;
const MB = 1024 * 1024;

/** Where the generated database is, on the server the tests use. */
export function scaleDatabaseUrl(): string {
  const url = new URL(postgresTestUrl);
  url.pathname = `/${SCALE_DATABASE}`;
  return url.toString();
}

type Generated = { consultations: number; attachments: number; subscribers: number; generatedAt: string; generationSeconds: number };

/** The generated data's marker, or null when the database, its marker or a full set of rows is missing. */
async function generatedData(): Promise<Generated | null> {
  const exists = await adminQuery("select 1 from pg_database where datname = $1", [SCALE_DATABASE]);
  if (!exists.rowCount) return null;
  const client = new pg.Client({ connectionString: scaleDatabaseUrl() });
  await client.connect();
  try {
    const marker = await client.query<Generated & { shape: number }>(
      `select consultations, attachments, subscribers, generated_at::text as "generatedAt", generation_seconds::float as "generationSeconds", shape
       from bench_scale_generated`,
    );
    const row = marker.rows[0];
    if (!row || row.consultations !== CONSULTATIONS || row.subscribers !== SUBSCRIBERS || row.shape !== DATA_SHAPE) return null;
    const { shape: _shape, ...generated } = row;
    return generated;
  } catch {
    return null; // no marker: a run stopped half-way
  } finally {
    await client.end();
  }
}

/**
 * A new database with the app's migrations and the rows, written by PostgreSQL
 * itself from generate_series (no row crosses the network), then vacuumed and
 * analysed as a database that has lived would be.
 */
async function generate(): Promise<Generated> {
  const started = performance.now();
  await adminQuery(`drop database if exists ${SCALE_DATABASE} with (force)`);
  await adminQuery(`create database ${SCALE_DATABASE}`);
  const migrated = await openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: scaleDatabaseUrl() });
  await migrated.close();

  const client = new pg.Client({ connectionString: scaleDatabaseUrl() });
  await client.connect();
  const step = async (what: string, text: string, values: unknown[] = []) => {
    const stepStarted = performance.now();
    const result = await client.query(text, values);
    console.log(`  ${what}: ${result.rowCount ?? 0} rows, ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`);
  };
  try {
    console.log(`Generating ${SCALE_DATABASE} (${CONSULTATIONS.toLocaleString("en")} consultations, ${SUBSCRIBERS.toLocaleString("en")} subscribers)`);
    // Row n was sent n × 150 s after the first, so the newest is now and the oldest almost five years old.
    // The newest 150 are new and unread; the next few thousand are being worked on; the rest closed long ago.
    await step(
      "sales accounts",
      `insert into staff_user (id, name, email, roles)
       select 'bench-owner-' || n, 'Owner ' || n, 'owner' || n || '@staff.example.com', array['sales'] from generate_series(1, $1::int) as n`,
      [OWNERS],
    );
    // Each lead has an owner by turns and a due time an hour after it arrived; the ones past "new" were answered
    // 40 minutes in, which took 5 to 124 business minutes. One in ten came from linkedin (landing on /crm), one in
    // ten from google, one in ten from the newsletter, one in ten from bing in one of 50 campaigns; two in ten
    // were sent from /contact-us without a campaign.
    await step(
      "consultations",
      `insert into consultations (id, full_name, email, country, phone, project_brief, file_url, submitted_at, status, read_at,
                                 owner_id, due_at, first_response_at, first_response_business_minutes, attribution)
       select n,
              case when n = $2 then $3 else first_name || ' ' || last_name end,
              case when n = $2 then 'ottoline.vh@example.net' else lower(first_name || '.' || last_name) || '.' || n || '@' || domain end,
              (array['India','United States','United Kingdom','Germany','Singapore','United Arab Emirates','Australia','Canada',
                     'Netherlands','France','Kenya','Brazil','Japan','Sri Lanka','South Africa'])[1 + n % 15],
              '+91 9' || lpad((n::bigint * 7919 % 1000000000)::text, 9, '0'),
              brief || ' Team of ' || (5 + n % 400) || ' people; start within ' || (1 + n % 12) || ' months.',
              case when n % $4 = 0 then 'http://127.0.0.1/staff/files/consultations/bench-' || n || '.pdf' end,
              submitted_at,
              status,
              case when n > $1 - 150 then null else submitted_at + interval '3 hours' end,
              'bench-owner-' || (1 + n % $5),
              submitted_at + interval '1 hour',
              case when status = 'new' then null else submitted_at + interval '40 minutes' end,
              case when status = 'new' then null else 5 + n * 37 % 120 end,
              case n % 10
                when 0 then '{"source": "linkedin", "medium": "paid", "campaign": "q4", "lastTouch": {"landingPage": "/crm?utm_source=linkedin"}}'::jsonb
                when 1 then '{"source": "google", "medium": "cpc"}'::jsonb
                when 2 then '{"source": "newsletter", "medium": "email"}'::jsonb
                when 3 then jsonb_build_object('source', 'bing', 'medium', 'cpc', 'campaign', 'brand-' || n / 10 % 50)
                when 4 then '{"formPage": "/contact-us"}'::jsonb
                when 5 then '{"formPage": "/contact-us"}'::jsonb
              end
       from (
         select n,
                (array['Asha','Rahul','Priya','Vikram','Meera','Arjun','Kavya','Rohan','Ananya','Karthik','Emma','Liam','Olivia','Noah',
                       'Sophia','Lucas','Mia','Ethan','Amara','Kofi','Yuki','Hana','Lars','Ingrid','Mateo','Lucia','Omar','Layla',
                       'Chen','Mei','Ivan','Olga','Tariq','Zara','Diego','Elena','Samir','Nadia','Jonas','Freya'])[1 + n * 7 % 40] as first_name,
                (array['Rao','Sharma','Iyer','Patel','Nair','Menon','Reddy','Gupta','Kumar','Das','Smith','Johnson','Brown','Wilson',
                       'Taylor','Muller','Schmidt','Tan','Lim','Wong','Okafor','Mensah','Sato','Suzuki','Hansen','Berg','Garcia',
                       'Lopez','Haddad','Khan','Ivanov','Petrova','Silva','Costa','Dubois','Martin','Jansen','Visser','Ali','Singh'])[1 + n * 13 % 40] as last_name,
                (array['example.com','example.org','example.net','mail.example.com','corp.example.org','example.in'])[1 + n % 6] as domain,
                (array['We need a CRM for our field sales team, with offline visits and route plans.',
                       'An ERP rollout for two warehouses: stock, purchase orders and invoicing.',
                       'Migrating our CRM from spreadsheets; about forty users.',
                       'A customer portal for order tracking and returns.',
                       'Payroll and attendance for a factory with three shifts.',
                       'Integrating our CRM with WhatsApp and the website''s forms.',
                       'A mobile app for our dealers to place orders.',
                       'Analytics dashboards over our sales and inventory data.',
                       'A CRM with quotations, approvals and e-invoicing.',
                       'Document management for contracts and approvals.',
                       'A learning portal for onboarding new staff.',
                       'Cloud hosting and support for our existing system.'])[1 + n * 11 % 12] as brief,
                now() - ($1 - n) * interval '150 seconds' as submitted_at,
                case
                  when n > $1 - 150 then 'new'
                  when n > $1 - 4000 then (array['new','contacted','contacted','contacted','qualified','qualified','spam','lost'])[1 + n * 7 % 8]
                  else (array['lost','lost','lost','lost','lost','lost','spam','spam','spam','won','contacted','qualified'])[1 + n * 31 % 12]
                end as status
         from generate_series(1, $1::int) as n
       ) as generated`,
      [CONSULTATIONS, RARE_ROW, RARE_NAME, ATTACHMENT_EVERY, OWNERS],
    );
    // The overdue alert went out for every lead that was past its due time unanswered, as on a site that has run for years.
    await step(
      "overdue alerts already sent",
      `update consultations set overdue_alerted_at = due_at + interval '1 minute'
       where first_response_at is null and status not in ('spam', 'lost') and due_at <= now()`,
    );
    // The status history the figures read for "ever qualified": each qualified or won lead's move there, and a
    // third of the lost ones qualified before they were lost.
    await step(
      "status changes",
      `insert into inbox_status_changes (consultation_id, from_status, to_status, actor_name, created_at)
       select id, 'contacted', case when status = 'lost' then 'qualified' else status end, 'Owner', submitted_at + interval '1 day'
       from consultations where status in ('qualified', 'won') or (status = 'lost' and id % 3 = 0)`,
    );
    await step("consultations' id sequence", `select setval(pg_get_serial_sequence('consultations', 'id'), $1)`, [CONSULTATIONS]);
    await step(
      "attachments",
      `insert into consultation_attachments (consultation_id, storage_key, original_name, content_type, size_bytes, position, created_at)
       select id, 'consultations/bench-' || id || '.pdf', 'brief-' || id || '.pdf', 'application/pdf', 150000 + id * 7919 % 4000000, 0, submitted_at
       from consultations where id % $1 = 0`,
      [ATTACHMENT_EVERY],
    );
    // One in five never followed the confirmation link.
    await step(
      "newsletter subscribers",
      `insert into newsletter_subscriptions (id, email, timestamp, consent_at, consent_version, confirmed_at)
       select n, 'reader' || n || '@' || (array['example.com','example.org','example.net','mail.example.com'])[1 + n % 4],
              subscribed_at, subscribed_at, $2, case when n % 5 = 0 then null else subscribed_at + interval '20 minutes' end
       from (select n, now() - ($1 - n) * interval '150 seconds' as subscribed_at from generate_series(1, $1::int) as n) as generated`,
      [SUBSCRIBERS, CONSENT_VERSION],
    );
    await step("subscribers' id sequence", `select setval(pg_get_serial_sequence('newsletter_subscriptions', 'id'), $1)`, [SUBSCRIBERS]);
    await step("vacuum analyze", "vacuum analyze");
    const generationSeconds = +((performance.now() - started) / 1000).toFixed(1);
    const attachments = (await client.query<{ n: number }>("select count(*)::int as n from consultation_attachments")).rows[0]!.n;
    await client.query(
      `create table bench_scale_generated (consultations int not null, attachments int not null, subscribers int not null,
                                           generated_at timestamptz not null default now(), generation_seconds numeric not null,
                                           shape int not null)`,
    );
    await client.query("insert into bench_scale_generated (consultations, attachments, subscribers, generation_seconds, shape) values ($1, $2, $3, $4, $5)", [
      CONSULTATIONS,
      attachments,
      SUBSCRIBERS,
      generationSeconds,
      DATA_SHAPE,
    ]);
    return { consultations: CONSULTATIONS, attachments, subscribers: SUBSCRIBERS, generatedAt: new Date().toISOString(), generationSeconds };
  } finally {
    await client.end();
  }
}

type Timing = { ms: number; status: number };

async function timedGet(server: RunningServer, cookie: string, path: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(server.baseURL + path, { headers: { cookie, "accept-encoding": "gzip, br" }, redirect: "manual" });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** `samples` requests one after another, or fewer when a page takes longer than `budgetMs` in all. */
export async function timePage(server: RunningServer, cookie: string, page: string, path: string, samples: number, budgetMs: number) {
  const timings: Timing[] = [];
  const started = performance.now();
  while (timings.length < samples && (timings.length < 3 || performance.now() - started < budgetMs)) {
    timings.push(await timedGet(server, cookie, path));
  }
  const ms = timings.map((timing) => timing.ms);
  return {
    page,
    path,
    statuses: [...new Set(timings.map((timing) => timing.status))].join(", "),
    requests: timings.length,
    medianMs: Math.round(median(ms)),
    p95Ms: Math.round(percentile(ms, 95)),
    worstMs: Math.round(Math.max(...ms)),
  };
}

/**
 * One whole CSV export, read as fast as the client can and thrown away: its rows
 * (line ends less the header; the generated cells hold no line breaks), its time, the
 * server's CPU time meanwhile (PostgreSQL's is not in it), and the server's resident
 * memory before and at its peak (read every 100 ms).
 */
async function timeExport(server: RunningServer, cookie: string, list: string, path: string, coding: "identity" | "gzip") {
  const pid = server.process.pid!;
  const rssBefore = await processTreeRssBytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => void processTreeRssBytes(pid).then((bytes) => (rssPeak = Math.max(rssPeak, bytes))), 100);
  const cpuBefore = await processCpuMs(pid);
  const started = performance.now();
  try {
    const { lines, bytes, sentBytes, status } = await new Promise<{ lines: number; bytes: number; sentBytes: number; status: number }>((resolve, reject) => {
      const req = request(new URL(path, server.baseURL), { headers: { cookie, "accept-encoding": coding } }, (res) => {
        let sentBytes = 0;
        res.on("data", (chunk: Buffer) => (sentBytes += chunk.length));
        const body = res.headers["content-encoding"] === "gzip" ? res.pipe(createGunzip()) : res;
        let lines = 0;
        let bytes = 0;
        body.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        });
        body.on("end", () => resolve({ lines, bytes, sentBytes, status: res.statusCode! }));
        body.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });
    const seconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = ((await processCpuMs(pid)) - cpuBefore) / 1000;
    const rows = Math.max(0, lines - 1);
    return {
      export: list,
      coding,
      status,
      rows,
      csvMB: Math.round(bytes / MB),
      sentMB: Math.round(sentBytes / MB),
      seconds: +seconds.toFixed(1),
      rowsPerSecond: Math.round(rows / seconds),
      serverCpuSeconds: +serverCpuSeconds.toFixed(1),
      rssBeforeMB: Math.round(rssBefore / MB),
      rssPeakMB: Math.round(rssPeak / MB),
      peakOverBeforeMB: Math.round((rssPeak - rssBefore) / MB),
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The staff lists' indexes the database lacks, built as a server's first start builds them
 * (concurrently, one at a time), and how long each took; none when a reused database has them.
 */
async function buildIndexes(): Promise<BuiltIndex[]> {
  const database = await openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: scaleDatabaseUrl() });
  try {
    return await buildListIndexes(database, scaleDatabaseUrl());
  } finally {
    await database.close();
  }
}

/** The list's keyset cursor (list-query.server.ts) after the first `rows` consultations, newest first. */
async function cursorAt(rows: number): Promise<string> {
  const client = new pg.Client({ connectionString: scaleDatabaseUrl() });
  await client.connect();
  try {
    const { rows: found } = await client.query<{ micros: string; id: string }>(
      `select (extract(epoch from submitted_at) * 1000000)::bigint::text as micros, id::text
       from consultations order by submitted_at desc, id desc offset $1 limit 1`,
      [rows - 1],
    );
    return `${found[0]!.micros}-${found[0]!.id}`;
  } finally {
    await client.end();
  }
}

/** Overdue leads made fresh (their alert not yet sent) for each timed run of the sweep with work to do. */
const FRESHLY_OVERDUE = 50;
const SWEEP_RUNS = 20;

/**
 * The overdue sweep as each server process runs it every minute, over the million
 * rows: first a steady state (whatever fell due since the data was made, then runs
 * with nothing new), then runs that each find FRESHLY_OVERDUE leads to alert. The
 * alerts it writes are removed afterwards, so the outbox screen's figures stay as
 * generated; the leads stay alerted.
 */
async function timeEscalationSweep() {
  const database = await openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: scaleDatabaseUrl() });
  const outbox: Pick<Outbox, "enqueue" | "nudge"> = { enqueue: (tx, message) => enqueue(mailTemplates, tx, message), nudge() {} };
  const services = { db: database.db, env: { SITE_URL: "http://127.0.0.1" }, outbox };
  const client = new pg.Client({ connectionString: scaleDatabaseUrl() });
  await client.connect();
  try {
    // Every bench run signs in as a new admin (staffSession), and admins get every escalation: the accounts of
    // earlier runs would multiply the alerts each sweep writes. They are deactivated; the data set's own staff stay.
    await client.query("update staff_user set deactivated_at = now() where email like '%-session-%@staff.example.com' and deactivated_at is null");
    const timed = async () => {
      const started = performance.now();
      const alerted = await sweepOverdueLeads(services);
      return { ms: performance.now() - started, alerted };
    };
    const catchUp = await timed();
    const steady = [];
    for (let run = 0; run < SWEEP_RUNS; run++) steady.push(await timed());
    const fresh = [];
    for (let run = 0; run < SWEEP_RUNS; run++) {
      await client.query(
        `update consultations set overdue_alerted_at = null
         where id in (select id from consultations where first_response_at is null and status not in ('spam', 'lost') and due_at <= now()
                      order by random() limit $1)`,
        [FRESHLY_OVERDUE],
      );
      fresh.push(await timed());
    }
    const waiting = await client.query<{ n: number }>(
      "select count(*)::int as n from consultations where first_response_at is null and status not in ('spam', 'lost')",
    );
    await client.query("delete from outbox where kind = 'overdue'");
    const row = (run: string, timings: { ms: number; alerted: number }[]) => ({
      run,
      runs: timings.length,
      leadsAlertedPerRun: Math.round(median(timings.map((timing) => timing.alerted))),
      medianMs: +median(timings.map((timing) => timing.ms)).toFixed(1),
      p95Ms: +percentile(
        timings.map((timing) => timing.ms),
        95,
      ).toFixed(1),
      maxMs: +Math.max(...timings.map((timing) => timing.ms)).toFixed(1),
    });
    return {
      waitingLeads: waiting.rows[0]!.n,
      rows: [
        row("catching up since the data was made", [catchUp]),
        row("steady state: nothing new", steady),
        row(`${FRESHLY_OVERDUE} freshly overdue leads`, fresh),
      ],
    };
  } finally {
    await client.end();
    await database.close();
  }
}

/** The reference a visitor would quote for the consultation with this id. */
async function referenceOf(id: number): Promise<string> {
  const client = new pg.Client({ connectionString: scaleDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ reference: string }>("select reference from consultations where id = $1", [id]);
    return rows[0]!.reference;
  } finally {
    await client.end();
  }
}

/**
 * The data set, generated unless the database holds it already (BENCH_SCALE_REGENERATE=1 makes
 * it again), with the staff lists' indexes it lacks built as a server's first start builds them.
 */
export async function scaleData() {
  let generated = process.env.BENCH_SCALE_REGENERATE === "1" ? null : await generatedData();
  const reused = generated !== null;
  generated ??= await generate();
  const indexes = await buildIndexes();
  return { generated: { ...generated, reused }, indexes };
}

/**
 * Generates the data unless the database holds it already (BENCH_SCALE_REGENERATE=1 makes it
 * again), starts the built server against it, signs an admin in, and times the staff pages
 * (BENCH_SCALE_SAMPLES requests each, 20), the first list page after a quiet spell, and every
 * row of the consultations and subscribers as CSV, without compression and gzip-encoded.
 */
export async function dataScaleBench() {
  const { generated, indexes } = await scaleData();
  const deepCursor = await cursorAt(DEEP_ROWS);
  // Before the server starts, so its own sweep does not take the leads the timed runs are for.
  const escalationSweep = await timeEscalationSweep();
  const rareReference = await referenceOf(RARE_ROW);

  const server = await startServer({ DATABASE_URL: scaleDatabaseUrl() });
  try {
    const cookie = await staffSession(server, "admin");
    const samples = Number(process.env.BENCH_SCALE_SAMPLES ?? 20);
    const budgetMs = 60_000;
    const pages: [string, string][] = [
      ["staff home", "/staff"],
      ["consultations", "/staff/consultations"],
      ["consultations, new", "/staff/consultations?status=new"],
      ["consultations, most urgent", "/staff/consultations?sort=urgent"],
      ["consultations, oldest waiting", "/staff/consultations?sort=waiting"],
      ["consultations, mine", "/staff/consultations?owner=mine"],
      ["consultations, one owner's", "/staff/consultations?owner=bench-owner-3"],
      ["consultations, unassigned", "/staff/consultations?owner=none"],
      ["consultations, from linkedin", "/staff/consultations?source=linkedin"],
      ["figures, 90 days", `/staff/figures?${periodQuery(presetPeriod(90, todayIn(DEFAULT_BUSINESS_HOURS.timeZone, new Date())))}`],
      [`consultations, ${DEEP_ROWS.toLocaleString("en")} rows deep`, `/staff/consultations?older=${deepCursor}`],
      [`consultations, search "${COMMON_WORD}"`, `/staff/consultations?q=${COMMON_WORD}`],
      ["consultations, search a rare name", `/staff/consultations?q=${encodeURIComponent(RARE_NAME.split(" ")[1]!)}`],
      ["consultations, search a reference", `/staff/consultations?q=${rareReference}`],
      ["one consultation", `/staff/consultations/${RARE_ROW}`],
      ["subscribers", "/staff/subscribers"],
      [`subscribers, search "${SUBSCRIBER_SEARCH}"`, `/staff/subscribers?q=${SUBSCRIBER_SEARCH}`],
      ["applications", "/staff/applications"],
      ["event registrations", "/staff/events"],
      ["jobs", "/staff/jobs"],
      ["insights", "/staff/insights"],
      ["outbox", "/staff/outbox"],
      ["audit log", "/staff/audit"],
      ["staff accounts", "/staff/accounts"],
    ];
    const pageRows = [];
    for (const [page, path] of pages) pageRows.push(await timePage(server, cookie, page, path, samples, budgetMs));

    // Every pooled connection but the warm ones closes after 30 s unused. A page that is quick at a million
    // rows shows a new connection's first planning (a quarter of a second) where a slow one would hide it.
    const quietPath = "/staff/consultations?status=new";
    await new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000));
    const afterQuiet = await timedGet(server, cookie, quietPath);
    const quietRow = {
      path: quietPath,
      afterQuietSeconds: QUIET_SECONDS,
      status: afterQuiet.status,
      firstRequestMs: Math.round(afterQuiet.ms),
      medianBeforeMs: pageRows.find((row) => row.path === quietPath)!.medianMs,
    };

    const exportRows = [];
    for (const coding of ["identity", "gzip"] as const) {
      exportRows.push(await timeExport(server, cookie, "consultations", "/staff/consultations/export.csv", coding));
      exportRows.push(await timeExport(server, cookie, "subscribers", "/staff/subscribers/export.csv", coding));
    }
    return { generated, indexes, escalationSweep, pages: pageRows, afterQuiet: quietRow, exports: exportRows };
  } finally {
    await server.stop();
    if (process.env.BENCH_SCALE_DROP === "1") await adminQuery(`drop database if exists ${SCALE_DATABASE} with (force)`);
  }
}
