import os from "node:os";
import { sql } from "drizzle-orm";
import { readBoard, readBoardQuery } from "#app/features/staff/board/board.server.ts";
import { companyTimeZone } from "#app/features/staff/staff-time.server.ts";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { createTestDatabaseEnv } from "#tests/support/databases.ts";
import { startServer } from "#tests/support/server.ts";
import { staffSession } from "#tests/support/staff.ts";
import { timePage } from "./data-scale.ts";
import { median, percentile } from "./statistics.ts";

/*
 * A job's pipeline board with 500 applications on PostgreSQL (BENCH_ONLY=board):
 * the board's reading (readBoard) and the page through the built server as a
 * signed-in recruiter, each BENCH_BOARD_SAMPLES times (200) one after another.
 * The job's applications are spread over the stages, each moved once or twice
 * (so days in stage comes from a status change), from a handful of sources,
 * among 20,000 applications to other jobs.
 */

const BOARD_APPLICATIONS = 500;
const OTHER_APPLICATIONS = 20_000;

async function seed(db: Awaited<ReturnType<typeof openDatabase>>["db"]): Promise<number> {
  const jobIds = await db.execute(sql`insert into job (title) select 'Bench job ' || n from generate_series(1, 40) as n returning id`);
  const [jobId] = (jobIds as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  // Applications: the first BOARD_APPLICATIONS to the bench job, the rest spread over the other jobs.
  await db.execute(sql`
    insert into job_applications (job_id, full_name, email, phone, resume_key, resume_name, resume_content_type, resume_size,
                                  consent_at, consent_version, reference, status, created_at, attribution)
    select case when n <= ${BOARD_APPLICATIONS} then ${jobId}::bigint else ${jobId}::bigint + 1 + (n % 39) end,
           'Candidate ' || n, 'candidate' || n || '@example.com', '+91 98100 00000', 'careers/bench-' || n || '.pdf', 'cv.pdf',
           'application/pdf', 100, now(), 'careers-2026-01', 'APP-BENCH-' || lpad(n::text, 7, '0'),
           (array['new', 'screening', 'interview', 'offer', 'hired', 'rejected'])[1 + (n % 6)],
           now() - (n % 90) * interval '1 day',
           case when n % 4 = 0 then null else jsonb_build_object('source', (array['linkedin', 'google', 'jobfair'])[1 + (n % 3)]) end
    from generate_series(1, ${BOARD_APPLICATIONS + OTHER_APPLICATIONS}) as n`);
  // Every application past New reached its stage through a status change or two.
  await db.execute(sql`
    insert into inbox_status_changes (application_id, from_status, to_status, actor_name, created_at)
    select a.id, 'new', a.status, 'Bench Recruiter', a.created_at + (step * interval '1 hour')
    from job_applications a, generate_series(1, 2) as step
    where a.status <> 'new'`);
  // The server may still be building its indexes in the background (CONCURRENTLY), which an analyze can deadlock with: tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`analyze job_applications, inbox_status_changes, job`);
      break;
    } catch (error) {
      if (attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  return jobId!;
}

export async function pipelineBoardBench() {
  const place = await createTestDatabaseEnv("pg");
  // The server migrates the new database as it starts; the seed goes in beside it.
  const server = await startServer({ DATABASE_URL: place.env.DATABASE_URL! });
  const database = await openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: place.env.DATABASE_URL });
  const samples = Number(process.env.BENCH_BOARD_SAMPLES ?? 200);
  try {
    const jobId = await seed(database.db);
    const timeZone = await companyTimeZone(database.db);
    const query = readBoardQuery(new Request(`http://bench.invalid/staff/jobs/${jobId}/board`));
    const first = await readBoard(database.db, jobId, query, timeZone);
    const cards = first!.columns.reduce((sum, column) => sum + column.cards.length, 0);
    const ms: number[] = [];
    for (let run = 0; run < samples; run++) {
      const started = performance.now();
      await readBoard(database.db, jobId, query, timeZone);
      ms.push(performance.now() - started);
    }
    const loader = { reading: "readBoard", cards, runs: ms.length, medianMs: +median(ms).toFixed(1), p95Ms: +percentile(ms, 95).toFixed(1) };
    const cookie = await staffSession(server, "recruiter");
    const path = `/staff/jobs/${jobId}/board`;
    await timePage(server, cookie, "warm-up", path, 5, 10_000);
    const page = await timePage(server, cookie, `board, ${cards} applications`, path, samples, 120_000);
    return { loader, page };
  } finally {
    await database.close();
    await server.stop();
    await place.dispose();
  }
}
