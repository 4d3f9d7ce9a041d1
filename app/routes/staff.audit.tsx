import { Link } from "react-router";
import type { Route } from "./+types/staff.audit";
import { auditActionLabel, auditActionLabels, auditActions } from "#app/features/staff/audit-actions.ts";
import { loadAuditLog } from "#app/features/staff/audit-list.server.ts";
import { ListFilters, ListResults, LocalTime } from "#app/features/staff/list-ui.tsx";
import { PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import type { AuditDetail } from "#app/platform/db/schema.server.ts";

export const loader = (args: Route.LoaderArgs) => loadAuditLog(args);

export const meta: Route.MetaFunction = () => staffMeta("Audit log");

const actionOptions = auditActions.map((value) => ({ value, label: auditActionLabels[value] }));

function detailText(detail: AuditDetail | null): string {
  if (!detail) return "";
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${value === null ? "none" : Array.isArray(value) ? value.join(" + ") : String(value)}`)
    .join(", ");
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { list, search, status: action, filters } = loaderData;
  return (
    <>
      <PageHeading title="Audit log">Who did what in the staff area, and what was tried against staff accounts, newest first.</PageHeading>
      <ListFilters search={search} searchLabel="Search by actor email" status={action ?? ""} statuses={actionOptions} statusLabel="Action" />
      <ListResults
        list={list}
        filters={filters}
        one="entry"
        many="entries"
        empty="No entries match."
        caption="Audit entries"
        columns={["Time", "Actor", "Action", "Target", "Detail", "IP address"]}
        row={(row) => [
          <LocalTime value={row.at} />,
          { content: row.actorEmail ?? "unknown account", className: "break-all" },
          auditActionLabel(row.action),
          { content: <AuditTarget {...row} />, className: "break-all" },
          { content: detailText(row.detail), className: "break-words" },
          row.ipAddress ?? "",
        ]}
      />
    </>
  );
}

const recordPages: Record<string, { label: string; path: string }> = {
  consultation: { label: "Consultation", path: "/staff/consultations" },
  application: { label: "Application", path: "/staff/applications" },
  registration: { label: "Event registration", path: "/staff/events/registrations" },
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
