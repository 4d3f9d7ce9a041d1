import { Form, Link } from "react-router";
import type { Route } from "./+types/staff.content.$id.history";
import { loadHistory, restoreFromHistory } from "#app/features/staff/publishing/content-history.server.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { RecordPageHeader, buttonClass, linkClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { ListRow, ListTable } from "#app/features/staff/table-ui.tsx";

export const loader = (args: Route.LoaderArgs) => loadHistory(args);

export const action = (args: Route.ActionArgs) => restoreFromHistory(args);

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `History: ${loaderData.title}` : "History");

const originLabel = (origin: "first" | "saved" | "restored", restoredFrom: number | null) =>
  origin === "first"
    ? "First version"
    : origin === "saved"
      ? "Saved"
      : restoredFrom === null
        ? "Published version brought back"
        : `Restored from revision ${restoredFrom}`;

/** The revisions of a content item (or the site facts), what changed between two of them, and a restore of any one as a draft. */
export default function ContentHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { title, noun, editPath, revisions, from, to, differences } = loaderData;
  return (
    <>
      <RecordPageHeader back={{ to: editPath, label: `Back to editing` }} title={`History: ${title}`} done={null} answer={actionData}>
        Every save of this {noun} is kept. A restore makes a draft of the revision; it never publishes by itself.
      </RecordPageHeader>
      {revisions.length === 0 ? (
        <p>No versions are kept yet: the next save keeps the first.</p>
      ) : (
        <>
          <section aria-labelledby="compare-heading" className="mb-8 rounded-xl border border-slate-300 bg-white p-5">
            <h2 id="compare-heading" className="mb-3 text-lg font-bold">
              Compare two revisions
            </h2>
            <Form method="get" className="flex flex-wrap items-end gap-4">
              {(["from", "to"] as const).map((end) => (
                <label key={end} className="grid gap-1 text-sm font-semibold">
                  {end === "from" ? "From revision" : "To revision"}
                  <select name={end} defaultValue={end === "from" ? from : to} className="rounded-lg border border-slate-400 px-3 py-2 font-normal">
                    {revisions.map((revision) => (
                      <option key={revision.number} value={revision.number}>
                        {revision.number}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              <button type="submit" className={secondaryButtonClass}>
                Compare
              </button>
            </Form>
            <h3 className="mt-6 mb-2 font-bold">
              From revision {from} to revision {to}
            </h3>
            {differences.length === 0 ? (
              <p>These two revisions hold the same content.</p>
            ) : (
              <dl className="grid gap-4" data-testid="revision-differences">
                {differences.map((difference) => (
                  <div key={difference.label}>
                    <dt className="font-semibold">{difference.label}</dt>
                    <dd className="mt-1 rounded-lg border border-slate-200 bg-slate-50 p-3 break-words whitespace-pre-wrap">
                      {difference.parts.length === 0 ? <em>(empty)</em> : null}
                      {difference.parts.map((part, index) =>
                        part.change === "added" ? (
                          <ins key={index} className="bg-green-100 text-green-950">
                            <span className="sr-only">[added: </span>
                            {part.value}
                            <span className="sr-only">]</span>
                          </ins>
                        ) : part.change === "removed" ? (
                          <del key={index} className="bg-red-100 text-red-950">
                            <span className="sr-only">[removed: </span>
                            {part.value}
                            <span className="sr-only">]</span>
                          </del>
                        ) : (
                          <span key={index}>{part.value}</span>
                        ),
                      )}
                      {difference.note ? <p className="mt-2 text-sm text-slate-700">{difference.note}</p> : null}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
          <ListTable caption={`Revisions, newest first (${revisions.length})`} columns={["Revision", "Saved", "By", "What", "Actions"]} cards>
            {revisions.map((revision, index) => (
              <ListRow
                key={revision.number}
                cells={[
                  <>
                    {revision.number}
                    {index === 0 ? " (the form shows it)" : null}
                  </>,
                  <LocalTime value={revision.savedAt} />,
                  revision.savedByName ?? "(unknown)",
                  originLabel(revision.origin, revision.restoredFrom),
                  <div className="flex flex-wrap items-center gap-3">
                    {index < revisions.length - 1 ? (
                      <Link to={`?from=${revisions[index + 1]!.number}&to=${revision.number}`} className={linkClass}>
                        <span>What changed</span>
                        <span className="sr-only"> in revision {revision.number}</span>
                      </Link>
                    ) : null}
                    {index > 0 ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="number" value={revision.number} />
                        <button type="submit" className={buttonClass}>
                          Restore revision {revision.number}
                        </button>
                      </Form>
                    ) : null}
                  </div>,
                ]}
              />
            ))}
          </ListTable>
        </>
      )}
    </>
  );
}
