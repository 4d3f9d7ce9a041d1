import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { openDatabase, rowsOf, type Database } from "#app/platform/db/client.server.ts";
import { enqueue } from "#app/platform/email/outbox.server.ts";
import { createTestDatabaseEnv } from "#tests/support/databases.ts";
import { startCountingSmtp, type CountingSmtp } from "#tests/support/scale/counting-smtp.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { BOUNDARY, multipart, PDF } from "./form-posts.ts";
import { processCpuMs } from "./process-cpu.ts";
import { median, percentile } from "./statistics.ts";

/*
 * Newsletter campaigns on PostgreSQL through the built server (BENCH_ONLY=campaigns,
 * decision 075), with its mail going to a counting SMTP server on 127.0.0.1:
 *  a. the server's sweep makes the outbox rows for BENCH_CAMPAIGN_RECIPIENTS
 *     confirmed subscribers (100,000) while newsletter and consultation forms
 *     are posted to it one after another, each post timed (target: the rows in
 *     under 30 s, no post over 100 ms);
 *  b. the campaign goes out at NEWSLETTER_SEND_RATE (200) a second: the rate
 *     reached and how long it took;
 *  c. a second campaign: the server is killed (SIGKILL) part-way and started
 *     again, and the SMTP server's count says who got it, and how many times;
 *  d. `/` and `/crm` requested one after another, idle and while the first
 *     10,000 messages of (b) go out: their 99th percentiles and the ratio (target: at most 2×).
 */

const RECIPIENTS = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 100_000);
const RATE = Number(process.env.NEWSLETTER_SEND_RATE ?? 200);
/** Messages of (b) that go out while the pages are timed. */
const LOADED_MESSAGES = Math.min(10_000, RECIPIENTS);
/** Requests of each page timed when the server is idle. */
const IDLE_PAGE_SAMPLES = Number(process.env.BENCH_CAMPAIGN_PAGE_SAMPLES ?? 300);
/** Share of the second campaign delivered when the server is killed. */
const KILL_AT = 0.4;
/**
 * The SMTP_URL's options (docs/operations.md): connections kept open, as a site sending campaigns
 * should; BENCH_SMTP_OPTIONS="" opens one for every message, as the default does.
 */
const SMTP_OPTIONS = process.env.BENCH_SMTP_OPTIONS ?? "pool=true";
const PAGES = ["/", "/crm"];
const PAGE_REQUESTS_PER_SECOND = 20;
const SUBJECTS = { sending: "Bench campaign: sending", resume: "Bench campaign: resumed after a kill" };
/** A body of a usual campaign's length: a few paragraphs, a heading, a list and links. */
const BODY_HTML = [
  "<h2>What we shipped this month</h2>",
  ...Array.from(
    { length: 6 },
    (_, n) =>
      `<p>Paragraph ${n + 1}: we moved a distributor's order desk from spreadsheets to a CRM connected to their ERP, ` +
      `and cut the time from order to invoice from three days to four hours. <a href="/portfolio">Read the case study</a>.</p>`,
  ),
  "<ul><li>CRM and ERP integration</li><li>WhatsApp order intake</li><li>Dashboards for the sales team</li></ul>",
  '<p>Questions? <a href="/consultation">Book a consultation</a>.</p>',
].join("");

const ms = (value: number) => +value.toFixed(1);
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

function spread(times: number[]) {
  return times.length === 0
    ? { requests: 0 }
    : { requests: times.length, medianMs: ms(median(times)), p99Ms: ms(percentile(times, 99)), maxMs: ms(Math.max(...times)) };
}

async function waitFor(what: string, condition: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(everyMs);
  }
}

const delivered = (smtp: CountingSmtp, subject: string) => smtp.deliveries.filter((delivery) => delivery.subject === subject);

/** Deliveries of a subject so far, counted as they arrive: the waits ask often, and the list grows to hundreds of thousands. */
function deliveryCounter(smtp: CountingSmtp): (subject: string) => number {
  const counts = new Map<string, number>();
  let seen = 0;
  return (subject) => {
    for (; seen < smtp.deliveries.length; seen++) {
      const { subject: arrived } = smtp.deliveries[seen]!;
      counts.set(arrived, (counts.get(arrived) ?? 0) + 1);
    }
    return counts.get(subject) ?? 0;
  };
}

/** A stop condition that is met `millis` from now. */
function forMs(millis: number): () => boolean {
  const stopAt = Date.now() + millis;
  return () => Date.now() > stopAt;
}

/** A campaign written straight into its table, in the state sending (or paused) starts it in. */
async function insertCampaign(db: Database, subject: string, state: "sending" | "paused"): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into newsletter_campaigns (subject, preheader, body_html, state, started_at, filled_through, paced_until)
      values (${subject}, 'Notes from the delivery teams', ${BODY_HTML}, ${state}, now(), 0, now())
      returning id`),
  );
  return Number(row!.id);
}

/**
 * Newsletter and consultation posts in turn, one at a time from each of
 * `posters`, from addresses of their own, until `until` says stop; each post's
 * time, and the answers that were not 200.
 */
async function postForms(server: RunningServer, until: () => boolean, label: string, posters = 2) {
  const times: number[] = [];
  const failures: number[] = [];
  let sent = 0;
  const post = async () => {
    const n = sent++;
    const address = `10.9.${(n >> 8) & 255}.${n & 255}`;
    const newsletter = n % 2 === 0;
    const started = performance.now();
    const response = await fetch(`${server.baseURL}/${newsletter ? "newsletter" : "consultation"}.data`, {
      method: "POST",
      headers: {
        "x-forwarded-for": address,
        "content-type": newsletter ? "application/x-www-form-urlencoded" : `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: newsletter
        ? `email=${label}-${n}%40example.com&consent=yes&consentVersion=2025-01`
        : multipart(
            {
              fullName: "Bench Visitor",
              email: `${label}-${n}@example.com`,
              country: "India",
              phone: "+91 98100 00000",
              brief: `We need a CRM connected to our ERP and WhatsApp. ${label} ${n}`,
              idempotencyKey: `${label}-${n}`,
            },
            { name: "brief.pdf", type: "application/pdf", content: PDF },
          ),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) failures.push(response.status);
  };
  await Promise.all(
    Array.from({ length: posters }, async () => {
      while (!until()) await post();
    }),
  );
  return { ...spread(times), notOk: failures.length };
}

/**
 * What the newsletter form's post writes, straight to the database from here,
 * one transaction at a time until `until` says stop: a subscription and its
 * confirmation in the outbox. Each transaction's time is what a lock the
 * campaign's rows take would add to a post, without the HTTP and the mail.
 */
async function insertSignUps(db: Database, until: () => boolean, label: string) {
  const times: number[] = [];
  for (let n = 0; !until(); n++) {
    const email = `${label}-direct-${n}@example.com`;
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into newsletter_subscriptions (email, consent_at, consent_version) values (${email}, now(), '2025-01')
        on conflict do nothing`);
      await enqueue(mailTemplates, tx, {
        template: "newsletter-confirmation",
        kind: "newsletter",
        to: email,
        params: { confirm_url: "http://127.0.0.1/newsletter/confirm?s=bench", unsubscribe_url: "http://127.0.0.1/newsletter/unsubscribe?s=bench" },
      });
    });
    times.push(performance.now() - started);
    await sleep(20);
  }
  return spread(times);
}

/**
 * `/` and `/crm` in turn, one request at a time and at most PAGE_REQUESTS_PER_SECOND,
 * from a thread of its own: this process also receives every message the server
 * sends (the counting SMTP server), and a page timed on the same event loop would
 * wait for that parsing, not for the server.
 */
const PAGE_TIMER = `
const { parentPort, workerData } = require("node:worker_threads");
const { baseURL, pages, perSecond } = workerData;
let stopped = false;
parentPort.on("message", () => (stopped = true));
(async () => {
  const times = [];
  const statuses = new Set();
  for (let n = 0; !stopped; n++) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / perSecond - (times.length ? times[times.length - 1] : 0))));
    const started = performance.now();
    const response = await fetch(baseURL + pages[n % pages.length], { headers: { "accept-encoding": "gzip, br" } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses.add(response.status);
  }
  parentPort.postMessage({ times, statuses: [...statuses] });
})();
`;

/** Pages timed (PAGE_TIMER) until `until` says stop: a visitor's view of the server, which does not itself load it. */
async function timePages(server: RunningServer, until: () => boolean | Promise<boolean>) {
  const timer = new Worker(PAGE_TIMER, { eval: true, workerData: { baseURL: server.baseURL, pages: PAGES, perSecond: PAGE_REQUESTS_PER_SECOND } });
  const done = new Promise<{ times: number[]; statuses: number[] }>((resolve, reject) => {
    timer.once("message", resolve);
    timer.once("error", reject);
  });
  await waitFor("the pages' timing to end", until, 30 * 60_000, 50);
  timer.postMessage("stop");
  const { times, statuses } = await done;
  await timer.terminate();
  return { ...spread(times), statuses: statuses.join(", ") };
}

/**
 * What the database's sessions wait on, sampled every few milliseconds until
 * `until` says stop: the longest wait for a lock seen (pg_locks' waitstart), and
 * how often an active session was seen on each wait event ("CPU" for none). It
 * tells a post blocked by the campaign's rows from one slowed by sharing the cores.
 */
async function sampleWaits(db: Database, until: () => boolean) {
  let samples = 0;
  let samplesWithLockWait = 0;
  let longestLockWaitMs = 0;
  const events = new Map<string, number>();
  const blockers = new Map<string, number>();
  while (!until()) {
    const [locks] = rowsOf<{ longest: number; waiting: number }>(
      await db.execute(sql`
        select coalesce(max(extract(epoch from clock_timestamp() - waitstart) * 1000), 0)::float8 as longest, count(*)::int as waiting
        from pg_locks join pg_stat_activity using (pid)
        where not granted and datname = current_database()`),
    );
    const active = rowsOf<{ event: string; n: number }>(
      await db.execute(sql`
        select coalesce(wait_event_type || ':' || wait_event, 'CPU') as event, count(*)::int as n from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid() group by 1`),
    );
    const blocked = rowsOf<{ waiter: string; blocker: string }>(
      await db.execute(sql`
        select left(regexp_replace(waiting.query, '\\s+', ' ', 'g'), 70) as waiter, left(regexp_replace(holding.query, '\\s+', ' ', 'g'), 70) as blocker
        from pg_stat_activity waiting
        cross join lateral unnest(pg_blocking_pids(waiting.pid)) as blocking(pid)
        join pg_stat_activity holding on holding.pid = blocking.pid
        where waiting.datname = current_database() and waiting.wait_event_type = 'Lock'`),
    );
    for (const { waiter, blocker } of blocked) {
      const pair = `${waiter} ⟵ ${blocker}`;
      blockers.set(pair, (blockers.get(pair) ?? 0) + 1);
    }
    samples++;
    if (Number(locks!.waiting) > 0) samplesWithLockWait++;
    longestLockWaitMs = Math.max(longestLockWaitMs, Number(locks!.longest));
    for (const { event, n } of active) events.set(event, (events.get(event) ?? 0) + Number(n));
    await sleep(5);
  }
  const seen = [...events].sort((a, b) => b[1] - a[1]).slice(0, 6);
  const waitedOn = [...blockers].sort((a, b) => b[1] - a[1]).slice(0, 4);
  return {
    samples,
    samplesWithLockWait,
    longestLockWaitMs: ms(longestLockWaitMs),
    activeSessionsSeenOn: Object.fromEntries(seen),
    waitedOn: Object.fromEntries(waitedOn),
  };
}

/** How many of the campaign's rows are in each state. */
async function rowStates(db: Database, campaignId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select status, count(*)::int as n from outbox where campaign_id = ${campaignId} group by status`),
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

export async function campaignSendingBench() {
  if (!(RECIPIENTS >= 10 && RATE >= 1 && RATE <= 200)) throw new Error("BENCH_CAMPAIGN_RECIPIENTS must be 10 or more and NEWSLETTER_SEND_RATE 1 to 200.");
  const smtp = await startCountingSmtp();
  const countDelivered = deliveryCounter(smtp);
  const place = await createTestDatabaseEnv("pg");
  const serverEnv = {
    DATA_DIR: place.env.DATA_DIR,
    DATABASE_URL: place.env.DATABASE_URL!,
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: SMTP_OPTIONS ? `${smtp.url}/?${SMTP_OPTIONS}` : smtp.url,
    NEWSLETTER_SEND_RATE: String(RATE),
    FORM_RATE_LIMIT: "100000000",
    TRUST_PROXY: "loopback",
  };
  // The server migrates the new database as it starts; the subscribers go in beside it.
  let server = await startServer(serverEnv);
  const database = await openDatabase({ DATA_DIR: place.env.DATA_DIR, DATABASE_URL: place.env.DATABASE_URL });
  const { db } = database;
  try {
    await db.execute(sql`
      insert into newsletter_subscriptions (email, timestamp, consent_at, consent_version, confirmed_at)
      select 'reader' || n || '@example.com', now() - interval '1 day', now() - interval '1 day', '2025-01', now() - interval '1 day'
      from generate_series(1, ${RECIPIENTS}::int) as n`);
    await db.execute(sql`analyze newsletter_subscriptions`);

    // (a) The rows made by the server's sweep; paused, so none goes out yet.
    const idleOver = forMs(5_000);
    const [idlePosts, idleInserts] = await Promise.all([postForms(server, idleOver, "idle"), insertSignUps(db, idleOver, "idle")]);
    const fillStarted = performance.now();
    const sendingId = await insertCampaign(db, SUBJECTS.sending, "paused");
    let filled = false;
    const [fillPosts, fillInserts, fillWaits] = await Promise.all([
      postForms(server, () => filled, "during-fill"),
      insertSignUps(db, () => filled, "during-fill"),
      sampleWaits(db, () => filled),
      waitFor(
        "the campaign's rows",
        async () => {
          const [row] = rowsOf<{ filled: boolean }>(
            await db.execute(sql`select filled_at is not null as filled from newsletter_campaigns where id = ${sendingId}`),
          );
          return (filled = row!.filled);
        },
        30 * 60_000,
        50,
      ),
    ]);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const fillStates = await rowStates(db, sendingId);

    // (d) idle, then (b) with (d) while its first LOADED_MESSAGES go out.
    await timePages(server, forMs(2_000));
    const idlePages = await timePages(server, forMs((IDLE_PAGE_SAMPLES * PAGES.length * 1000) / PAGE_REQUESTS_PER_SECOND));
    const sendStarted = Date.now();
    const cpuBefore = await processCpuMs(server.process.pid!);
    await db.execute(sql`update newsletter_campaigns set state = 'sending', paced_until = now() where id = ${sendingId}`);
    const loadedPages = await timePages(server, () => countDelivered(SUBJECTS.sending) >= LOADED_MESSAGES);
    // Generous: a run that misses the rate tenfold still ends with its figures.
    const patienceMs = (RECIPIENTS / RATE) * 10_000 + 120_000;
    await waitFor("the campaign to be sent", () => countDelivered(SUBJECTS.sending) >= RECIPIENTS, patienceMs, 250);
    const serverCpuMs = (await processCpuMs(server.process.pid!)) - cpuBefore;
    const sending = delivered(smtp, SUBJECTS.sending);
    const first = sending[0]!.at;
    const last = sending[sending.length - 1]!.at;
    const send = {
      recipients: RECIPIENTS,
      configuredRate: RATE,
      smtpOptions: SMTP_OPTIONS || "none",
      delivered: sending.length,
      seconds: +((last - sendStarted) / 1000).toFixed(1),
      achievedRate: +((sending.length - 1) / ((last - first) / 1000)).toFixed(1),
      firstMessageAfterMs: first - sendStarted,
      serverCpuMsPerMessage: +(serverCpuMs / sending.length).toFixed(2),
    };

    // (c) The second campaign; the server killed part-way, then started again.
    const resumeId = await insertCampaign(db, SUBJECTS.resume, "sending");
    await waitFor("the second campaign to be part-way", () => countDelivered(SUBJECTS.resume) >= RECIPIENTS * KILL_AT, patienceMs, 20);
    const exited = new Promise((resolve) => server.process.once("exit", resolve));
    server.process.kill("SIGKILL");
    await exited;
    const deliveredAtKill = countDelivered(SUBJECTS.resume);
    const port = Number(new URL(server.baseURL).port);
    const [{ restartedAt }] = rowsOf<{ restartedAt: string }>(await db.execute(sql`select now()::text as "restartedAt"`)) as [{ restartedAt: string }];
    server = await startServer(serverEnv, { port });
    // Done when every row is made, nothing waits, and every row still sending is a claim of the killed process (its lease runs 5 minutes).
    const inFlightAtKill = async () =>
      Number(
        rowsOf<{ n: number }>(
          await db.execute(sql`
            select count(*)::int as n from outbox
            where campaign_id = ${resumeId} and status = 'sending' and locked_until < ${restartedAt}::timestamptz + interval '5 minutes'`),
        )[0]!.n,
      );
    await waitFor(
      "the second campaign after the restart",
      async () => {
        const states = await rowStates(db, resumeId);
        const made = Object.values(states).reduce((sum, n) => sum + n, 0);
        return made === RECIPIENTS && (states.pending ?? 0) === 0 && (states.sending ?? 0) === (await inFlightAtKill());
      },
      patienceMs,
      250,
    );
    const resumed = delivered(smtp, SUBJECTS.resume);
    const perRecipient = new Map<string, number>();
    for (const delivery of resumed) for (const to of delivery.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    // The killed process's claims: still sending while their lease runs, failed as interrupted once it ends (a run longer than the lease).
    const interrupted = rowsOf<{ to: string }>(
      await db.execute(sql`
        select lower(to_address) as "to" from outbox
        where campaign_id = ${resumeId}
          and ((status = 'sending' and locked_until < ${restartedAt}::timestamptz + interval '5 minutes')
            or (status = 'failed' and last_error like 'Delivery was interrupted%'))`),
    ).map((row) => row.to);
    const missing = RECIPIENTS - perRecipient.size;
    const missingInFlight = interrupted.filter((to) => !perRecipient.has(to)).length;
    const resume = {
      recipients: RECIPIENTS,
      deliveredAtKill,
      messagesReceived: resumed.length,
      distinctRecipients: perRecipient.size,
      duplicates: resumed.length - perRecipient.size,
      missing,
      inFlightAtKill: interrupted.length,
      // Decision 075: a message in flight when its process died may have gone, so it is not sent again (marked failed when its lease ends).
      missingWereInFlight: missing === missingInFlight,
      rows: await rowStates(db, resumeId),
    };

    const pages = {
      idle: idlePages,
      whileSending: loadedPages,
      p99Ratio: +(loadedPages.p99Ms! / idlePages.p99Ms!).toFixed(2),
    };
    return {
      recipients: RECIPIENTS,
      rate: RATE,
      fill: {
        seconds: +fillSeconds.toFixed(1),
        rows: fillStates.pending ?? 0,
        formPostsIdle: idlePosts,
        formPostsDuringFill: fillPosts,
        insertsIdle: idleInserts,
        insertsDuringFill: fillInserts,
        waitsDuringFill: fillWaits,
      },
      send,
      resume,
      pages,
      loadedMessages: LOADED_MESSAGES,
    };
  } finally {
    await database.close();
    await server.stop();
    await smtp.stop();
    await place.dispose();
  }
}
