import { data } from "react-router";
import type { Route } from "./+types/staff.figures.export[.]csv";
import { isFigureTableId, figureTableIds } from "#app/features/staff/figures/figure-tables.ts";
import { figuresCsv } from "#app/features/staff/figures/figures-csv.server.ts";
import { figuresFor } from "#app/features/staff/figures/figures.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** One table of the lead figures (?table=source&from=…&to=…) as CSV, every row of it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "figures");
  const search = new URL(request.url).searchParams;
  const table = search.get("table");
  if (!isFigureTableId(table)) throw data(`Choose a table to download: ${figureTableIds.join(", ")}.`, { status: 400 });
  const { db } = await servicesOf(context);
  const answer = await figuresFor(db, search);
  if (!answer.ok) throw data(answer.message, { status: 400 });
  return figuresCsv(answer.figures, table);
}
