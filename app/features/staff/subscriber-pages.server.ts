import { data, redirect, type RouterContextProvider } from "react-router";
import { attributionCsvColumns } from "#app/features/attribution/attribution.server.ts";
import { auditedListExport } from "#app/features/staff/csv.server.ts";
import { loadStaffList } from "#app/features/staff/list-page.server.ts";
import { readListQuery } from "#app/features/staff/list-query.server.ts";
import type { StaffArea } from "#app/features/staff/roles.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { subscriberPages, type SubscriberList } from "#app/features/staff/subscriber-pages.tsx";
import { allSubscribers, eraseSubscriber, findSubscriber, listSubscribers, type Subscriber } from "#app/features/staff/subscribers.server.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

type RouteArgs = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } };

/** Who keeps each list: sales the newsletter's readers, recruiters the job seekers who want alerts. */
const areaOf: Record<SubscriberList, StaffArea> = { newsletter: "subscribers", "job-alerts": "jobAlerts" };

const notices: Record<string, string> = {
  erased: "The subscriber is erased. The audit log records the erasure without the address.",
};

export async function subscribersLoader(args: RouteArgs, list: SubscriberList) {
  const loaded = await loadStaffList(args, areaOf[list], [], (db, query) => listSubscribers(db, list, query.search, query.cursor, query.source));
  return {
    ...loaded,
    mailList: list,
    exportHref: `${subscriberPages[list].path}/export.csv${loaded.filters ? `?${loaded.filters}` : ""}`,
    notice: notices[new URL(args.request.url).searchParams.get("notice") ?? ""] ?? null,
  };
}

/** The subscribers the list shows for the same search, as a CSV file. */
export async function subscribersExport({ request, context }: RouteArgs, list: SubscriberList) {
  const user = requireStaff(context, request, areaOf[list]);
  const query = readListQuery(request);
  const { db } = await servicesOf(context);
  return auditedListExport(
    db,
    {
      list: subscriberPages[list].exportName,
      actor: user,
      ipAddress: clientAddressOf(context),
      filters: { filtered: query.search !== "" || query.source !== null },
    },
    [
      { header: "Email", value: (row) => row.email },
      { header: "Subscribed at (UTC)", value: (row) => row.subscribedAt },
      // Empty: the address never confirmed, and gets no mail from the list.
      { header: "Confirmed at (UTC)", value: (row) => row.confirmedAt },
      { header: "Consent given at (UTC)", value: (row) => row.consentAt },
      { header: "Consent wording version", value: (row) => row.consentVersion },
      ...(list === "job-alerts"
        ? [
            { header: "Departments", value: (row: Subscriber) => row.departments.join("; ") },
            { header: "Workplaces", value: (row: Subscriber) => row.workplaces.join("; ") },
          ]
        : []),
      ...attributionCsvColumns<Subscriber>(),
    ],
    allSubscribers(db, list, query.search, query.source),
  );
}

export async function eraseSubscriberLoader({ request, context, params }: RouteArgs, list: SubscriberList) {
  requireStaff(context, request, areaOf[list]);
  const id = parseRecordId(params.id);
  const subscriber = id === null ? null : await findSubscriber((await servicesOf(context)).db, list, id);
  if (!subscriber) throw data("There is no such subscriber; they may have been erased already.", { status: 404 });
  return { subscriber, mailList: list };
}

export async function eraseSubscriberAction({ request, context, params }: RouteArgs, list: SubscriberList) {
  const user = requireStaff(context, request, areaOf[list]);
  const services = await servicesOf(context);
  try {
    await readStaffForm(request, context, services, { name: "staff-erase-subscriber", fields: [], labels: {} });
  } catch (error) {
    return answerRejection(error);
  }
  const id = parseRecordId(params.id);
  const erased = id !== null && (await eraseSubscriber(services.db, list, id, { id: user.id, email: user.email }, clientAddressOf(context)));
  if (!erased) return formError(404, "This subscriber was already erased.");
  return redirect(`${subscriberPages[list].path}?notice=erased`, { status: 303 });
}
