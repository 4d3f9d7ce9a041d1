import { sql } from "drizzle-orm";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { applyRetention, NOTICE_BATCH, RETENTION_BATCH, type BatchTiming } from "#app/features/retention/retention.server.ts";
import { enqueue } from "#app/platform/email/outbox.server.ts";
import type { Outbox } from "#app/platform/services.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";
import { openTestDatabase } from "#tests/support/databases.ts";
import { median, percentile } from "./statistics.ts";

/** Expired applications the bench anonymises; one in a hundred asked to be kept in mind. */
const APPLICATIONS = 100_000;

const ms = (value: number) => +value.toFixed(1);

/** Storage that holds nothing: the bench times the database's part; deleting a missing file is no error anyway. */
const noFiles: FileStorage = {
  driver: "local",
  put: async () => undefined,
  get: async () => null,
  delete: async () => undefined,
  list: async function* () {},
};

/**
 * Anonymising APPLICATIONS expired applications on PostgreSQL (decision 077):
 * each batch is one transaction holding its rows' locks, so its time is the
 * longest any lock is held (target: under 100 ms). Prints the batches'
 * median, 95th percentile and worst per kind, and the whole pass.
 */
export async function retentionBench() {
  const database = await openTestDatabase("pg");
  try {
    const { db } = database;
    await db.execute(
      sql`insert into job (title, status, closes_at, changed_at) values ('Bench role', 'closed', now() - interval '2 years', now() - interval '2 years')`,
    );
    await db.execute(sql`
      insert into job_applications (job_id, full_name, email, phone, resume_key, resume_name, resume_content_type, resume_size,
                                    cover_letter, answers, consent_at, consent_version, reference, created_at, status, attribution, future_roles_consent_at)
      select (select id from job where title = 'Bench role'), 'Candidate ' || n, 'candidate' || n || '@example.com', '+91 98100 ' || lpad(n::text, 6, '0'),
             'careers/bench-' || n || '.pdf', 'cv.pdf', 'application/pdf', 200000, 'I would like to build your APIs. ' || repeat('x', 400),
             '[{"question":"Can you start in a month?","type":"yes-no","answer":"Yes","knockout":false}]'::jsonb,
             now() - interval '30 months', 'careers-2026-01', 'APP-BENCH-' || n, now() - interval '30 months', 'rejected',
             '{"source":"linkedin","medium":"social","formPage":"/careers/registration"}'::jsonb,
             case when n % 100 = 0 then now() - interval '30 months' end
        from generate_series(1, ${APPLICATIONS}::int) as n`);
    await db.execute(sql`analyze job_applications`);
    const outbox = { enqueue: (tx, message) => enqueue(mailTemplates, tx, message), nudge: () => undefined } as Pick<Outbox, "enqueue" | "nudge">;
    const batches: BatchTiming[] = [];
    const started = performance.now();
    const run = await applyRetention(
      { db, storage: noFiles, outbox, env: { SITE_URL: "https://www.example.com" } },
      { onBatch: (batch) => batches.push(batch) },
    );
    const totalMs = performance.now() - started;
    const kinds = (["notice", "application", "consultation"] as const).map((kind) => {
      const times = batches.filter((batch) => batch.kind === kind).map((batch) => batch.ms);
      return {
        kind,
        batches: times.length,
        rows: batches.filter((batch) => batch.kind === kind).reduce((sum, batch) => sum + batch.rows, 0),
        medianMs: ms(median(times)),
        p95Ms: ms(percentile(times, 95)),
        worstMs: ms(Math.max(...times)),
      };
    });
    return { applications: APPLICATIONS, batchSize: RETENTION_BATCH, noticeBatchSize: NOTICE_BATCH, run, totalSeconds: +(totalMs / 1000).toFixed(1), kinds };
  } finally {
    await database.dispose();
  }
}
