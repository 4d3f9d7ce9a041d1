import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { countUpTo, cursorOf, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import { forgetRevisions, recordRevision, saveContent, type ContentChange, type VersionedContent } from "#app/features/staff/publishing/revisions.server.ts";
import type { FieldKind } from "#app/features/staff/publishing/revisions.server.ts";
import { scheduledAtColumn } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { MAX_PROOF_CHOICES, proofDeclarations, type ProofData, type ProofKind } from "#app/features/proof/proof-kinds.ts";
import { proofTransition, type ProofAction } from "#app/features/proof/proof-status.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { clientLogos, people, testimonials, type ProofStatus } from "#app/platform/db/schema.server.ts";

/*
 * People, testimonials and client logos on the content core (decision 064):
 * one declaration a kind (proof-kinds.ts) and its table; the saving, drafts
 * of changes, history, restore and audit are the core's. Visitors see an
 * item only while it is published, inside the page blocks that pick it.
 */

const tables = { people, testimonials, logos: clientLogos };

/** An item's row: its status and counters, and its fields by the keys its kind declares. */
export type ProofRow = { id: number; status: ProofStatus; revision: number; changedAt: Date } & ProofData;

const revisionKind: Record<string, FieldKind> = { paths: "list", demo: "flag", image: "image" };

/** The item's fields from its row (or a revision's), by its kind's declaration. */
export function proofDataOf(kind: ProofKind, row: Record<string, unknown>): ProofData {
  return Object.fromEntries(proofDeclarations[kind].fields.map((field) => [field.key, (row[field.key] ?? null) as ProofData[string]]));
}

/** The name of an item in lists, headings and sentences. */
export const proofTitle = (kind: ProofKind, data: ProofData) => String(data[proofDeclarations[kind].title] ?? "") || "Untitled";

async function lockProof(tx: Database, kind: ProofKind, id: number): Promise<ProofRow | null> {
  const table = tables[kind];
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for("update");
  return (row as ProofRow | undefined) ?? null;
}

async function updateProof(tx: Database, kind: ProofKind, id: number, set: Record<string, unknown>) {
  const table = tables[kind];
  await tx
    .update(table)
    .set({ ...set, revision: sql`${table.revision} + 1`, changedAt: sql`now()` })
    .where(eq(table.id, id));
}

const contents = new Map<ProofKind, VersionedContent<ProofRow, ProofData>>();

/** A kind on the content core: its fields, and how a version reaches the pages that pick it. */
export function proofContent(kind: ProofKind): VersionedContent<ProofRow, ProofData> {
  const known = contents.get(kind);
  if (known) return known;
  const declaration = proofDeclarations[kind];
  const content: VersionedContent<ProofRow, ProofData> = {
    type: declaration.type,
    noun: declaration.noun,
    fields: declaration.fields.map((field) => ({ key: field.key, label: field.label, kind: revisionKind[field.input] ?? "text" })),
    lock: (tx, id) => lockProof(tx, kind, id),
    dataOf: (row) => proofDataOf(kind, row),
    isPublic: (row) => row.status === "published",
    publishDraft: (tx, id, actor, ipAddress) => changeProofStatus(tx, kind, id, "publish", actor, ipAddress),
    writeLive: (tx, id, data) => updateProof(tx, kind, id, data),
    touch: (tx, id) => updateProof(tx, kind, id, {}),
    edited: "proof-edited",
    savedMessage: (row) => (row.status === "published" ? "Saved. The pages that show it show the change within seconds." : "The draft is saved."),
  };
  contents.set(kind, content);
  return content;
}

export async function proofForEdit(db: Database, kind: ProofKind, id: number): Promise<ProofRow | null> {
  const table = tables[kind];
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return (row as ProofRow | undefined) ?? null;
}

/** A new draft: no page draws it until it is published. Its fields are revision 1. */
export async function createProof(db: Database, kind: ProofKind, data: ProofData, actor: AuditActor, ipAddress: string): Promise<ContentChange> {
  const { type, noun } = proofDeclarations[kind];
  return db.transaction(async (tx): Promise<ContentChange> => {
    const table = tables[kind];
    const [row] = await tx
      .insert(table)
      .values({ ...data, status: "draft" } as never)
      .returning({ id: table.id });
    if (!row) throw new Error(`The ${noun} insert returned no row`);
    await recordRevision(tx, { type, itemId: row.id, data, origin: "first", actor });
    await audit(tx, { actor, action: "proof-created", target: { type, id: row.id }, ipAddress });
    return { ok: true, id: row.id, message: `The draft “${proofTitle(kind, data)}” is saved. Preview it, then publish it when it is ready.` };
  });
}

/** Saves an edit made on revision `shownRevision` (see saveContent); a picture the form left as it was stays as in the working copy. */
export function saveProof(
  db: Database,
  kind: ProofKind,
  change: { id: number; shownRevision: number; data: (working: ProofData) => ProofData; publish: boolean; actor: AuditActor; ipAddress: string },
): Promise<ContentChange> {
  return saveContent(db, proofContent(kind), change);
}

const doneMessages: Record<ProofAction, (title: string) => string> = {
  publish: (title) => `“${title}” is published: the blocks that pick it show it within seconds.`,
  unpublish: (title) => `“${title}” is unpublished: it has left every page.`,
  delete: (title) => `“${title}” is deleted.`,
};

const auditOf = { publish: "proof-published", unpublish: "proof-unpublished", delete: "proof-deleted" } as const;

/** Publish, unpublish or delete, checked against the item as it is now. */
export async function changeProofStatus(
  db: Database,
  kind: ProofKind,
  id: number,
  action: ProofAction,
  actor: AuditActor,
  ipAddress: string,
): Promise<ContentChange> {
  const { type, noun } = proofDeclarations[kind];
  return db.transaction(async (tx): Promise<ContentChange> => {
    const row = await lockProof(tx, kind, id);
    if (!row) return { ok: false, status: 404, message: `There is no such ${noun}.` };
    const move = proofTransition(row.status, action, noun);
    if (!move.ok) return { ok: false, status: 409, message: move.message };
    const table = tables[kind];
    if (move.to === "deleted") {
      await tx.delete(table).where(eq(table.id, id));
      await forgetRevisions(tx, type, id);
    } else await updateProof(tx, kind, id, { status: move.to });
    const title = proofTitle(kind, proofDataOf(kind, row));
    await audit(tx, { actor, action: auditOf[action], target: { type, id }, detail: { title }, ipAddress });
    return { ok: true, id, message: doneMessages[action](title) };
  });
}

export type ProofListRow = { id: number; title: string; status: ProofStatus; isDemo: boolean; changedAt: Date; scheduledAt: Date | null; cursor: string };

/** One page of a kind's items, most recently changed first, by name and status. */
export function listProof(db: Database, kind: ProofKind, filter: { search: string; status: ProofStatus | null }, cursor: ListCursor | null) {
  const table = tables[kind];
  const order: ListOrder = { time: table.changedAt, id: table.id };
  const where = and(filter.search ? ilike(table.name, likePattern(filter.search)) : undefined, filter.status ? eq(table.status, filter.status) : undefined);
  return readListPage<ProofListRow>(
    order,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({
          id: table.id,
          title: table.name,
          status: table.status,
          isDemo: table.isDemo,
          changedAt: table.changedAt,
          scheduledAt: scheduledAtColumn(proofDeclarations[kind].type, table.id),
          cursor: cursorOf(order),
        })
        .from(table)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    () => countUpTo(db, table, where),
  );
}

export type ProofChoice = { id: number; title: string; published: boolean };

/** The items a block's checkboxes offer: the published ones in order, then any other a block already picks. */
export async function proofChoices(db: Database, kind: ProofKind, picked: readonly number[]): Promise<ProofChoice[]> {
  const table = tables[kind];
  const rows = await db
    .select({ id: table.id, title: table.name, status: table.status })
    .from(table)
    .where(picked.length > 0 ? sql`${table.status} = 'published' or ${inArray(table.id, [...picked])}` : eq(table.status, "published"))
    .orderBy(sql`${table.status} <> 'published'`, asc(table.position), asc(table.id))
    .limit(MAX_PROOF_CHOICES);
  return rows.map((row) => ({ id: row.id, title: row.title, published: row.status === "published" }));
}

/** Every published item of a kind, in order: what the blocks pick from. */
export async function publishedProof(db: Database, kind: ProofKind): Promise<(ProofData & { id: number })[]> {
  const table = tables[kind];
  const rows = await db.select().from(table).where(eq(table.status, "published")).orderBy(asc(table.position), asc(table.id));
  return rows.map((row) => ({ id: row.id, ...proofDataOf(kind, row) }));
}
