import { inArray, sql, type SQL } from "drizzle-orm";
import { RESPONSE_PROMISE_MINUTES } from "#app/content/site.ts";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import {
  dimensions,
  type CountFigures,
  type DayFigures,
  type Dimension,
  type Figures,
  type OutcomeFigures,
  type ResponseFigures,
} from "#app/features/staff/figures/figures.ts";
import { datesOf, readPeriod, todayIn, type Period } from "#app/features/staff/figures/period.ts";
import { rowsOf, type Database } from "#app/platform/db/client.server.ts";
import { FIGURES_ROW_TEXT_BYTES, FIGURES_ROW_TEXT_BYTES_LIMIT, staffUsers } from "#app/platform/db/schema.server.ts";

/*
 * The lead figures (decision 043) for a period of whole days in the business
 * hours' zone, read in two passes over the period's consultations (an
 * index-only scan of the figures' covering index, decision 047): counts per
 * day and per source, medium, campaign, landing page and country as grouping
 * sets of one scan, and the response times overall and per owner as another.
 * Spam is left out of all.
 *
 * The rules, as the page states them:
 * - a lead is answered within the promise when its first response came within
 *   RESPONSE_PROMISE_MINUTES business minutes of its arrival (the minutes
 *   recordFirstResponse stored);
 * - a lead still waiting counts as not within the promise once its due time has
 *   passed, and is not counted until then;
 * - the median and 90th percentile are over the answered leads with stored
 *   minutes (percentile_cont, so between two leads they are interpolated);
 *   leads answered before the minutes were kept are left out, and counted;
 * - a lead counts as qualified (or won) when it is in that status now or its
 *   status history shows it ever reached it; a won lead is qualified too.
 */

/**
 * The period's leads (not spam), each with what the figures group and count by, in two parts: those
 * the figures' covering index holds, read from it alone, and the rare ones too long for it, from an
 * index of their own (schema.server.ts). Each part's conditions repeat its index's, which is how the
 * planner knows it may use it; each part joins the status history itself, so that the join is
 * estimated from the table's statistics (over a union of the two it is overestimated a hundredfold,
 * and the plan's cost then switches on JIT compilation, which costs more than the query).
 */
function periodLeads(period: Period, timeZone: string, now: Date): SQL {
  const textBytes = sql.raw(FIGURES_ROW_TEXT_BYTES);
  const limit = sql.raw(String(FIGURES_ROW_TEXT_BYTES_LIMIT));
  return sql`${leadsWhere(period, timeZone, now, sql`${textBytes} <= ${limit}`)} union all ${leadsWhere(period, timeZone, now, sql`${textBytes} > ${limit}`)}`;
}

/** The period's leads whose columns meet `part`; the day as a date, which groups faster than its text. */
function leadsWhere(period: Period, timeZone: string, now: Date, part: SQL): SQL {
  return sql`
    select (c.submitted_at at time zone ${timeZone})::date as day,
           c.attribution_source as source,
           c.attribution_medium as medium,
           c.attribution_campaign as campaign,
           c.attribution_landing_page as landing,
           c.country,
           -- Owners' ids are grouped by sorting (the percentiles need it); bytewise, which is quicker than the language's order.
           c.owner_id collate "C" as owner_id,
           c.first_response_at is not null as answered,
           c.first_response_business_minutes as minutes,
           c.first_response_at is null and c.due_at <= ${now} as overdue,
           greatest(case c.status when 'won' then 2 when 'qualified' then 1 else 0 end, coalesce(reached.stage, 0)) as stage
    from consultations c
    -- A lead's moves to qualified or won come after it arrived: those since the period began are all there can be.
    left join (select s.consultation_id, max(case s.to_status when 'won' then 2 else 1 end) as stage
               from inbox_status_changes s
               where s.to_status in ('qualified', 'won') and s.created_at >= (${period.from}::date::timestamp at time zone ${timeZone})
               group by s.consultation_id) as reached on reached.consultation_id = c.id
    where c.submitted_at >= (${period.from}::date::timestamp at time zone ${timeZone})
      and c.submitted_at < ((${period.to}::date + 1)::timestamp at time zone ${timeZone})
      and c.status <> 'spam'
      and ${part}`;
}

type GroupedRow = {
  bits: number;
  day: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  landing: string | null;
  country: string | null;
  leads: number;
  judged: number;
  in_promise: number;
  qualified: number;
  won: number;
};

type ResponseRow = {
  overall: boolean;
  owner_id: string | null;
  leads: number;
  answered: number;
  measured: number;
  overdue: number;
  in_promise: number;
  median: number | string | null;
  p90: number | string | null;
};

/** Grouping columns in grouping()'s order: the leftmost is the highest bit. */
const groupingColumns = ["day", ...dimensions] as const;

export type FiguresAnswer =
  { ok: true; figures: Figures; today: string } | { ok: false; message: string; from: string; to: string; today: string; timeZone: string };

/** The figures for the period an address names (from, to), or the sentence that says what is wrong with it. */
export async function figuresFor(db: Database, search: URLSearchParams, now = new Date()): Promise<FiguresAnswer> {
  const { timeZone } = await readBusinessHours(db);
  const today = todayIn(timeZone, now);
  const period = readPeriod(search, today);
  if (!period.ok) return { ...period, today, timeZone };
  return { ok: true, figures: await readFigures(db, period.period, timeZone, now), today };
}

/** The figures of a period of days in `timeZone` (the business hours'), as of `now` (what is overdue). */
export async function readFigures(db: Database, period: Period, timeZone: string, now = new Date()): Promise<Figures> {
  const leads = periodLeads(period, timeZone, now);
  const promise = RESPONSE_PROMISE_MINUTES;
  const [grouped, responses] = await Promise.all([
    db.execute(sql`
      select grouping(day, source, medium, campaign, landing, country) as bits, day::text as day, source, medium, campaign, landing, country,
             count(*)::int as leads,
             count(*) filter (where minutes is not null or overdue)::int as judged,
             count(*) filter (where minutes <= ${promise})::int as in_promise,
             count(*) filter (where stage >= 1)::int as qualified,
             count(*) filter (where stage = 2)::int as won
      from (${leads}) as l
      group by grouping sets ((day), (source), (medium), (campaign), (landing), (country))`),
    db.execute(sql`
      select grouping(owner_id) = 1 as overall, owner_id,
             count(*)::int as leads,
             count(*) filter (where answered)::int as answered,
             count(minutes)::int as measured,
             count(*) filter (where overdue)::int as overdue,
             count(*) filter (where minutes <= ${promise})::int as in_promise,
             percentile_cont(0.5) within group (order by minutes) as median,
             percentile_cont(0.9) within group (order by minutes) as p90
      from (${leads}) as l
      -- The empty set gives the overall row, even for a period without leads.
      group by grouping sets ((), (owner_id))`),
  ]);

  const byDay = new Map<string, DayFigures>();
  const counts = Object.fromEntries(dimensions.map((dimension) => [dimension, [] as CountFigures[]])) as Record<Dimension, CountFigures[]>;
  const outcomes: OutcomeFigures[] = [];
  for (const row of rowsOf<GroupedRow>(grouped)) {
    // The one column this row is grouped by has its bit clear.
    const column = groupingColumns.find((_, index) => (Number(row.bits) & (1 << (groupingColumns.length - 1 - index))) === 0)!;
    if (column === "day") {
      byDay.set(row.day!, { date: row.day!, leads: row.leads, judged: row.judged, inPromise: row.in_promise });
      continue;
    }
    counts[column].push({ value: row[column], leads: row.leads });
    if (column === "source") outcomes.push({ source: row.source, leads: row.leads, qualified: row.qualified, won: row.won });
  }
  // Most leads first; between equals, by name, the leads without a value last.
  const byLeads =
    <Row extends { leads: number }>(key: (row: Row) => string | null) =>
    (a: Row, b: Row) =>
      b.leads - a.leads || Number(key(a) === null) - Number(key(b) === null) || (key(a) ?? "").localeCompare(key(b) ?? "");
  for (const dimension of dimensions) counts[dimension].sort(byLeads((row) => row.value));
  outcomes.sort(byLeads((row) => row.source));

  const responseRows = rowsOf<ResponseRow>(responses);
  const ownerIds = responseRows.flatMap((row) => (!row.overall && row.owner_id ? [row.owner_id] : []));
  const names = new Map(
    ownerIds.length === 0
      ? []
      : (await db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(inArray(staffUsers.id, ownerIds))).map((user) => [
          user.id,
          user.name,
        ]),
  );
  const waitingTotal = (row: ResponseRow) => row.leads - row.answered;
  const response = responseRows
    .map((row): ResponseFigures => ({
      ownerId: row.overall ? null : row.owner_id,
      ownerName: row.owner_id ? (names.get(row.owner_id) ?? null) : null,
      overall: row.overall,
      leads: row.leads,
      answered: row.answered,
      unmeasured: row.answered - row.measured,
      waitingOverdue: row.overdue,
      waitingNotDue: waitingTotal(row) - row.overdue,
      inPromise: row.in_promise,
      judged: row.measured + row.overdue,
      medianMinutes: row.median === null ? null : Number(row.median),
      p90Minutes: row.p90 === null ? null : Number(row.p90),
    }))
    // The overall row first, then owners by name, unassigned leads last.
    .sort(
      (a, b) =>
        Number(b.overall) - Number(a.overall) ||
        Number(a.ownerId === null) - Number(b.ownerId === null) ||
        (a.ownerName ?? "").localeCompare(b.ownerName ?? ""),
    );

  return {
    period,
    timeZone,
    promiseMinutes: promise,
    days: datesOf(period).map((date) => byDay.get(date) ?? { date, leads: 0, judged: 0, inPromise: 0 }),
    counts,
    outcomes,
    response,
  };
}
