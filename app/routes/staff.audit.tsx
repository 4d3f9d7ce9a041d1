import { Link } from "react-router";
import type { Route } from "./+types/staff.audit";
import { auditActionLabel, auditActionLabels, auditActions } from "#app/features/staff/audit-actions.ts";
import { listAudit } from "#app/features/staff/audit-list.server.ts";
import { EmptyList, ListFilters, LocalTime, Pagination } from "#app/features/staff/list-ui.tsx";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { ListCount, ListTable, cellClass } from "#app/features/staff/table-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "audit");
  const query = readListQuery(request, auditActions);
  const list = await listAudit(await servicesOf(context), { action: query.status, search: query.search }, query.page);
  return { ...list, search: query.search, action: query.status, params: query.params.toString() };
}

export const meta: Route.MetaFunction = () => staffMeta("Audit log");

const actionOptions = auditActions.map((value) => ({ value, label: auditActionLabels[value] }));

function detailText(detail: Record<string, string | number | boolean | null> | null): string {
  if (!detail) return "";
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${value === null ? "none" : String(value)}`)
    .join(", ");
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pages, search, action, params } = loaderData;
  return (
    <>
      <PageHeading title="Audit log">Who did what in the staff area, and what was tried against staff accounts, newest first.</PageHeading>
      <ListFilters search={search} searchLabel="Search by actor email" status={action ?? ""} statuses={actionOptions} statusLabel="Action" />
      <ListCount total={total} one="entry" many="entries" />
      {rows.length === 0 ? (
        <EmptyList>No entries match.</EmptyList>
      ) : (
        <ListTable caption="Audit entries" columns={["Time", "Actor", "Action", "Target", "Detail", "IP address"]}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cellClass}>
                <LocalTime value={row.at} />
              </td>
              <td className={`${cellClass} break-all`}>{row.actorEmail ?? "unknown account"}</td>
              <td className={cellClass}>{auditActionLabel(row.action)}</td>
              <td className={`${cellClass} break-all`}>
                <AuditTarget {...row} />
              </td>
              <td className={`${cellClass} break-words`}>{detailText(row.detail)}</td>
              <td className={cellClass}>{row.ipAddress ?? ""}</td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pagination page={page} pages={pages} params={new URLSearchParams(params)} />
    </>
  );
}

const recordPages: Record<string, { label: string; path: string }> = {
  consultation: { label: "Consultation", path: "/staff/consultations" },
  application: { label: "Application", path: "/staff/applications" },
  job: { label: "Job", path: "/staff/jobs" },
};

/** What an entry was about, in words, with a link to the record where it has a page. */
function AuditTarget({ targetType, targetId, targetEmail }: { targetType: string | null; targetId: string | null; targetEmail: string | null }) {
  if (!targetType) return null;
  if (targetType === "staff") return <>Staff account {targetEmail ?? "(deleted)"}</>;
  const record = recordPages[targetType];
  if (record && targetId) return <Link to={`${record.path}/${targetId}`} className={`${linkClass} inline-block py-2`}>{`${record.label} #${targetId}`}</Link>;
  return <>{`${targetType[0]!.toUpperCase()}${targetType.slice(1)} #${targetId ?? ""}`}</>;
}
