import { data, Form, Link } from "react-router";
import type { Route } from "./+types/staff.jobs.$id.board";
import { ATTRIBUTION_VALUE_MAX_LENGTH, NO_SOURCE_FILTER, NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import { applicationStatusLabels } from "#app/features/staff/application-labels.ts";
import { PipelineBoard } from "#app/features/staff/board/board-ui.tsx";
import { readBoard, readBoardQuery } from "#app/features/staff/board/board.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { staffTimeZone } from "#app/features/staff/staff-time.server.ts";
import { BackLink, buttonClass, FormNotice, inputClass, linkClass, PageHeading, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { applicationStatuses, parseRecordId } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

/*
 * A job's pipeline board: its applications by stage, filtered by source and
 * applied date, with the count per source, moved from here through the same
 * move page and service as an application's own.
 */

const NOT_FOUND = "There is no job with this number; it may have been deleted.";

/** What the move page reported when it sent the recruiter back: numbers and a stage, nothing typed. */
function movedNotice(params: URLSearchParams): string | null {
  const moved = Number(params.get("moved") ?? "");
  const to = applicationStatuses.find((stage) => stage === params.get("stage"));
  if (!Number.isSafeInteger(moved) || moved < 1 || !to) return null;
  const emailed = Number(params.get("emailed") ?? "0") || 0;
  const scheduled = Number(params.get("scheduled") ?? "0") || 0;
  const stage = applicationStatusLabels[to];
  if (scheduled > 0) return `${scheduled === 1 ? "A rejection was" : `${scheduled} rejections were`} scheduled; until then the candidates stay where they are.`;
  const what = moved === 1 ? `The application was moved to ${stage}` : `${moved} applications were moved to ${stage}`;
  return `${what}${emailed > 0 ? `, and ${emailed === 1 ? "its email was" : `${emailed} emails were`} sent` : ", without an email"}.`;
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const user = requireStaff(context, request, "applications");
  const id = parseRecordId(params.id);
  if (id === null) throw data(NOT_FOUND, { status: 404 });
  const query = readBoardQuery(request);
  const { db } = await servicesOf(context);
  const board = await readBoard(db, id, query, await staffTimeZone(db, user));
  if (!board) throw data(NOT_FOUND, { status: 404 });
  return { ...board, source: query.source, from: query.from, to: query.to, filters: query.filters.toString(), done: movedNotice(url.searchParams) };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => staffMeta(loaderData ? `Board: ${loaderData.job.title}` : "Board");

export default function JobBoard({ loaderData }: Route.ComponentProps) {
  const { job, sources, total, filters } = loaderData;
  const boardHref = `/staff/jobs/${job.id}/board`;
  // Every source counted, "Direct or unknown" among them, and the one chosen even when these dates hold none of it.
  const sourceOptions = sources.map((s) => s.source ?? NO_SOURCE_FILTER);
  if (loaderData.source && !sourceOptions.includes(loaderData.source)) sourceOptions.push(loaderData.source);
  return (
    <>
      <BackLink to={`/staff/jobs/${job.id}`}>Back to the job</BackLink>
      <PageHeading title={`Board: ${job.title}`}>
        {total === 1 ? "1 application" : `${total} applications`}
        {filters ? " match the filters" : ""}.{" "}
        <Link to={`/staff/applications?job=${job.id}`} className={linkClass}>
          The same applications as a list
        </Link>
      </PageHeading>
      <FormNotice answer={loaderData.done ? { status: "success", messages: [loaderData.done] } : undefined} />
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="board-source" className="mb-1.5 block text-sm font-semibold">
            Source
          </label>
          <select id="board-source" name="source" defaultValue={loaderData.source ?? ""} className={inputClass}>
            <option value="">All sources</option>
            {sourceOptions.map((source) => (
              <option key={source} value={source.slice(0, ATTRIBUTION_VALUE_MAX_LENGTH)}>
                {source === NO_SOURCE_FILTER ? NO_SOURCE_LABEL : source}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="board-from" className="mb-1.5 block text-sm font-semibold">
            Applied from
          </label>
          <input id="board-from" name="from" type="date" defaultValue={loaderData.from ?? ""} min="2000-01-01" max="2100-12-31" className={inputClass} />
        </div>
        <div>
          <label htmlFor="board-to" className="mb-1.5 block text-sm font-semibold">
            Applied to
          </label>
          <input id="board-to" name="to" type="date" defaultValue={loaderData.to ?? ""} min="2000-01-01" max="2100-12-31" className={inputClass} />
        </div>
        <button type="submit" className={buttonClass}>
          Filter
        </button>
        {filters ? (
          <Link to={boardHref} className={`${linkClass} inline-block py-2`}>
            Clear the filters
          </Link>
        ) : null}
      </Form>
      <section aria-labelledby="board-sources" className="mb-6">
        <h2 id="board-sources" className="text-sm font-semibold">
          Applications by source{loaderData.from || loaderData.to ? " in these dates" : ""}
        </h2>
        {sources.length === 0 ? (
          <p className="text-sm text-slate-700">No applications yet.</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="board-sources">
            {sources.map((s) => (
              <li key={s.source ?? ""} className="break-all">
                {s.source ?? NO_SOURCE_LABEL}: {s.applications}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PipelineBoard jobId={job.id} columns={loaderData.columns} filters={filters} />
    </>
  );
}
