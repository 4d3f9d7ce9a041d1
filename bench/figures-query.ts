import os from "node:os";
import { sql, type SQL } from "drizzle-orm";
import { RESPONSE_PROMISE_MINUTES } from "#app/content/site.ts";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { readFigures } from "#app/features/staff/figures/figures.server.ts";
import { periodQuery, presetPeriod, todayIn, type Period } from "#app/features/staff/figures/period.ts";
import { openDatabase, rowsOf, type Database } from "#app/platform/db/client.server.ts";
import { startServer } from "#tests/support/server.ts";
import { staffSession } from "#tests/support/staff.ts";
import { scaleData, scaleDatabaseUrl, timePage } from "./data-scale.ts";
import { median, percentile } from "./statistics.ts";

/*
 * The lead figures' reading for 90 days at a million consultations (BENCH_ONLY=figures), as it was
 * before decision 047 (the attribution taken apart from the jsonb for every lead, the rows fetched
 * from the table, the days grouped as text) against today's readFigures, in turns on the same data
 * and the same connections, so that the machine's changing speed falls on both alike. Then the
 * figures page itself, through the built server, as a signed-in admin.
 */

/** The two statements readFigures ran before decision 047, kept as they were to be timed against today's. */
function earlierStatements(period: Period, timeZone: string, now: Date): [SQL, SQL] {
  const promise = RESPONSE_PROMISE_MINUTES;
  const leads = sql`
    select (c.submitted_at at time zone ${timeZone})::date::text as day,
           c.attribution ->> 'source' as source,
           c.attribution ->> 'medium' as medium,
           c.attribution ->> 'campaign' as campaign,
           nullif(split_part(coalesce(c.attribution -> 'lastTouch' ->> 'landingPage', c.attribution ->> 'formPage'), '?', 1), '') as landing,
           c.country, c.owner_id,
           c.first_response_at is not null as answered,
           c.first_response_business_minutes as minutes,
           c.first_response_at is null and c.due_at <= ${now} as overdue,
           greatest(case c.status when 'won' then 2 when 'qualified' then 1 else 0 end, coalesce(reached.stage, 0)) as stage
    from consultations c
    left join (select s.consultation_id, max(case s.to_status when 'won' then 2 else 1 end) as stage
               from inbox_status_changes s
               where s.to_status in ('qualified', 'won') and s.created_at >= (${period.from}::date::timestamp at time zone ${timeZone})
               group by s.consultation_id) as reached on reached.consultation_id = c.id
    where c.submitted_at >= (${period.from}::date::timestamp at time zone ${timeZone})
      and c.submitted_at < ((${period.to}::date + 1)::timestamp at time zone ${timeZone})
      and c.status <> 'spam'`;
  return [
    sql`select grouping(day, source, medium, campaign, landing, country) as bits, day, source, medium, campaign, landing, country,
               count(*)::int as leads,
               count(*) filter (where minutes is not null or overdue)::int as judged,
               count(*) filter (where minutes <= ${promise})::int as in_promise,
               count(*) filter (where stage >= 1)::int as qualified,
               count(*) filter (where stage = 2)::int as won
        from (${leads}) as l
        group by grouping sets ((day), (source), (medium), (campaign), (landing), (country))`,
    sql`select grouping(owner_id) = 1 as overall, owner_id,
               count(*)::int as leads,
               count(*) filter (where answered)::int as answered,
               count(minutes)::int as measured,
               count(*) filter (where overdue)::int as overdue,
               count(*) filter (where minutes <= ${promise})::int as in_promise,
               percentile_cont(0.5) within group (order by minutes) as median,
               percentile_cont(0.9) within group (order by minutes) as p90
        from (${leads}) as l
        group by grouping sets ((), (owner_id))`,
  ];
}

type EarlierGroupedRow = Record<"day" | "source" | "medium" | "campaign" | "landing" | "country", string | null> & {
  bits: number;
  leads: number;
  judged: number;
  in_promise: number;
  qualified: number;
  won: number;
};

/** Both readings' counts per day and per value, and the overall response times, as comparable lines. */
async function sameFigures(db: Database, period: Period, timeZone: string, now: Date): Promise<boolean> {
  const [grouped, responses] = await Promise.all(earlierStatements(period, timeZone, now).map((statement) => db.execute(statement)));
  const columns = ["day", "source", "medium", "campaign", "landing", "country"] as const;
  const earlier = rowsOf<EarlierGroupedRow>(grouped).map((row) => {
    const column = columns.find((_, index) => (Number(row.bits) & (1 << (columns.length - 1 - index))) === 0)!;
    return column === "day" ? `day ${row.day} ${row.leads} ${row.judged} ${row.in_promise}` : `${column} ${row[column]} ${row.leads}`;
  });
  const overall = rowsOf<{ overall: boolean; median: number | string | null; p90: number | string | null }>(responses).find((row) => row.overall)!;
  earlier.push(`response ${Number(overall.median)} ${Number(overall.p90)}`);

  const figures = await readFigures(db, period, timeZone, now);
  const today = [
    ...figures.days.filter((day) => day.leads > 0).map((day) => `day ${day.date} ${day.leads} ${day.judged} ${day.inPromise}`),
    ...Object.entries(figures.counts).flatMap(([column, rows]) => rows.map((row) => `${column} ${row.value} ${row.leads}`)),
    `response ${figures.response[0]!.medianMinutes} ${figures.response[0]!.p90Minutes}`,
  ];
  return JSON.stringify(earlier.sort()) === JSON.stringify(today.sort());
}

const summary = (reading: string, ms: number[]) => ({
  reading,
  runs: ms.length,
  medianMs: +median(ms).toFixed(1),
  p95Ms: +percentile(ms, 95).toFixed(1),
  worstMs: +Math.max(...ms).toFixed(1),
});

/** BENCH_SCALE_SAMPLES runs of each reading (40), in turns, the first of each turn alternating. */
export async function figuresQueryBench() {
  const { generated, indexes } = await scaleData();
  const database = await openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: scaleDatabaseUrl() });
  const samples = Number(process.env.BENCH_SCALE_SAMPLES ?? 40);
  try {
    const { db } = database;
    const { timeZone } = await readBusinessHours(db);
    const now = new Date();
    const period = presetPeriod(90, todayIn(timeZone, now));
    const same = await sameFigures(db, period, timeZone, now);
    const readings: [string, () => Promise<unknown>][] = [
      [
        "before decision 047: jsonb per row, from the table",
        () => Promise.all(earlierStatements(period, timeZone, now).map((statement) => db.execute(statement))),
      ],
      ["readFigures: generated columns, index-only", () => readFigures(db, period, timeZone, now)],
    ];
    const timings = readings.map(() => [] as number[]);
    for (const [, read] of readings) await read(); // warm: plans cached, pages in memory
    for (let round = 0; round < samples; round++) {
      for (let turn = 0; turn < readings.length; turn++) {
        const index = (turn + round) % readings.length;
        const started = performance.now();
        await readings[index]![1]();
        timings[index]!.push(performance.now() - started);
      }
    }
    const leads = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from consultations
            where submitted_at >= (${period.from}::date::timestamp at time zone ${timeZone})
              and submitted_at < ((${period.to}::date + 1)::timestamp at time zone ${timeZone}) and status <> 'spam'`,
      ),
    )[0]!.n;
    const queries = readings.map(([reading], index) => summary(reading, timings[index]!));

    const server = await startServer({ DATABASE_URL: scaleDatabaseUrl() });
    try {
      const cookie = await staffSession(server, "admin");
      const page = await timePage(server, cookie, "figures, 90 days", `/staff/figures?${periodQuery(period)}`, samples, 60_000);
      return { generated, indexes, period, leads, same, queries, page };
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
  }
}
