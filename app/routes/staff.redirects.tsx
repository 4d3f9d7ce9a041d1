import { Form, Link } from "react-router";
import type { Route } from "./+types/staff.redirects";
import { Field } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import {
  REDIRECT_FROM_MAX_LENGTH,
  REDIRECT_TO_MAX_LENGTH,
  redirectStatuses,
  redirectStatusLabels,
  MAX_REDIRECTS,
  REDIRECTS_SHOWN,
} from "#app/features/redirects/redirect-rules.ts";
import { deleteRedirect, getRedirect, listRedirects, saveRedirect, type RedirectChange } from "#app/features/redirects/redirects.server.ts";
import { cardClass, InboxSection } from "#app/features/staff/inbox-ui.tsx";
import { EmptyList, ListFilters } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { answerRejection, changeAnswer, formError, readStaffForm, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { EditRemoveActions, FormNotice, PageHeading, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { ListRow, ListTable } from "#app/features/staff/table-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireStaff(context, request, "redirects");
  const { db } = await servicesOf(context);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  // `?edit=` opens a redirect in the form: a link, so it works without JavaScript.
  const editId = parseRecordId(url.searchParams.get("edit") ?? undefined);
  const [list, editing] = await Promise.all([listRedirects(db, search), editId === null ? null : getRedirect(db, editId)]);
  return { ...list, search, editing };
}

const fields = ["intent", "id", "from", "to", "status"];
const labels = { intent: "Action", id: "Redirect", from: "Old path", to: "Leads to", status: "Kind" };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "redirects");
  const services = await servicesOf(context);
  const ipAddress = clientAddressOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, { name: "staff-redirects", fields, labels, maxBytes: 16 * 1024 });
    const id = values.id ? parseRecordId(values.id) : null;
    let change: RedirectChange;
    if (values.intent === "save") {
      const input = { from: values.from ?? "", to: values.to ?? "", status: values.status ?? "" };
      change = await saveRedirect(services.db, id, input, user, { ipAddress, siteUrl: services.env.SITE_URL });
      if (!change.ok) return formError(change.status, change.message, change.field ? { [change.field]: change.message } : undefined, input);
    } else if (values.intent === "delete" && id !== null) {
      change = await deleteRedirect(services.db, id, user, ipAddress);
    } else {
      return unknownIntent();
    }
    return changeAnswer(change);
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Redirects");

const fieldError = (answer: FormAnswer | undefined, field: string) => (answer?.status === "error" ? answer.fields?.[field] : undefined);

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, search, editing } = loaderData;
  const typed = actionData?.status === "error" ? actionData.values : undefined;
  return (
    <>
      <PageHeading title="Redirects">
        Send visitors and search engines from an old address to its new place. The site looks here only before it would answer “not found”, so a page that
        exists always wins. Use 301 for a page that moved for good, 302 for a while.
      </PageHeading>
      <FormNotice answer={actionData} />
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="redirects-list-heading" className="min-w-0">
          <h2 id="redirects-list-heading" className="mb-4 text-xl font-bold text-ink">
            Redirects
          </h2>
          <ListFilters search={search} searchLabel="Search the old paths and where they lead" />
          <p className="mb-3 text-sm text-slate-700">
            {total === 1 ? "1 redirect matches" : `${total.toLocaleString("en")} redirects match`}
            {total > rows.length ? `; the first ${REDIRECTS_SHOWN} are shown, search to find the others` : ""}. The site keeps at most{" "}
            {MAX_REDIRECTS.toLocaleString("en")}.
          </p>
          {rows.length === 0 ? (
            <EmptyList>{search ? "No redirects match." : "No redirects yet."}</EmptyList>
          ) : (
            <ListTable caption="Redirects, by old path" columns={["Old path", "Leads to", "Kind", "Visits", "Actions"]} cards>
              {rows.map((row) => (
                <ListRow
                  key={row.id}
                  cells={[
                    { content: row.from, className: "break-all font-semibold" },
                    { content: row.to, className: "break-all" },
                    row.status,
                    row.lastHitAt ? (
                      <>
                        {row.hits.toLocaleString("en")}, last <LocalTime value={row.lastHitAt} />
                      </>
                    ) : (
                      "None yet"
                    ),
                    <EditRemoveActions key="actions" id={row.id} form="redirect-form" name={`the redirect from ${row.from}`} />,
                  ]}
                />
              ))}
            </ListTable>
          )}
        </section>
        <InboxSection id="redirect-form" title={editing ? `Edit the redirect from ${editing.from}` : "Add a redirect"} className={`${cardClass} self-start`}>
          {/* Keyed by the redirect and the list, so a saved or another redirect starts the form again. */}
          <Form key={`${editing?.id ?? "new"}-${total}`} method="post" className="space-y-4">
            <input type="hidden" name="intent" value="save" />
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            <Field
              name="from"
              label="Old path"
              required
              hint="The address that answers “not found” today, starting with /, for example /old-page. Capitals and a final / do not matter; the visitor's ?query is passed on."
              error={fieldError(actionData, "from")}
            >
              {(props) => (
                <input {...props} type="text" inputMode="url" maxLength={REDIRECT_FROM_MAX_LENGTH} defaultValue={typed?.from ?? editing?.from ?? ""} />
              )}
            </Field>
            <Field
              name="to"
              label="Leads to"
              required
              hint="A path on this site, for example /crm, or a full address starting with https://."
              error={fieldError(actionData, "to")}
            >
              {(props) => <input {...props} type="text" inputMode="url" maxLength={REDIRECT_TO_MAX_LENGTH} defaultValue={typed?.to ?? editing?.to ?? ""} />}
            </Field>
            <Field name="status" label="Kind" required error={fieldError(actionData, "status")}>
              {(props) => (
                <select {...props} defaultValue={typed?.status ?? String(editing?.status ?? 301)}>
                  {redirectStatuses.map((status) => (
                    <option key={status} value={status}>
                      {redirectStatusLabels[status]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className={buttonClass}>
                {editing ? "Save redirect" : "Add redirect"}
              </button>
              {editing ? (
                <Link to="." className={`${linkClass} inline-block py-2`}>
                  Stop editing
                </Link>
              ) : null}
            </div>
          </Form>
        </InboxSection>
      </div>
    </>
  );
}
