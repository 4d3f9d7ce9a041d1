import { data, Form, Link } from "react-router";
import type { Route } from "./+types/staff.figures";
import { formatBusinessMinutes } from "#app/features/leads/business-time.ts";
import { figureTable, figureTableIds, PAGE_ROWS, shareText, type FigureTable } from "#app/features/staff/figures/figure-tables.ts";
import { FiguresChart } from "#app/features/staff/figures/figures-chart.tsx";
import { figuresFor } from "#app/features/staff/figures/figures.server.ts";
import { shareInPromise } from "#app/features/staff/figures/figures.ts";
import { MAX_PERIOD_DAYS, PERIOD_PRESETS, periodQuery, presetPeriod } from "#app/features/staff/figures/period.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { inputClass, linkClass, PageHeading, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { cellClass, ListTable } from "#app/features/staff/table-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "figures");
  const { db } = await servicesOf(context);
  const answer = await figuresFor(db, new URL(request.url).searchParams);
  const presets = PERIOD_PRESETS.map((days) => presetPeriod(days, answer.today));
  if (!answer.ok) {
    return data({ ok: false as const, message: answer.message, from: answer.from, to: answer.to, timeZone: answer.timeZone, presets }, { status: 400 });
  }
  const { figures } = answer;
  const overall = figures.response.find((row) => row.overall)!;
  return {
    ok: true as const,
    period: figures.period,
    timeZone: figures.timeZone,
    promiseMinutes: figures.promiseMinutes,
    presets,
    days: figures.days,
    summary: {
      leads: overall.leads,
      median: overall.medianMinutes,
      p90: overall.p90Minutes,
      share: shareText(shareInPromise(overall)),
      unmeasured: overall.unmeasured,
    },
    tables: figureTableIds.map((id) => figureTable(figures, id, PAGE_ROWS)),
  };
}

export const meta: Route.MetaFunction = () => staffMeta("Lead figures");

type Preset = { from: string; to: string; days: number };

function PeriodChooser({ from, to, presets, current }: { from: string; to: string; presets: Preset[]; current: string | null }) {
  return (
    <div className="mb-6 flex flex-wrap items-end gap-x-6 gap-y-3">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Period">
        <div>
          <label htmlFor="figures-from" className="mb-1.5 block text-sm font-semibold">
            From
          </label>
          <input id="figures-from" name="from" type="date" defaultValue={from} min="2000-01-01" max="2100-12-31" className={inputClass} />
        </div>
        <div>
          <label htmlFor="figures-to" className="mb-1.5 block text-sm font-semibold">
            To (included)
          </label>
          <input id="figures-to" name="to" type="date" defaultValue={to} min="2000-01-01" max="2100-12-31" className={inputClass} />
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Show
        </button>
      </Form>
      <nav aria-label="Preset periods">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {presets.map((preset) => (
            <li key={preset.days}>
              <Link
                to={`?${periodQuery(preset)}`}
                aria-current={current === periodQuery(preset) ? "page" : undefined}
                className={`${linkClass} inline-block py-2 aria-[current=page]:no-underline`}
              >
                Last {preset.days} days
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-300 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink">{value}</dd>
    </div>
  );
}

function FigureTableView({ table, exportHref }: { table: FigureTable; exportHref: string }) {
  return (
    <section aria-labelledby={`figures-${table.id}`} className="mt-8">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`figures-${table.id}`} className="text-lg font-bold">
          {table.title}
        </h2>
        <a href={exportHref} className={`${linkClass} text-sm`} download>
          Download CSV<span className="sr-only">: {table.title}</span>
        </a>
      </div>
      {table.rows.length === 0 ? (
        <p className="rounded-xl border border-slate-300 bg-white p-4 text-slate-700">No leads in this period.</p>
      ) : (
        <ListTable caption={table.title} columns={table.columns}>
          {table.rows.map((row, rowIndex) => (
            // Two owners may share a name, and a value "(none)" its label: the position is the row's one key.
            <tr key={rowIndex}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className={`${cellClass} font-semibold break-all`}>
                    {cell.text}
                  </th>
                ) : (
                  <td key={index} className={`${cellClass} text-right whitespace-nowrap tabular-nums`}>
                    {cell.text}
                  </td>
                ),
              )}
            </tr>
          ))}
        </ListTable>
      )}
      {table.moreRows > 0 ? (
        <p className="mt-2 text-sm text-slate-700">{table.moreRows.toLocaleString("en-US")} more with fewer leads; the CSV has them all.</p>
      ) : null}
    </section>
  );
}

export default function Figures({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <>
        <PageHeading title="Lead figures" />
        <PeriodChooser from={loaderData.from} to={loaderData.to} presets={loaderData.presets} current={null} />
        <p role="alert" className="rounded-lg border border-red-600 bg-red-50 p-3 text-sm font-medium text-red-800">
          {loaderData.message}
        </p>
      </>
    );
  }
  const { period, timeZone, promiseMinutes, presets, days, summary, tables } = loaderData;
  const query = periodQuery(period);
  const minutes = (value: number | null) => (value === null ? "–" : formatBusinessMinutes(Math.round(value)));
  return (
    <>
      <PageHeading title="Lead figures">
        <p>
          Consultation requests that arrived from {period.from} to {period.to} ({period.days} days in {timeZone}, the business hours&apos; time zone; at most{" "}
          {MAX_PERIOD_DAYS} days). Spam is left out.
        </p>
      </PageHeading>
      <PeriodChooser from={period.from} to={period.to} presets={presets} current={query} />
      <p className="mb-6 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-700">
        How it is counted: a lead is within the promise when its first reply or logged call came within {promiseMinutes} business minutes of its arrival; a lead
        still waiting counts as not within once it is overdue, and is not counted before; median and 90th percentile are over answered leads, in business time
        {summary.unmeasured > 0 ? `, without the ${summary.unmeasured} answered before response times were kept` : ""}; qualified and won count a lead in that
        status now or at any time before, by its status history.
      </p>
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Summary label="Leads" value={summary.leads.toLocaleString("en-US")} />
        <Summary label="Median first response" value={minutes(summary.median)} />
        <Summary label="90th percentile" value={minutes(summary.p90)} />
        <Summary label="Within the promise" value={summary.share} />
      </dl>
      <FiguresChart days={days} />
      {tables.map((table) => (
        <FigureTableView key={table.id} table={table} exportHref={`/staff/figures/export.csv?table=${table.id}&${query}`} />
      ))}
    </>
  );
}
