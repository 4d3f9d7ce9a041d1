import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { isPostgresReachable } from "#tests/support/databases.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { dataScaleBench, SCALE_DATABASE } from "./data-scale.ts";
import { BASELINE_MODE, detailPageBench } from "./detail-pages.ts";
import { figuresQueryBench } from "./figures-query.ts";
import { pipelineBoardBench } from "./pipeline-board.ts";
import { formPostBench } from "./form-posts.ts";
import { ownerChoiceBench } from "./owner-choice.ts";
import { retentionBench } from "./retention.ts";
import { campaignSendingBench } from "./campaign-sending.ts";
import { healthzFloodBench } from "./healthz-flood.ts";
import { BROWSER_ENCODINGS } from "./http-load.ts";
import { imageBurstBench, imageUploadBench } from "./image-uploads.ts";
import { interleavedLoad, ROUNDS, type InterleavedResult, type Target } from "./interleaved.ts";
import { nginxInstalled, startNginxReference, type NginxReference } from "./nginx-reference.ts";
import { consecutiveRuns, medianScores, worstScores } from "./lighthouse.ts";
import { pairedLighthouse } from "./paired-lighthouse.ts";
import { interactionDelayBench } from "./interaction-delay.ts";
import { pageWeight, vitalsChunkWeight } from "./page-weight.ts";

/**
 * `npm run bench`: builds, starts the production server on 127.0.0.1 and
 * prints page weight, Lighthouse mobile scores, page throughput (from the page
 * cache and rendered every time), form posts on PGlite and PostgreSQL, and
 * an image upload's encoding and the server's memory around a burst of eight uploads, and /healthz while the newsletter form is flooded.
 * BENCH_ONLY=weight,lighthouse,http,details,forms,owners,images,flood runs a subset; BENCH_SECONDS sets each load's duration;
 * LIGHTHOUSE_RUNS how many Lighthouse runs judge each page (5: the median and the worst are printed).
 * LIGHTHOUSE_CPU_SLOWDOWN replaces Lighthouse's CPU multiplier of 4, which its docs fit to a benchmark index
 * of 1,500-2,000: 4 × index / 1,750 judges the page as the default would on such a machine (docs/performance.md).
 * BENCH_BASELINE names a folder holding an older checkout, built: its server renders the same pages in the
 * same run, and the bench prints this build's rendered requests/s against it (docs/performance.md).
 * BENCH_ONLY=scale (never part of the default) times the staff screens and CSV exports at a million rows on
 * PostgreSQL, in a database of its own it generates once (BENCH_SCALE_REGENERATE=1 makes it again,
 * BENCH_SCALE_DROP=1 drops it afterwards, BENCH_SCALE_SAMPLES sets the requests per page; docs/performance.md).
 * BENCH_ONLY=figures (never part of the default) times, on the same data, the lead figures' reading as it was before
 * decision 047 and as it is, in turns, then the 90-day figures page (BENCH_SCALE_SAMPLES of each, 40).
 * BENCH_ONLY=board (never part of the default) times a job's pipeline board with 500 applications on PostgreSQL:
 * its reading and the page as a recruiter, BENCH_BOARD_SAMPLES of each (200).
 * BENCH_ONLY=paired (never part of the default: 60 Lighthouse runs) runs Lighthouse on six public pages and on each
 * page's floor, its HTML without scripts, in turns, LIGHTHOUSE_RUNS of each (issue 35, docs/performance.md); with
 * BENCH_BASELINE, the older build's pages and floors take their turns in the same rounds; BENCH_PAIRED_PAGES="/,/crm" runs only those.
 * BENCH_ONLY=inp types into the consultation form and opens the phone menu and a section from first paint on a
 * CPU-throttled (×4) phone page, INP_LOADS loads of `/` and `/crm` (5), and prints the largest input-to-paint delay.
 * BENCH_ONLY=retention (never part of the default) anonymises 100,000 expired applications on PostgreSQL and prints
 * the batches' transaction times, the longest any row lock is held (target: under 100 ms; decision 077).
 * BENCH_ONLY=campaigns (never part of the default) sends newsletter campaigns through the built server on PostgreSQL to a
 * counting SMTP server: the rows for BENCH_CAMPAIGN_RECIPIENTS subscribers (100,000) made while forms are posted, the sending
 * at NEWSLETTER_SEND_RATE (200), a second campaign whose server is killed part-way, and `/` and `/crm` idle and while
 * 10,000 messages go out (decision 075, docs/performance.md).
 */
const only = new Set((process.env.BENCH_ONLY ?? "weight,lighthouse,http,details,forms,owners,images,flood").split(","));
const drivers = (await isPostgresReachable()) ? (["pglite", "pg"] as const) : (["pglite"] as const);
if (drivers.length === 1) console.log("PostgreSQL is not reachable: database benchmarks run on PGlite only.");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pages = ["/", "/crm"];
/** The budget holds for `pages`; the weight table also shows pages with their own client code, to catch a chunk that grew. */
const weightPages = [...pages, "/kraf-think-2025", "/portfolio", "/careers"];
const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };
/** The paired runs' pages: one of each kind a visitor lands on, the job and the insight from the demo content (`/careers/1` and the first insight, at the address they answer). */
const pairedPages = process.env.BENCH_PAIRED_PAGES?.split(",") ?? ["/", "/crm", "/careers", "/careers/1", "/featured-insights/1", "/portfolio"];
const baselineEntry = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE, "build/server/index.js") : undefined;

if (only.has("weight") || only.has("lighthouse")) {
  // Reporting off: every view's JavaScript. The share of views that report web vitals fetch one more chunk, after load, printed apart.
  const server = await startServer({ VITALS_SAMPLE_RATE: "0" });
  try {
    if (only.has("weight")) {
      const rows = [];
      for (const path of weightPages) rows.push({ page: path, ...(await pageWeight(server.baseURL, path)) });
      console.log("\nJavaScript shipped (bytes on the wire, gzip)");
      console.table(rows.map((row) => ({ ...row, jsGzipKB: +(row.jsGzipBytes / 1024).toFixed(1) })));
      results.weight = rows;
      const vitals = await vitalsChunkWeight(server.baseURL);
      console.log(`web-vitals chunk for sampled views: ${vitals.gzipBytes} B gzip (${vitals.file}; fetched after load, not in the figures above)`);
      results.vitalsChunk = vitals;
    }
    if (only.has("lighthouse")) {
      // One run is a sample: the page is judged by its median and its worst of several runs in a row.
      const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
      const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
      if (cpuSlowdown !== undefined && !(cpuSlowdown > 0)) throw new Error("LIGHTHOUSE_CPU_SLOWDOWN must be a positive number");
      const rows = [];
      const notRecorded: string[] = [];
      for (const path of pages) {
        const { scores, notRecorded: failed } = await consecutiveRuns(server.baseURL + path, runs, cpuSlowdown);
        rows.push({ page: path, summary: "median", ...medianScores(scores) }, { page: path, summary: "worst", ...worstScores(scores) });
        results[`lighthouseRuns ${path}`] = scores;
        notRecorded.push(...failed);
      }
      console.log(`\nLighthouse (mobile, simulated throttling, CPU slowdown ${cpuSlowdown ?? "4 (default)"}), ${runs} runs per page`);
      console.table(rows);
      console.log(`Runs repeated because Lighthouse could not read their trace: ${notRecorded.length}${notRecorded.map((reason) => `\n  ${reason}`).join("")}`);
      results.lighthouseNotRecorded = notRecorded;
      results.lighthouse = rows;
    }
  } finally {
    await server.stop();
  }
}

if (only.has("paired")) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
  if (cpuSlowdown !== undefined && !(cpuSlowdown > 0)) throw new Error("LIGHTHOUSE_CPU_SLOWDOWN must be a positive number");
  const pairedEnv = { DEMO_CONTENT: "true", VITALS_SAMPLE_RATE: "0" };
  const server = await startServer(pairedEnv);
  // The baseline's server migrates a database of its own: the template holds this build's migrations.
  const baseline = baselineEntry ? await startServer(pairedEnv, { entry: baselineEntry, emptyDatabase: true }) : undefined;
  try {
    const paths: string[] = [];
    for (const page of pairedPages) {
      const answer = await fetch(server.baseURL + page);
      if (answer.status !== 200) throw new Error(`${page} answered ${answer.status}; the paired runs need the demo content`);
      paths.push(new URL(answer.url).pathname);
    }
    const builds = [{ build: "this", origin: server.baseURL }, ...(baseline ? [{ build: "baseline", origin: baseline.baseURL }] : [])];
    const paired = await pairedLighthouse(builds, paths, runs, cpuSlowdown);
    console.log(
      `\nPaired Lighthouse (mobile, simulated throttling, CPU slowdown ${cpuSlowdown ?? "4 (default)"}), ${runs} runs of each page and of its floor ` +
        `(the same HTML without scripts)${baseline ? `, of this build and of ${process.env.BENCH_BASELINE},` : ""} in turns`,
    );
    console.table(paired.rows);
    console.log("Blocking time over the floor, medians (target, issue 35: at most 100 ms)");
    console.table(paired.overFloor);
    console.log(
      `Runs repeated because Lighthouse could not read their trace: ${paired.notRecorded.length}${paired.notRecorded.map((reason) => `\n  ${reason}`).join("")}`,
    );
    results.paired = paired;
  } finally {
    await server.stop();
    await baseline?.stop();
  }
}

if (only.has("inp")) {
  const loads = Number(process.env.INP_LOADS ?? 5);
  const server = await startServer({ VITALS_SAMPLE_RATE: "0" });
  try {
    const inp = await interactionDelayBench(server.baseURL, pages, loads);
    console.log(
      `\nInteractions from first paint on a phone page, CPU ×4: a name typed into the consultation form, the menu and its Solutions section opened; ` +
        `${loads} loads a page. Largest delay: an event's Event Timing duration, input to next paint (every load's largest, median and worst)`,
    );
    console.table(inp.rows);
    console.log("Each load's largest event");
    console.table(inp.largest);
    results.inp = inp;
  } finally {
    await server.stop();
  }
}

if (only.has("http")) {
  const rows: ({ page: string } & InterleavedResult)[] = [];
  const servers: RunningServer[] = [];
  const targets: Target[] = [];
  let nginx: NginxReference | undefined;
  const serve = async (mode: string, env: Record<string, string>, options?: Parameters<typeof startServer>[1]) => {
    const server = await startServer(env, options);
    servers.push(server);
    targets.push({ mode, baseURL: server.baseURL, pid: server.process.pid });
    return server;
  };
  try {
    const cached = await serve("page cache", {});
    await serve("rendered", { PAGE_CACHE_ENTRIES: "0" });
    // The baseline's server migrates a database of its own: the template holds this build's migrations.
    if (baselineEntry) await serve(BASELINE_MODE, { PAGE_CACHE_ENTRIES: "0" }, { entry: baselineEntry, emptyDatabase: true });
    if (nginxInstalled()) {
      const pageBytes: Record<string, string> = {};
      for (const page of pages) pageBytes[page] = await (await fetch(cached.baseURL + page)).text();
      nginx = await startNginxReference(pageBytes);
      targets.push({ mode: `nginx ${nginx.brotli ? "gzip_static + brotli_static" : "gzip_static"}`, baseURL: nginx.baseURL, pid: nginx.pid });
    } else {
      console.log("nginx is not installed (apt-get install -y nginx libnginx-mod-http-brotli-static): no reference for the page cache.");
    }
    for (const page of pages) for (const row of await interleavedLoad(targets, page, { seconds })) rows.push({ page, ...row });
  } finally {
    await nginx?.stop();
    for (const server of servers) await server.stop();
  }
  console.log(
    `\nHTTP GET, one server process, ${seconds} s each in ${ROUNDS} turns taken with the others, 16 connections, Accept-Encoding: ${BROWSER_ENCODINGS["Accept-Encoding"]}`,
  );
  console.table(rows);
  const ratios = pages.flatMap((path) => {
    const cached = rows.find((row) => row.page === path && row.mode === "page cache");
    const nginx = rows.find((row) => row.page === path && row.mode.startsWith("nginx"));
    return cached && nginx
      ? [
          {
            page: path,
            cachedRps: cached.requestsPerSecond,
            nginxRps: nginx.requestsPerSecond,
            ratio: +(cached.requestsPerSecond / nginx.requestsPerSecond).toFixed(3),
          },
        ]
      : [];
  });
  if (ratios.length) {
    console.log("\nA page-cache hit against nginx serving the same bytes precompressed (target: at least 0.25)");
    console.table(ratios);
  }
  results.http = rows;
  results.cacheVsNginx = ratios;
  if (baselineEntry) results.httpVsBaseline = printAgainstBaseline(rows);
}

if (only.has("details")) {
  const rows = [];
  for (const driver of drivers) rows.push(...(await detailPageBench(driver, seconds, baselineEntry)));
  console.log(`\nJob and insight detail pages, ${seconds} s each in ${ROUNDS} turns taken with the others, 16 connections`);
  console.table(rows);
  results.details = rows;
  if (baselineEntry) results.detailsVsBaseline = printAgainstBaseline(rows);
}

/** This build's rendered requests/s against the baseline's, page by page (and database by database). */
function printAgainstBaseline(rows: { page: string; database?: string; mode: string; requestsPerSecond: number; cpuMsPerRequest: number | null }[]) {
  const ratios = rows
    .filter((row) => row.mode === "rendered")
    .flatMap((row) => {
      const before = rows.find((other) => other.mode === BASELINE_MODE && other.page === row.page && other.database === row.database);
      if (!before) return [];
      const cpuTimes = before.cpuMsPerRequest && row.cpuMsPerRequest ? +(before.cpuMsPerRequest / row.cpuMsPerRequest).toFixed(2) : null;
      return [
        {
          page: row.page,
          ...(row.database ? { database: row.database } : {}),
          baselineRps: before.requestsPerSecond,
          rps: row.requestsPerSecond,
          times: +(row.requestsPerSecond / before.requestsPerSecond).toFixed(2),
          cpuTimes,
        },
      ];
    });
  console.log(
    `\nRendered on every request, this build against ${process.env.BENCH_BASELINE} (same run, same settings, turns taken; cpuTimes: the baseline's CPU per request over this build's)`,
  );
  console.table(ratios);
  return ratios;
}

if (only.has("forms")) {
  const rows = [];
  for (const driver of drivers) {
    const result = await formPostBench(driver, { newsletterPosts: 2000, consultationPosts: 500 });
    rows.push({ form: "newsletter", database: driver, ...result.newsletter });
    rows.push({ form: "consultation", database: driver, ...result.consultation });
  }
  console.log(
    "\nForm posts (2,000 newsletter, 500 consultation with a PDF), 8 connections, each post from an address of its own; rows counted afterwards (rows should equal ok)",
  );
  console.table(rows);
  results.forms = rows;
}

if (only.has("owners")) {
  const rows = [];
  for (const driver of drivers) rows.push(await ownerChoiceBench(driver));
  console.log(
    "\nChoosing a new lead's owner inside the post's transaction, against the same transaction without it, in turns (target: under 5 ms added, median)",
  );
  console.table(rows);
  results.ownerChoice = rows;
}

if (only.has("images")) {
  const row = await imageUploadBench();
  console.log("\nImage upload: checked, oriented, stripped, encoded to WebP at every web width, stored (one after another)");
  console.table([row]);
  results.images = row;
  const bursts = await imageBurstBench();
  console.log("\nEight uploads at once to /staff/media on a fresh built server: its RSS (with its image encoder's) before, at the peak and 30 s after");
  console.log("(target, decision 029: a peak under +400 MB and back within +100 MB of the start)");
  console.table(bursts);
  results.imageBursts = bursts;
}

if (only.has("flood")) {
  const rows = [];
  for (const source of ["one client", "many clients"] as const) {
    for (const env of [{ POSTS_IN_FLIGHT: "0" }, {}] as Record<string, string>[]) rows.push(await healthzFloodBench(source, seconds, env));
  }
  console.log(`\nGET /healthz every 10 ms while 200 connections post the newsletter form without JavaScript for ${seconds} s, PGlite (target: p99 < 100 ms);`);
  console.log("one client: every post from 127.0.0.1; many clients: each from its own X-Forwarded-For (TRUST_PROXY=loopback).");
  console.log("POSTS_IN_FLIGHT=0 is the server without load shedding (decision 016). Rows >= successes: the rest were answered after the load stopped.");
  console.table(rows);
  results.flood = rows;
}

if (only.has("scale")) {
  if (drivers.length === 1) throw new Error("BENCH_ONLY=scale needs the PostgreSQL server at 127.0.0.1:5432 (TEST_DATABASE_URL).");
  const scale = await dataScaleBench();
  const { generated } = scale;
  console.log(
    `\nStaff screens at a million rows, PostgreSQL database ${SCALE_DATABASE}: ${generated.consultations.toLocaleString("en")} consultations ` +
      `(${generated.attachments.toLocaleString("en")} with an attachment), ${generated.subscribers.toLocaleString("en")} subscribers; ` +
      (generated.reused
        ? `generated ${generated.generatedAt} in ${generated.generationSeconds} s, reused`
        : `generated in ${generated.generationSeconds} s (target: 600 s)`),
  );
  if (scale.indexes.length) {
    console.log("The staff lists' indexes, built one at a time as a first start builds them");
    console.table(scale.indexes);
  }
  console.log(
    `The overdue-lead sweep (each server process runs it every minute) over the million rows, ${scale.escalationSweep.waitingLeads.toLocaleString("en")} of them waiting (target: under 1 s a run)`,
  );
  console.table(scale.escalationSweep.rows);
  console.log("Each page requested one after another as a signed-in admin, up to BENCH_SCALE_SAMPLES times (fewer past 60 s a page)");
  console.table(scale.pages);
  console.log(
    "\nThe first request after a quiet spell, against the same page's median before it (three connections stay warm; the others close after 30 s unused)",
  );
  console.table([scale.afterQuiet]);
  console.log("\nEvery row as CSV, read by one client as fast as it can (targets: at least 40,000 rows/s, peak RSS under +150 MB over the start)");
  console.table(scale.exports);
  results.scale = scale;
}

if (only.has("figures")) {
  if (drivers.length === 1) throw new Error("BENCH_ONLY=figures needs the PostgreSQL server at 127.0.0.1:5432 (TEST_DATABASE_URL).");
  const figures = await figuresQueryBench();
  console.log(
    `\nThe lead figures for 90 days (${figures.period.from} to ${figures.period.to}, ${figures.leads.toLocaleString("en")} leads not spam) ` +
      `in PostgreSQL database ${SCALE_DATABASE}, ${figures.generated.consultations.toLocaleString("en")} consultations; ` +
      `both readings give the same figures: ${figures.same ? "yes" : "NO"}`,
  );
  if (figures.indexes.length) console.table(figures.indexes);
  console.log("The database's part, the reading before decision 047 and today's in turns on the same connections (target for the page: p95 under 200 ms)");
  console.table(figures.queries);
  console.log("The page, requested one after another as a signed-in admin");
  console.table([figures.page]);
  results.figures = figures;
}

if (only.has("board")) {
  if (drivers.length === 1) throw new Error("BENCH_ONLY=board needs the PostgreSQL server at 127.0.0.1:5432 (TEST_DATABASE_URL).");
  const board = await pipelineBoardBench();
  console.log("\nA job's pipeline board with 500 applications on PostgreSQL, among 20,000 to other jobs (target for the page: p95 under 150 ms)");
  console.log("The board's reading, then the page requested one after another as a signed-in recruiter");
  console.table([board.loader]);
  console.table([board.page]);
  results.board = board;
}

if (only.has("retention")) {
  if (drivers.length === 1) throw new Error("BENCH_ONLY=retention needs the PostgreSQL server at 127.0.0.1:5432 (TEST_DATABASE_URL).");
  const retention = await retentionBench();
  console.log(
    `\nRetention: ${retention.applications.toLocaleString("en")} expired applications in batches of ${retention.batchSize}, ` +
      `${retention.run.applications.toLocaleString("en")} anonymised and ${retention.run.notices} renewal emails queued in ${retention.totalSeconds} s. ` +
      "Each batch is one transaction: its time is the longest its rows stay locked (target: under 100 ms)",
  );
  console.table(retention.kinds);
  results.retention = retention;
}

if (only.has("campaigns")) {
  if (drivers.length === 1) throw new Error("BENCH_ONLY=campaigns needs the PostgreSQL server at 127.0.0.1:5432 (TEST_DATABASE_URL).");
  const campaigns = await campaignSendingBench();
  const { fill, send, resume, pages } = campaigns;
  console.log(
    `\nNewsletter campaign to ${campaigns.recipients.toLocaleString("en")} confirmed subscribers on PostgreSQL, through the built server\n` +
      `a. Outbox rows made by the server's sweep: ${fill.rows.toLocaleString("en")} in ${fill.seconds} s (target: under 30 s); ` +
      "newsletter and consultation posts one at a time from two clients (each waits for its confirmation email), and the " +
      "newsletter post's transaction run directly, idle and meanwhile (target: no post held up over 100 ms)",
  );
  console.table([
    { posts: "HTTP, idle", ...fill.formPostsIdle },
    { posts: "HTTP, while the rows are made", ...fill.formPostsDuringFill },
    { posts: "transaction, idle", ...fill.insertsIdle },
    { posts: "transaction, while the rows are made", ...fill.insertsDuringFill },
  ]);
  const { activeSessionsSeenOn, waitedOn, ...lockWaits } = fill.waitsDuringFill;
  console.log(
    `   Lock waits while the rows are made, sampled every 5 ms: ${JSON.stringify(lockWaits)}; ` +
      `what the active sessions were seen on: ${JSON.stringify(activeSessionsSeenOn)}`,
  );
  for (const [pair, seen] of Object.entries(waitedOn)) console.log(`   waited ${seen}×: ${pair}`);
  console.log(`b. Sent at NEWSLETTER_SEND_RATE=${send.configuredRate} to the SMTP server on 127.0.0.1`);
  console.table([send]);
  console.log("c. A second campaign, the server killed (SIGKILL) part-way and started again: what the SMTP server received");
  const { rows, ...counts } = resume;
  console.table([counts]);
  console.log(`   its rows: ${JSON.stringify(rows)}`);
  console.log(
    `d. / and /crm one request at a time, idle and while the first ${campaigns.loadedMessages.toLocaleString("en")} messages go out (target: p99 at most 2× idle)`,
  );
  console.table([
    { server: "idle", ...pages.idle },
    { server: "while sending", ...pages.whileSending },
  ]);
  console.log(`   p99 while sending / idle: ${pages.p99Ratio}×`);
  results.campaigns = campaigns;
}

await mkdir("bench/results", { recursive: true });
await writeFile("bench/results/latest.json", JSON.stringify(results, null, 2));
console.log("\nSaved bench/results/latest.json");
