import { figureTable, type FigureTableId } from "#app/features/staff/figures/figure-tables.ts";
import type { Figures } from "#app/features/staff/figures/figures.ts";
import { csvResponse } from "#app/features/staff/csv.server.ts";

/** One table of the figures as a CSV download, every row of it: e.g. lead-figures-source-2026-11-01-to-2026-11-30.csv. */
export function figuresCsv(figures: Figures, id: FigureTableId): Response {
  const table = figureTable(figures, id);
  async function* rows() {
    yield table.rows;
  }
  return csvResponse(
    `lead-figures-${id}-${figures.period.from}-to-${figures.period.to}.csv`,
    table.columns.map((header, index) => ({ header, value: (row: (typeof table.rows)[number]) => row[index]!.value })),
    rows(),
  );
}
