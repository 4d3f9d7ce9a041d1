import { and, asc, eq, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { leadClock, type LeadClock } from "#app/features/leads/lead-clock.ts";
import { owedNoResponse } from "#app/features/leads/lead-clock.server.ts";
import type { Attribution } from "#app/features/attribution/attribution.ts";
import { attributionCsvColumns, attributionSourceIs } from "#app/features/attribution/attribution.server.ts";
import { attachmentPath } from "#app/features/staff/attachments.server.ts";
import { consultationStatusLabels, type ConsultationSort } from "#app/features/staff/consultations/labels.ts";
import { auditedListExport, inPages, isoText, type CsvColumn } from "#app/features/staff/csv.server.ts";
import type { InboxKind } from "#app/features/staff/inbox-page.server.ts";
import { countedRows, countUpTo, cursorOf, exactly, readListPage, type ListOrder, type ListPage } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor, type ListQuery } from "#app/features/staff/list-query.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { changeOwner } from "#app/features/staff/teams/owners.server.ts";
import { leadOwners } from "#app/features/staff/teams/teams.server.ts";
import { rowsOf, type Database } from "#app/platform/db/client.server.ts";
import { consultationAttachments, consultationReads, consultations, staffUsers, teams, type ConsultationStatus } from "#app/platform/db/schema.server.ts";

/*
 * The consultations inbox: the list (search, status, pages), one request's
 * page, and the CSV of what the list shows.
 */

/** Whose leads the list shows: everyone's (null), nobody's yet, or one account's ("Mine" is the viewer's). */
export type OwnerView = null | { unassigned: true } | { ownerId: string };

export type ConsultationFilter = Pick<ListQuery<ConsultationStatus>, "search" | "status"> & { source?: string | null; owner?: OwnerView };

/**
 * The owner view in the address: `owner=mine`, `owner=none` or an account's
 * id; it goes into the list's links as it came.
 */
export function readOwnerView(query: Pick<ListQuery<string>, "params" | "filters">, user: StaffUser): OwnerView {
  const raw = query.params.get("owner") ?? "";
  if (raw === "") return null;
  if (raw.length > 64) throw data("There is no such owner.", { status: 400 });
  query.filters.set("owner", raw);
  if (raw === "mine") return { ownerId: user.id };
  if (raw === "none") return { unassigned: true };
  return { ownerId: raw };
}

/** A whole reference as a visitor quotes it, "CON-2026-4F7K2Q", in any case (decision 042). */
const REFERENCE_SEARCH = /^CON-\d{4}-[2-9A-HJKMNP-Z]{6}$/i;

/** The search: a whole reference finds its lead through the unique index; other words are looked for in name, email and brief. */
function searchOf(search: string): SQL | undefined {
  if (!search) return undefined;
  if (REFERENCE_SEARCH.test(search)) return eq(consultations.reference, search.toUpperCase());
  const pattern = likePattern(search);
  return or(ilike(consultations.fullName, pattern), ilike(consultations.email, pattern), ilike(consultations.projectBrief, pattern));
}

/** Name, email and brief contain the search (wildcards taken literally), or it is the reference; the status, the source and the owner match. */
function whereOf({ search, status, source, owner }: ConsultationFilter): SQL | undefined {
  return and(
    searchOf(search),
    status ? eq(consultations.status, status) : undefined,
    attributionSourceIs(consultations.attribution, source ?? null),
    !owner ? undefined : "unassigned" in owner ? isNull(consultations.ownerId) : eq(consultations.ownerId, owner.ownerId),
  );
}

/** A request's attachments: counted in the list, named in the export. */
const withAttachments = eq(consultationAttachments.consultationId, consultations.id);

export type ConsultationListRow = {
  id: number;
  reference: string;
  fullName: string;
  email: string;
  country: string;
  submittedAt: string;
  status: ConsultationStatus;
  readAt: string | null;
  dueAt: string;
  firstResponseAt: string | null;
  /** The response clock at the time of reading. */
  clock: LeadClock;
  ownerName: string | null;
  attachments: number;
  source: string | null;
  cursor: string;
};

export type ConsultationList = ListPage<ConsultationListRow> & { newCount: number };

/** The list's orders: newest first, the most urgent first, the longest waiting first. */
const listOrders = {
  newest: { time: consultations.submittedAt, id: consultations.id },
  urgent: { time: consultations.dueAt, id: consultations.id, earliestFirst: { after: owedNoResponse } },
  waiting: { time: consultations.submittedAt, id: consultations.id, earliestFirst: { after: owedNoResponse } },
} satisfies Record<ConsultationSort, ListOrder>;

/** The order in the address (`?sort=urgent`); none is newest first, anything else answers 400. */
export function readConsultationSort(params: URLSearchParams): ConsultationSort {
  const raw = params.get("sort") ?? "newest";
  if (Object.hasOwn(listOrders, raw)) return raw as ConsultationSort;
  throw data(`There is no order called "${raw.slice(0, 40)}".`, { status: 400 });
}

/**
 * One page of the list in the order asked for, with each lead's clock at `now`, how many match and how
 * many are still new. A row's `readAt` is when `viewerId` opened it (or when anyone did, before reads
 * were kept per person); without a viewer, only the latter.
 */
export async function listConsultations(
  db: Database,
  query: ConsultationFilter & { cursor: ListCursor | null; sort?: ConsultationSort; viewerId?: string },
  now = new Date(),
): Promise<ConsultationList> {
  const where = whereOf(query);
  const listOrder: ListOrder = listOrders[query.sort ?? "newest"];
  const [list, newCount, hours] = await Promise.all([
    readListPage(
      listOrder,
      query.cursor,
      ({ keyset, orderBy, limit }) =>
        db
          .select({
            id: consultations.id,
            reference: consultations.reference,
            fullName: consultations.fullName,
            email: consultations.email,
            country: consultations.country,
            submittedAt: consultations.submittedAt,
            status: consultations.status,
            readAt: sql<Date | null>`coalesce(${consultations.readAt}, ${consultationReads.readAt})`.mapWith(consultations.readAt),
            ownerName: staffUsers.name,
            dueAt: consultations.dueAt,
            firstResponseAt: consultations.firstResponseAt,
            // Counted per row shown, so the page never groups the whole table first.
            attachments: db.$count(consultationAttachments, withAttachments),
            source: sql<string | null>`${consultations.attribution} ->> 'source'`,
            cursor: cursorOf(listOrder),
          })
          .from(consultations)
          .leftJoin(staffUsers, eq(staffUsers.id, consultations.ownerId))
          .leftJoin(
            consultationReads,
            and(eq(consultationReads.consultationId, consultations.id), query.viewerId ? eq(consultationReads.userId, query.viewerId) : sql`false`),
          )
          .where(and(where, keyset))
          .orderBy(...orderBy)
          .limit(limit),
      async () =>
        query.search || query.source || query.owner
          ? countUpTo(db, consultations, where)
          : exactly(await countedRows(db, "consultations", query.status ? { statuses: [query.status] } : {})),
    ),
    countedRows(db, "consultations", { statuses: ["new"] }),
    readBusinessHours(db),
  ]);
  return {
    ...list,
    rows: list.rows.map((row) => ({
      ...row,
      clock: leadClock(row, now, hours),
      submittedAt: row.submittedAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
      dueAt: row.dueAt.toISOString(),
      firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
    })),
    newCount,
  };
}

export type ConsultationAttachment = { name: string; contentType: string; size: number; href: string };

/** One request's own fields and files for its page; null when there is no such request. */
async function consultationDetail(db: Database, id: number) {
  const [consultation] = await db
    .select({
      id: consultations.id,
      reference: consultations.reference,
      fullName: consultations.fullName,
      email: consultations.email,
      country: consultations.country,
      phone: consultations.phone,
      projectBrief: consultations.projectBrief,
      submittedAt: consultations.submittedAt,
      status: consultations.status,
      dueAt: consultations.dueAt,
      firstResponseAt: consultations.firstResponseAt,
      attribution: consultations.attribution,
      ownerId: consultations.ownerId,
      ownerName: staffUsers.name,
      teamName: teams.name,
    })
    .from(consultations)
    .leftJoin(staffUsers, eq(staffUsers.id, consultations.ownerId))
    .leftJoin(teams, eq(teams.id, consultations.teamId))
    .where(eq(consultations.id, id));
  if (!consultation) return null;
  const clock = leadClock(consultation, new Date(), await readBusinessHours(db));
  const files = await db
    .select({
      key: consultationAttachments.storageKey,
      name: consultationAttachments.originalName,
      contentType: consultationAttachments.contentType,
      size: consultationAttachments.sizeBytes,
    })
    .from(consultationAttachments)
    .where(eq(consultationAttachments.consultationId, id))
    .orderBy(asc(consultationAttachments.position));
  return {
    consultation: {
      ...consultation,
      submittedAt: consultation.submittedAt.toISOString(),
      dueAt: consultation.dueAt.toISOString(),
      firstResponseAt: consultation.firstResponseAt?.toISOString() ?? null,
      clock,
    },
    attachments: files.map(({ key, ...file }): ConsultationAttachment => ({ ...file, href: attachmentPath(key) })),
    owners: await leadOwners(db),
  };
}

/** Consultation requests in the inbox: their page reads the request and its files. */
export const consultationInbox = {
  type: "consultation",
  area: "consultations",
  notFound: "There is no such consultation request.",
  statusLabels: consultationStatusLabels,
  read: consultationDetail,
  ownChange: {
    intent: "owner",
    labels: { owner: "Owner", expectedOwner: "Owner shown" },
    done: "The owner was changed.",
    async run({ db }, id, values, user, ipAddress) {
      const change = { from: values.expectedOwner || null, to: values.owner || null };
      if (change.from === change.to) return { ok: false, status: 400, message: "That already is the owner; nothing was changed.", field: "owner" };
      const result = await changeOwner(db, id, change, user, ipAddress);
      return result.ok ? result : { ...result, field: "owner" };
    },
  },
  replies: true,
} satisfies InboxKind<object>;

/** A row of the export as the database writes it: times already as the CSV shows them (ISO 8601, UTC). */
type ExportRow = {
  id: number;
  reference: string;
  submittedAt: string;
  status: string;
  owner: string | null;
  dueAt: string;
  firstResponseAt: string | null;
  firstResponseBusinessMinutes: number | null;
  fullName: string;
  email: string;
  country: string;
  phone: string;
  projectBrief: string;
  attachmentNames: string | null;
  attribution: Attribution | null;
};

const exportColumns: CsvColumn<ExportRow>[] = [
  { header: "ID", value: (row) => row.id },
  { header: "Reference", value: (row) => row.reference },
  { header: "Submitted at", value: (row) => row.submittedAt },
  { header: "Status", value: (row) => row.status },
  // The lead's clock, as the list and the figures read it: who owns it, when it is due, when it was answered.
  { header: "Owner", value: (row) => row.owner },
  { header: "Due at", value: (row) => row.dueAt },
  { header: "First response at", value: (row) => row.firstResponseAt },
  { header: "Business minutes to first response", value: (row) => row.firstResponseBusinessMinutes },
  { header: "Full name", value: (row) => row.fullName },
  { header: "Email", value: (row) => row.email },
  { header: "Country", value: (row) => row.country },
  { header: "Phone", value: (row) => row.phone },
  { header: "Project brief", value: (row) => row.projectBrief },
  { header: "Attachments", value: (row) => row.attachmentNames },
  ...attributionCsvColumns<ExportRow>(),
];

/**
 * One keyset page of the export, newest id first: a plain query with named columns rather than
 * Drizzle's select, whose mapping of each row field by field, and parsing of its times into Dates only
 * to print them again, was almost half of the processor time spent reading and writing the rows
 * (decision 054). The attachment names are looked up per row, which costs the database less than
 * grouping the page.
 */
export async function exportPage(db: Database, filter: ConsultationFilter, beforeId: number | null, size: number): Promise<ExportRow[]> {
  const where = and(whereOf(filter), beforeId === null ? undefined : lt(consultations.id, beforeId));
  const result = await db.execute(sql`
    select ${consultations.id} as "id", ${consultations.reference} as "reference", ${isoText(consultations.submittedAt)} as "submittedAt",
           ${consultations.status} as "status", coalesce(nullif(${staffUsers.name}, ''), ${staffUsers.email}) as "owner",
           ${isoText(consultations.dueAt)} as "dueAt", ${isoText(consultations.firstResponseAt)} as "firstResponseAt",
           ${consultations.firstResponseBusinessMinutes} as "firstResponseBusinessMinutes", ${consultations.fullName} as "fullName",
           ${consultations.email} as "email", ${consultations.country} as "country", ${consultations.phone} as "phone",
           ${consultations.projectBrief} as "projectBrief",
           (select string_agg(${consultationAttachments.originalName}, '; ' order by ${consultationAttachments.position})
            from ${consultationAttachments} where ${withAttachments}) as "attachmentNames",
           ${consultations.attribution} as "attribution"
    from ${consultations}
    left join ${staffUsers} on ${staffUsers.id} = ${consultations.ownerId}
    ${where ? sql`where ${where}` : sql``}
    order by ${consultations.id} desc
    limit ${size}`);
  // The id is the next page's bound: node-postgres reads a bigint as text, PGlite as a number.
  const rows = rowsOf<ExportRow>(result);
  for (const row of rows) row.id = Number(row.id);
  return rows;
}

/** The owner view, when one was chosen: "none" or the owner's account id. */
function ownerDetail(owner: OwnerView | undefined): { owner?: string } {
  return !owner ? {} : { owner: "unassigned" in owner ? "none" : owner.ownerId };
}

/**
 * The CSV of the requests the list's filters select, streamed. The audit
 * entry records that a search was used, not its words: they may be a name.
 */
export function exportConsultations(db: Database, filter: ConsultationFilter, user: StaffUser, ipAddress: string): Promise<Response> {
  return auditedListExport(
    db,
    {
      list: "consultations",
      actor: user,
      ipAddress,
      filters: { search: filter.search !== "", status: filter.status, source: filter.source ?? null, ...ownerDetail(filter.owner) },
    },
    exportColumns,
    inPages((beforeId, size) => exportPage(db, filter, beforeId, size)),
  );
}
