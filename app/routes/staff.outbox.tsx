import { Form, Link } from "react-router";
import type { Route } from "./+types/staff.outbox";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { ListFilters, ListResults } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { listOutbox, retryMessage } from "#app/features/staff/outbox-admin.server.ts";
import { outboxStatusLabels, retryableStatuses } from "#app/features/staff/outbox-labels.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, linkClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { outboxStatuses, parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const { list, search, status, filters } = await loadStaffList(args, "outbox", outboxStatuses, (db, query) => listOutbox({ db }, query, query.cursor));
  const statuses = outboxStatuses.map((value) => ({ value, label: outboxStatusLabels[value] }));
  return { list, search, status, statuses, filters };
}

const retryAnswers = {
  retried: "The message is queued again and will be sent in a moment.",
  "not-failed": "Only a failed or suppressed message can be retried; this one is queued, being sent or sent already. Nothing was changed.",
  missing: "There is no such message.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "outbox");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, { name: "staff-outbox-retry", fields: ["id"], labels: { id: "Message" } });
    const id = parseRecordId(values.id);
    const result = id === null ? "missing" : await retryMessage(services, id, { id: user.id, email: user.email }, clientAddressOf(context));
    if (result !== "retried") return formError(result === "missing" ? 404 : 409, retryAnswers[result]);
    return { status: "success", messages: [retryAnswers.retried] } satisfies FormAnswer;
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Outbox");

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { list, search, status, statuses, filters } = loaderData;
  return (
    <>
      <PageHeading title="Outbox">
        Every email and webhook post the site sends, newest first. Open a subject to read the message as it is sent. A message that could not be sent can be
        retried.
      </PageHeading>
      <FormNotice answer={actionData} />
      <ListFilters search={search} searchLabel="Search by recipient or webhook address" status={status ?? ""} statuses={statuses} />
      <ListResults
        list={list}
        filters={filters}
        one="message"
        many="messages"
        empty="No messages match."
        caption="Messages"
        columns={["Status", "Kind", "Recipient", "Subject", "Attempts", "Last error", "Created", "Sent"]}
        row={(row) => [
          <>
            <span className="font-semibold">{outboxStatusLabels[row.status]}</span>
            {retryableStatuses.includes(row.status) ? (
              <Form method="post" className="mt-2">
                <input type="hidden" name="id" value={row.id} />
                <button type="submit" className={secondaryButtonClass}>
                  Retry<span className="sr-only"> message {row.id}</span>
                </button>
              </Form>
            ) : null}
          </>,
          <>
            {row.kind}
            {row.channel === "webhook" ? <span className="block text-sm text-slate-700">webhook post</span> : null}
          </>,
          { content: row.toAddress, className: "break-all" },
          <Link to={`/staff/outbox/${row.id}`} className={`${linkClass} inline-block py-2 [overflow-wrap:anywhere]`}>
            {row.subject || `Message ${row.id}`}
          </Link>,
          row.attempts,
          { content: row.lastError ?? "None", className: "max-w-xs break-words" },
          <LocalTime value={row.createdAt} />,
          row.sentAt ? <LocalTime value={row.sentAt} /> : "Not yet",
        ]}
      />
    </>
  );
}
