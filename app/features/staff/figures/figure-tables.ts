import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import { formatBusinessMinutes } from "#app/features/leads/business-time.ts";
import { shareInPromise, type Dimension, type Figures, type ResponseFigures } from "#app/features/staff/figures/figures.ts";

/*
 * The figures as tables: one model the page draws and the CSV exports, so a
 * download holds the numbers the page shows (the page at most PAGE_ROWS of a
 * long list, the download all of it).
 */

export const figureTableIds = ["days", "response", "outcomes", "source", "medium", "campaign", "landing", "country"] as const;
export type FigureTableId = (typeof figureTableIds)[number];

/** A cell: what the page shows, and what the CSV holds (a plain number where there is one). */
export type FigureCell = { text: string; value: string | number };
export type FigureTable = {
  id: FigureTableId;
  title: string;
  columns: string[];
  rows: FigureCell[][];
  /** Rows left off the page; the CSV has them. */
  moreRows: number;
};

/** A long list (campaigns, landing pages) shows this many rows on the page. */
export const PAGE_ROWS = 25;

const dimensionTitles: Record<Dimension, { title: string; column: string; none: string }> = {
  source: { title: "Leads by source", column: "Source", none: NO_SOURCE_LABEL },
  medium: { title: "Leads by medium", column: "Medium", none: "(none)" },
  campaign: { title: "Leads by campaign", column: "Campaign", none: "(none)" },
  landing: { title: "Leads by landing page", column: "Landing page", none: "(unknown)" },
  country: { title: "Leads by country", column: "Country", none: "(none)" },
};

const count = (n: number): FigureCell => ({ text: n.toLocaleString("en-US"), value: n });
const label = (text: string): FigureCell => ({ text, value: text });

/** 0.5 → "50%", 2/3 → "66.7%"; no share when nothing was judged. */
export function shareText(share: number | null): string {
  return share === null ? "–" : `${Number((share * 100).toFixed(1))}%`;
}

function shareCell(row: { judged: number; inPromise: number }): FigureCell {
  const text = shareText(shareInPromise(row));
  return { text, value: text === "–" ? "" : text };
}

function minutesCell(minutes: number | null): FigureCell {
  if (minutes === null) return { text: "–", value: "" };
  return { text: formatBusinessMinutes(Math.round(minutes)), value: Number(minutes.toFixed(1)) };
}

function ownerLabel(row: ResponseFigures): string {
  if (row.overall) return "All leads";
  if (row.ownerId === null) return "Unassigned";
  return row.ownerName ?? "Removed account";
}

/** "2026-11-23" → "Mon 23 Nov". */
export function dayLabel(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
}

/** One table of the figures; `limit` rows at most of the long ones. */
export function figureTable(figures: Figures, id: FigureTableId, limit = Infinity): FigureTable {
  const table = (title: string, columns: string[], rows: FigureCell[][]): FigureTable => ({
    id,
    title,
    columns,
    rows: rows.slice(0, limit),
    moreRows: Math.max(0, rows.length - limit),
  });
  switch (id) {
    case "days":
      return table(
        "Leads per day",
        ["Date", "Leads", "Counted for the promise", "Answered within the promise", "Share within the promise"],
        figures.days.map((day) => [{ text: dayLabel(day.date), value: day.date }, count(day.leads), count(day.judged), count(day.inPromise), shareCell(day)]),
      );
    case "response":
      return table(
        "Time to first response, in business time",
        [
          "Owner",
          "Leads",
          "Answered",
          "Answered before times were kept",
          "Waiting, overdue",
          "Waiting, not yet due",
          "Median",
          "90th percentile",
          "Within the promise",
          "Counted for the promise",
          "Share within the promise",
        ],
        figures.response.map((row) => [
          label(ownerLabel(row)),
          count(row.leads),
          count(row.answered),
          count(row.unmeasured),
          count(row.waitingOverdue),
          count(row.waitingNotDue),
          minutesCell(row.medianMinutes),
          minutesCell(row.p90Minutes),
          count(row.inPromise),
          count(row.judged),
          shareCell(row),
        ]),
      );
    case "outcomes":
      return table(
        "Qualified and won leads by source",
        ["Source", "Leads", "Qualified", "Won"],
        figures.outcomes.map((row) => [label(row.source ?? NO_SOURCE_LABEL), count(row.leads), count(row.qualified), count(row.won)]),
      );
    default: {
      const { title, column, none } = dimensionTitles[id];
      return table(
        title,
        [column, "Leads"],
        figures.counts[id].map((row) => [label(row.value ?? none), count(row.leads)]),
      );
    }
  }
}

export function isFigureTableId(value: string | null): value is FigureTableId {
  return (figureTableIds as readonly (string | null)[]).includes(value);
}
