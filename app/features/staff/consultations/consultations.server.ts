import { and, asc, desc, eq, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { attachmentPath } from "#app/features/staff/attachments.server.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { consultationStatusLabels } from "#app/features/staff/consultations/labels.ts";
import { csvFileName, csvResponse, inPages, type CsvColumn } from "#app/features/staff/csv.server.ts";
import type { InboxKind } from "#app/features/staff/inbox-page.server.ts";
import { countedRows, countUpTo, cursorOf, exactly, readListPage, type ListOrder, type ListPage } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor, type ListQuery } from "#app/features/staff/list-query.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { consultationAttachments, consultations, type ConsultationStatus } from "#app/platform/db/schema.server.ts";

/*
 * The consultations inbox: the list (search, status, pages), one request's
 * page, and the CSV of what the list shows.
 */

export type ConsultationFilter = Pick<ListQuery<ConsultationStatus>, "search" | "status">;

/** Name, email and brief contain the search (wildcards taken literally); the status matches. */
function whereOf({ search, status }: ConsultationFilter): SQL | undefined {
  const pattern = search ? likePattern(search) : null;
  return and(
    pattern ? or(ilike(consultations.fullName, pattern), ilike(consultations.email, pattern), ilike(consultations.projectBrief, pattern)) : undefined,
    status ? eq(consultations.status, status) : undefined,
  );
}

/** Joined for the export's attachment names; grouping by the primary key keeps one row per request. */
const withAttachments = eq(consultationAttachments.consultationId, consultations.id);

export type ConsultationListRow = {
  id: number;
  fullName: string;
  email: string;
  country: string;
  submittedAt: string;
  status: ConsultationStatus;
  readAt: string | null;
  attachments: number;
  cursor: string;
};

export type ConsultationList = ListPage<ConsultationListRow> & { newCount: number };

const listOrder: ListOrder = { time: consultations.submittedAt, id: consultations.id };

/** One page of the list, newest first, with how many match and how many are still new. */
export async function listConsultations(db: Database, query: ConsultationFilter & { cursor: ListCursor | null }): Promise<ConsultationList> {
  const where = whereOf(query);
  const [list, newCount] = await Promise.all([
    readListPage(
      listOrder,
      query.cursor,
      ({ keyset, orderBy, limit }) =>
        db
          .select({
            id: consultations.id,
            fullName: consultations.fullName,
            email: consultations.email,
            country: consultations.country,
            submittedAt: consultations.submittedAt,
            status: consultations.status,
            readAt: consultations.readAt,
            // Counted per row shown, so the page never groups the whole table first.
            attachments: db.$count(consultationAttachments, withAttachments),
            cursor: cursorOf(listOrder),
          })
          .from(consultations)
          .where(and(where, keyset))
          .orderBy(...orderBy)
          .limit(limit),
      async () =>
        query.search ? countUpTo(db, consultations, where) : exactly(await countedRows(db, "consultations", query.status ? { statuses: [query.status] } : {})),
    ),
    countedRows(db, "consultations", { statuses: ["new"] }),
  ]);
  return {
    ...list,
    rows: list.rows.map((row) => ({ ...row, submittedAt: row.submittedAt.toISOString(), readAt: row.readAt?.toISOString() ?? null })),
    newCount,
  };
}

export type ConsultationAttachment = { name: string; contentType: string; size: number; href: string };

/** One request's own fields and files for its page; null when there is no such request. */
async function consultationDetail(db: Database, id: number) {
  const [consultation] = await db
    .select({
      id: consultations.id,
      fullName: consultations.fullName,
      email: consultations.email,
      country: consultations.country,
      phone: consultations.phone,
      projectBrief: consultations.projectBrief,
      submittedAt: consultations.submittedAt,
      status: consultations.status,
    })
    .from(consultations)
    .where(eq(consultations.id, id));
  if (!consultation) return null;
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
    consultation: { ...consultation, submittedAt: consultation.submittedAt.toISOString() },
    attachments: files.map(({ key, ...file }): ConsultationAttachment => ({ ...file, href: attachmentPath(key) })),
  };
}

/** Consultation requests in the inbox: their page reads the request and its files. */
export const consultationInbox = {
  type: "consultation",
  area: "consultations",
  notFound: "There is no such consultation request.",
  statusLabels: consultationStatusLabels,
  read: consultationDetail,
  replies: true,
} satisfies InboxKind<object>;

type ExportRow = {
  id: number;
  submittedAt: Date;
  status: string;
  fullName: string;
  email: string;
  country: string;
  phone: string;
  projectBrief: string;
  attachmentNames: string | null;
};

const exportColumns: CsvColumn<ExportRow>[] = [
  { header: "ID", value: (row) => row.id },
  { header: "Submitted at", value: (row) => row.submittedAt },
  { header: "Status", value: (row) => row.status },
  { header: "Full name", value: (row) => row.fullName },
  { header: "Email", value: (row) => row.email },
  { header: "Country", value: (row) => row.country },
  { header: "Phone", value: (row) => row.phone },
  { header: "Project brief", value: (row) => row.projectBrief },
  { header: "Attachments", value: (row) => row.attachmentNames },
];

const attachmentNames = sql<string | null>`string_agg(${consultationAttachments.originalName}, '; ' order by ${consultationAttachments.position})`;

/** One keyset page of the export, newest id first. */
export function exportPage(db: Database, filter: ConsultationFilter, beforeId: number | null, size: number): Promise<ExportRow[]> {
  return db
    .select({
      id: consultations.id,
      submittedAt: consultations.submittedAt,
      status: consultations.status,
      fullName: consultations.fullName,
      email: consultations.email,
      country: consultations.country,
      phone: consultations.phone,
      projectBrief: consultations.projectBrief,
      attachmentNames,
    })
    .from(consultations)
    .leftJoin(consultationAttachments, withAttachments)
    .where(and(whereOf(filter), beforeId === null ? undefined : lt(consultations.id, beforeId)))
    .groupBy(consultations.id)
    .orderBy(desc(consultations.id))
    .limit(size);
}

/**
 * The CSV of the requests the list's filters select, streamed. The audit
 * entry records that a search was used, not its words: they may be a name.
 */
export async function exportConsultations(db: Database, filter: ConsultationFilter, user: StaffUser, ipAddress: string): Promise<Response> {
  await audit(db, {
    actor: { id: user.id, email: user.email },
    action: "export",
    detail: { list: "consultations", search: filter.search !== "", status: filter.status },
    ipAddress,
  });
  return csvResponse(
    csvFileName("consultations"),
    exportColumns,
    inPages((beforeId, size) => exportPage(db, filter, beforeId, size)),
  );
}
