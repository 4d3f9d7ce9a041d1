import { Fragment } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/staff.audit";
import { auditActionLabel, auditActionLabels, auditActions } from "#app/features/staff/audit-actions.ts";
import { loadAuditLog } from "#app/features/staff/audit-list.server.ts";
import { ListFilters, ListResults } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import type { AuditFact, AuditRef } from "#app/features/staff/audit-targets.server.ts";

export const loader = (args: Route.LoaderArgs) => loadAuditLog(args);

export const meta: Route.MetaFunction = () => staffMeta("Audit log");

const actionOptions = auditActions.map((value) => ({ value, label: auditActionLabels[value] }));

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
          { content: row.target ? <Ref {...row.target} /> : null, className: "break-words" },
          { content: <Facts facts={row.facts} />, className: "break-words" },
          row.ipAddress ?? "",
        ]}
      />
    </>
  );
}

/** A person or record: its kind, then its name as a link to its page; one that is gone says so. */
function Ref({ label, name, href, note }: AuditRef) {
  return (
    <>
      {label}{" "}
      {href ? (
        <Link to={href} className={`${linkClass} inline-block py-2`}>
          {name}
        </Link>
      ) : (
        name
      )}
      {note ? ` (${note})` : null}
    </>
  );
}

/** An entry's detail, "key: value, …", its moments in the reader's zone like every other time. */
function Facts({ facts }: { facts: AuditFact[] }) {
  return facts.map((fact, index) => (
    <Fragment key={fact.key}>
      {index > 0 ? ", " : null}
      {fact.key}: {"at" in fact ? <LocalTime value={fact.at} /> : "ref" in fact ? fact.ref ? <Ref {...fact.ref} /> : "nobody" : fact.text}
    </Fragment>
  ));
}
