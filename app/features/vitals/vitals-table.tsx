import { EmptyList } from "#app/features/staff/list-ui.tsx";
import { ListTable, cellClass } from "#app/features/staff/table-ui.tsx";
import { formatVital, metricRules, ratingLabels, ratingOf, vitalMetrics, type VitalMetric, type VitalRating } from "#app/features/vitals/vitals-rules.ts";

type Percentile = { p75: number | null; samples: number };
type Row = { page: string; metric: VitalMetric; last7Days: Percentile; last28Days: Percentile };

// The words carry the rating; the colour and the mark only repeat it.
const ratingStyles: Record<VitalRating, { className: string; mark: string }> = {
  good: { className: "border-emerald-700 bg-emerald-50 text-emerald-900", mark: "✓" },
  "needs-improvement": { className: "border-amber-700 bg-amber-50 text-amber-900", mark: "!" },
  poor: { className: "border-red-700 bg-red-50 text-red-900", mark: "✕" },
};

function Rating({ rating }: { rating: VitalRating }) {
  const { className, mark } = ratingStyles[rating];
  return (
    <span className={`ml-2 inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}>
      <span aria-hidden="true">{mark}</span>
      {ratingLabels[rating]}
    </span>
  );
}

function PercentileCells({ metric, value }: { metric: VitalMetric; value: Percentile }) {
  return (
    <>
      <td className={`${cellClass} whitespace-nowrap`}>
        {value.p75 === null ? (
          "No data"
        ) : (
          <>
            {formatVital(metric, value.p75)}
            <Rating rating={ratingOf(metric, value.p75)} />
          </>
        )}
      </td>
      <td className={`${cellClass} text-right`}>{value.samples.toLocaleString("en-US")}</td>
    </>
  );
}

/** Each page's rows under one row heading (the page), in the metrics' order. */
function groupByPage(rows: readonly Row[]): [string, Row[]][] {
  const pages = new Map<string, Row[]>();
  for (const row of rows) pages.set(row.page, [...(pages.get(row.page) ?? []), row]);
  return [...pages];
}

/** The 75th percentile of every page and metric, over 7 and 28 days, each rated in words. */
export function VitalsTable({ rows }: { rows: readonly Row[] }) {
  if (rows.length === 0) return <EmptyList>No web vitals were recorded in the last 28 days.</EmptyList>;
  return (
    <ListTable
      caption="75th percentile per page and metric"
      columns={["Page", "Metric", "Last 7 days (p75)", "Page views, 7 days", "Last 28 days (p75)", "Page views, 28 days"]}
    >
      {groupByPage(rows).map(([page, metrics]) =>
        metrics.map((row, index) => (
          <tr key={`${page} ${row.metric}`}>
            {index === 0 ? (
              <th scope="row" rowSpan={metrics.length} className={`${cellClass} font-semibold break-all`}>
                {page}
              </th>
            ) : null}
            <td className={cellClass}>
              <abbr title={metricRules[row.metric].label} className="no-underline">
                {row.metric}
              </abbr>
            </td>
            <PercentileCells metric={row.metric} value={row.last7Days} />
            <PercentileCells metric={row.metric} value={row.last28Days} />
          </tr>
        )),
      )}
    </ListTable>
  );
}

/** What good, needs improvement and poor mean for each metric, and its unit. */
export function VitalsThresholds() {
  return (
    <ListTable caption="Thresholds (Google's, for the 75th percentile)" columns={["Metric", "Unit", "Good", "Needs improvement", "Poor"]}>
      {vitalMetrics.map((metric) => {
        const { label, unit, good, poor } = metricRules[metric];
        return (
          <tr key={metric}>
            <th scope="row" className={`${cellClass} font-semibold`}>
              {label} ({metric})
            </th>
            <td className={cellClass}>{unit === "ms" ? "milliseconds" : "score, no unit"}</td>
            <td className={cellClass}>up to {formatVital(metric, good)}</td>
            <td className={cellClass}>
              over {formatVital(metric, good)}, up to {formatVital(metric, poor)}
            </td>
            <td className={cellClass}>over {formatVital(metric, poor)}</td>
          </tr>
        );
      })}
    </ListTable>
  );
}
