import { useId } from "react";
import { dayLabel, shareText } from "#app/features/staff/figures/figure-tables.ts";
import type { DayFigures } from "#app/features/staff/figures/figures.ts";

/*
 * Leads per day as bars and the share answered within the promise as a line,
 * drawn as SVG on the server: no script, and it scales with the page. It is
 * one image to assistive technology, named and described in words; the table
 * "Leads per day" holds every number it draws.
 */

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 16, right: 48, bottom: 36, left: 44 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;

/** The left axis' top: the most leads in a day, rounded up to a number that reads well. */
function axisMaximum(most: number): number {
  if (most <= 5) return 5;
  const step = 10 ** Math.floor(Math.log10(most));
  return Math.ceil(most / step) * step;
}

/** A few dates under the bars (first, last and evenly between), so they never overlap. */
function labelledDays(count: number): Set<number> {
  const labels = Math.min(count, 6);
  if (labels <= 1) return new Set([0]);
  return new Set(Array.from({ length: labels }, (_, index) => Math.round((index * (count - 1)) / (labels - 1))));
}

function describe(days: readonly DayFigures[]): string {
  const total = days.reduce((sum, day) => sum + day.leads, 0);
  if (days.length === 0) return "No days.";
  const busiest = days.reduce((best, day) => (day.leads > best.leads ? day : best), days[0]!);
  const judged = days.reduce((sum, day) => sum + day.judged, 0);
  const inPromise = days.reduce((sum, day) => sum + day.inPromise, 0);
  return [
    `${total.toLocaleString("en-US")} leads over ${days.length} days, from ${dayLabel(days[0]!.date)} to ${dayLabel(days.at(-1)!.date)}`,
    total > 0 ? `; the most on ${dayLabel(busiest.date)}, ${busiest.leads.toLocaleString("en-US")}` : "",
    `. Answered within the promise: ${judged === 0 ? "no lead counted yet" : shareText(inPromise / judged)}. `,
    "Every day's numbers are in the table Leads per day.",
  ].join("");
}

export function FiguresChart({ days }: { days: readonly DayFigures[] }) {
  const id = useId();
  const top = axisMaximum(Math.max(0, ...days.map((day) => day.leads)));
  const slot = PLOT_WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const x = (index: number) => MARGIN.left + index * slot;
  const yLeads = (leads: number) => MARGIN.top + PLOT_HEIGHT - (leads / top) * PLOT_HEIGHT;
  const yShare = (share: number) => MARGIN.top + PLOT_HEIGHT - share * PLOT_HEIGHT;
  const sharePoints = days.flatMap((day, index) => (day.judged > 0 ? [{ day, cx: x(index) + slot / 2, cy: yShare(day.inPromise / day.judged) }] : []));
  const labelled = labelledDays(days.length);
  return (
    <figure className="rounded-xl border border-slate-300 bg-white p-4">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-description`} className="h-auto w-full" data-chart="leads-per-day">
        <title id={`${id}-title`}>Leads per day and the share answered within the promise</title>
        <desc id={`${id}-description`}>{describe(days)}</desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={yShare(fraction)} y2={yShare(fraction)} className="stroke-slate-300" strokeWidth={1} />
            <text x={MARGIN.left - 6} y={yShare(fraction) + 4} textAnchor="end" className="fill-slate-700 text-[11px]">
              {Math.round(top * fraction)}
            </text>
            <text x={WIDTH - MARGIN.right + 6} y={yShare(fraction) + 4} className="fill-slate-700 text-[11px]">
              {fraction * 100}%
            </text>
          </g>
        ))}
        {days.map((day, index) => (
          <rect
            key={day.date}
            data-bar={day.date}
            x={x(index) + (slot - barWidth) / 2}
            y={yLeads(day.leads)}
            width={barWidth}
            height={(day.leads / top) * PLOT_HEIGHT}
            className="fill-brand-600"
          >
            <title>{`${dayLabel(day.date)}: ${day.leads} leads`}</title>
          </rect>
        ))}
        {sharePoints.length > 1 ? (
          <polyline
            points={sharePoints.map((point) => `${point.cx},${point.cy}`).join(" ")}
            fill="none"
            className="stroke-amber-700"
            strokeWidth={2}
            strokeLinejoin="round"
          />
        ) : null}
        {sharePoints.map(({ day, cx, cy }) => (
          <circle key={day.date} cx={cx} cy={cy} r={3} className="fill-white stroke-amber-700" strokeWidth={2}>
            <title>{`${dayLabel(day.date)}: ${shareText(day.inPromise / day.judged)} within the promise`}</title>
          </circle>
        ))}
        {days.map((day, index) =>
          labelled.has(index) ? (
            <text key={day.date} x={x(index) + slot / 2} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" className="fill-slate-700 text-[11px]">
              {dayLabel(day.date)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-4 bg-brand-600" />
          Leads per day (left scale)
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-amber-700" />
          Share answered within the promise (right scale; days with a lead counted)
        </span>
      </figcaption>
    </figure>
  );
}
