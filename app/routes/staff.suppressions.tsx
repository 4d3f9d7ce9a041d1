import { Form } from "react-router";
import type { Route } from "./+types/staff.suppressions";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { ListFilters, ListResults } from "#app/features/staff/list-ui.tsx";
import { answerRejection, changeAnswer, readStaffForm, unknownIntent } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { FormNotice, PageHeading, inputClass, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { MAX_LIFT_REASON_LENGTH, suppressionReasonLabels } from "#app/features/staff/suppression-labels.ts";
import { liftSuppression, listSuppressions } from "#app/features/staff/suppressions.server.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader(args: Route.LoaderArgs) {
  return loadStaffList(args, "suppressions", [], (db, query) => listSuppressions(db, query.search, query.cursor));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "suppressions");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-suppressions",
      fields: ["id", "reason"],
      labels: { id: "Entry", reason: "Reason for lifting" },
    });
    const id = parseRecordId(values.id ?? undefined);
    if (id === null) return unknownIntent();
    return changeAnswer(await liftSuppression(services.db, id, values.reason ?? "", { id: user.id, email: user.email }, clientAddressOf(context)));
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("Suppressed addresses");

export default function Suppressions({ loaderData, actionData }: Route.ComponentProps) {
  const { list, search, filters } = loaderData;
  return (
    <>
      <PageHeading title="Suppressed addresses">
        Addresses that bounced for good or marked our mail as spam. The newsletter never goes to them, and after a complaint no other mail does either. Lift an
        entry only when the person asks for mail again or the address was fixed, and say why.
      </PageHeading>
      <FormNotice answer={actionData} />
      <ListFilters search={search} searchLabel="Search by email" />
      <ListResults
        list={list}
        filters={filters}
        one="address"
        many="addresses"
        empty="No suppressed addresses match."
        caption="Suppressed addresses"
        columns={["Email", "Reason", "Reported by", "First seen", "Last seen", "State"]}
        row={(row) => [
          { content: row.address, className: "break-all" },
          <>
            {suppressionReasonLabels[row.reason]}
            {row.detail ? <span className="block text-sm break-all text-slate-600">{row.detail}</span> : null}
          </>,
          row.source,
          <LocalTime value={row.firstSeenAt} />,
          <LocalTime value={row.lastSeenAt} />,
          row.liftedAt ? (
            <>
              Lifted <LocalTime value={row.liftedAt} />
              {row.liftedByName ? ` by ${row.liftedByName}` : null}: {row.liftReason}
            </>
          ) : (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="id" value={row.id} />
              <div className="min-w-48 flex-1">
                <label htmlFor={`lift-reason-${row.id}`} className="mb-1 block text-sm font-semibold">
                  Reason for lifting<span className="sr-only"> {row.address}</span>
                </label>
                <input id={`lift-reason-${row.id}`} name="reason" required maxLength={MAX_LIFT_REASON_LENGTH} className={inputClass} />
              </div>
              <button type="submit" className={secondaryButtonClass}>
                Lift<span className="sr-only"> the suppression of {row.address}</span>
              </button>
            </Form>
          ),
        ]}
      />
    </>
  );
}
