import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { keepOldAddress } from "#app/features/redirects/redirects.server.ts";
import { audit, type AuditAction, type AuditActor } from "#app/features/staff/audit.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { constraintOf, isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { contentRevisions, contentSchedules, staffUsers, type ContentType } from "#app/platform/db/schema.server.ts";

/*
 * The content core's versions (decision 059). Every save of a content item
 * keeps its fields as a numbered revision with who and when. The newest
 * revision is the working copy the edit form shows; what visitors see is the
 * item's own row. While the item is not public the two are the same. Once it
 * is, a save either publishes at once (as a save always did) or is kept as a
 * draft of changes, and a restore is always such a draft: it never publishes
 * by itself.
 */

/** An item's fields as a revision keeps them: JSON values only (a time as its ISO text). */
export type ContentData = Record<string, unknown>;

/** How the history and the comparison show a field: plain text, rich HTML, a list, a moment, yes/no, a page's blocks, a stored picture, or values named by their keys. */
export type FieldKind = "text" | "html" | "list" | "time" | "flag" | "blocks" | "image" | "values";

/**
 * One kind of content as the core versions it: its fields, and how its row
 * is read, locked and written. The type's own module declares it once.
 */
export type VersionedContent<Row extends { revision: number }, Data extends ContentData> = {
  type: ContentType;
  /** The noun in sentences: "job", "insight". */
  noun: string;
  /** The fields a revision holds, in the order the comparison lists them. */
  fields: readonly { key: keyof Data & string; label: string; kind: FieldKind }[];
  /** The item, locked for the rest of the transaction; null when there is none. */
  lock: (tx: Database, id: number) => Promise<Row | null>;
  /** The fields of the row as visitors see them now. */
  dataOf: (row: Row) => Data;
  /** Whether visitors can reach the item (its changes then wait for "publish" unless saved to publish). */
  isPublic: (row: Row) => boolean;
  /**
   * Publishes a draft as the kind's own Publish button does (its status
   * move and audit entry), for a first publication at a time. Left out by a
   * kind whose drafts keep a schedule of their own (an insight's date ahead).
   */
  publishDraft?: (tx: Database, id: number, actor: AuditActor, ipAddress: string) => Promise<ContentChange>;
  /** Writes `data` as what visitors see, moves its content date, and counts a revision of the row; `actor` for a row that names who changed it. */
  writeLive: (tx: Database, id: number, data: Data, actor: AuditActor) => Promise<void>;
  /**
   * The item's public address with these fields, for a type whose address an
   * editor can change: when publishing moves a public item's address, the old
   * one redirects to the new (decision 060).
   */
  publicPath?: (id: number, data: Data) => string;
  /** Counts a revision of the row (for the stale-save check) without changing what visitors see. */
  touch: (tx: Database, id: number) => Promise<void>;
  /** The audit action of a save. */
  edited: AuditAction;
  /** A rule the saved fields must keep that depends on other rows (an address taken, places given); null when kept. */
  check?: (tx: Database, id: number, data: Data) => Promise<Refusal | null>;
  /** What a save that reached visitors (or a not-public item) says, by the row before it. */
  savedMessage: (row: Row) => string;
};

/** A change refused, with the sentence beside each field it concerns. */
export type Refusal = { ok: false; status: number; message: string; fields?: Record<string, string> };
/** A change made; `revision` is the item's stale-save counter after a save, for a form that stays open. */
export type ContentChange = { ok: true; id: number; message: string; revision?: number } | Refusal;

/** The refusal of a save made on a revision someone else has since replaced. */
export function staleRevision(what: string): Refusal {
  return {
    ok: false,
    status: 409,
    message: `Someone else saved this ${what} after you opened it. Your changes are not saved: copy what you need, reload the page to see their version, then make your changes again.`,
  };
}

/** JSON with every object's keys in order: jsonb keeps them in an order of its own, so a value read back compares equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1))) : item,
  );
}

/** The keys of `after` whose value differs from `before` (dates by their moment, arrays and objects by their contents, in any key order). */
export function changedFields(before: object, after: object): string[] {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const same = (a: unknown, b: unknown): boolean => {
    if (a instanceof Date || b instanceof Date) return (a as Date | null)?.getTime() === (b as Date | null)?.getTime();
    if (Array.isArray(a) || Array.isArray(b)) return canonicalJson(a ?? []) === canonicalJson(b ?? []);
    if ((a && typeof a === "object") || (b && typeof b === "object")) return canonicalJson(a ?? null) === canonicalJson(b ?? null);
    return (a ?? null) === (b ?? null);
  };
  return Object.keys(now).filter((key) => !same(old[key], now[key]));
}

type Revision = { number: number; data: ContentData };

async function newestRevision(db: Database, type: ContentType, itemId: number): Promise<Revision | null> {
  const [row] = await db
    .select({ number: contentRevisions.number, data: contentRevisions.data })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.contentType, type), eq(contentRevisions.itemId, itemId)))
    .orderBy(desc(contentRevisions.number))
    .limit(1);
  return row ?? null;
}

/** Keeps `data` as the item's next revision and answers its number. Call inside the transaction that holds the item's lock. */
export async function recordRevision(
  tx: Database,
  entry: { type: ContentType; itemId: number; data: ContentData; origin: "first" | "saved" | "restored"; restoredFrom?: number; actor: AuditActor },
): Promise<number> {
  const [row] = await tx
    .insert(contentRevisions)
    .values({
      contentType: entry.type,
      itemId: entry.itemId,
      number: sql`coalesce((select max(${contentRevisions.number}) from ${contentRevisions} where ${contentRevisions.contentType} = ${entry.type} and ${contentRevisions.itemId} = ${entry.itemId}), 0) + 1`,
      data: entry.data,
      origin: entry.origin,
      restoredFrom: entry.restoredFrom ?? null,
      savedBy: entry.actor.id,
    })
    .returning({ number: contentRevisions.number });
  if (!row) throw new Error("The revision insert returned no row");
  return row.number;
}

/** The working copy: the newest revision, or (for an item from before versions were kept) the row itself, kept now as revision 1. */
async function workingRevision<Row extends { revision: number }, Data extends ContentData>(
  tx: Database,
  content: VersionedContent<Row, Data>,
  id: number,
  row: Row,
  actor: AuditActor,
): Promise<Revision> {
  const newest = await newestRevision(tx, content.type, id);
  if (newest) return newest;
  const data = content.dataOf(row);
  return { number: await recordRevision(tx, { type: content.type, itemId: id, data, origin: "first", actor }), data };
}

/** What the edit page shows: the working copy's fields, and whether they differ from what visitors see. */
export async function workingCopy<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  id: number,
  row: Row,
): Promise<{ data: Data; pendingFields: string[] }> {
  const live = content.dataOf(row);
  const newest = await newestRevision(db, content.type, id);
  if (!newest) return { data: live, pendingFields: [] };
  const data = { ...live, ...newest.data } as Data;
  return { data, pendingFields: content.isPublic(row) ? changedFields(live, data) : [] };
}

/**
 * Writes `data` as what visitors see. When the item was public and the new
 * fields move its address, its old address leads to the new one from the
 * same transaction; a draft's address is nobody's yet, so it leaves none.
 */
async function publishData<Row extends { revision: number }, Data extends ContentData>(
  tx: Database,
  content: VersionedContent<Row, Data>,
  change: { id: number; row: Row; live: Data; data: Data; actor: AuditActor; ipAddress: string },
): Promise<void> {
  const { id, row, live, data } = change;
  await content.writeLive(tx, id, data, change.actor);
  if (!content.publicPath || !content.isPublic(row)) return;
  const from = content.publicPath(id, live);
  const to = content.publicPath(id, data);
  if (from !== to) await keepOldAddress(tx, { from, to, actor: change.actor, ipAddress: change.ipAddress });
}

/**
 * A failed write's answer when the database refused the row's address as
 * taken: another item took it between the type's check and the write (each
 * holds only its own item's lock). Any other error is thrown on.
 */
export const addressTakenMeanwhile =
  (noun: string) =>
  (error: unknown): Refusal => {
    if (!isUniqueViolation(error) || !constraintOf(error)?.endsWith("slug_unique")) throw error;
    const message = `Another ${noun} took this address a moment ago; choose another.`;
    return { ok: false, status: 409, message, fields: { slug: message } };
  };

/** Runs `change` in a transaction that holds the item's lock; a missing item is a 404 answer. */
export function withLockedItem<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  id: number,
  change: (tx: Database, row: Row) => Promise<ContentChange>,
): Promise<ContentChange> {
  return db
    .transaction(async (tx): Promise<ContentChange> => {
      const row = await content.lock(tx, id);
      return row ? change(tx, row) : { ok: false, status: 404, message: `There is no such ${content.noun}.` };
    })
    .catch(addressTakenMeanwhile(content.noun));
}

/**
 * Saves an edit made on row revision `shownRevision` as the item's next
 * revision. A public item's visitors see it only when `publish` is set; an
 * item visitors cannot reach takes it at once. If someone saved in between,
 * nothing is written and the answer says so.
 */
export async function saveContent<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  change: {
    id: number;
    shownRevision: number;
    /** The saved fields, from the working copy where the form leaves one as it was (an image kept). */
    data: (working: Data) => Data;
    publish: boolean;
    actor: AuditActor;
    ipAddress: string;
  },
): Promise<ContentChange> {
  const { id, actor } = change;
  return withLockedItem(db, content, id, async (tx, row) => {
    if (row.revision !== change.shownRevision) return staleRevision(content.noun);
    const live = content.dataOf(row);
    const working = { ...live, ...(await workingRevision(tx, content, id, row, actor)).data } as Data;
    const data = change.data(working);
    const refused = await content.check?.(tx, id, data);
    if (refused) return refused;
    const publish = change.publish || !content.isPublic(row);
    const fields = changedFields(working, data);
    // Publishing the working copy as it stands is a change when visitors still see an older one.
    if (fields.length === 0 && !(publish && changedFields(live, data).length > 0)) {
      return { ok: true, id, message: "Nothing changed, so nothing was saved.", revision: row.revision };
    }
    if (fields.length > 0) await recordRevision(tx, { type: content.type, itemId: id, data, origin: "saved", actor });
    if (publish) await publishData(tx, content, { id, row, live, data, actor, ipAddress: change.ipAddress });
    else await content.touch(tx, id);
    await audit(tx, {
      actor,
      action: content.edited,
      target: { type: content.type, id },
      detail: { fields: (publish ? changedFields(live, data) : fields).join(", "), ...(publish ? {} : { published: "no" }) },
      ipAddress: change.ipAddress,
    });
    const message = publish
      ? content.savedMessage(row)
      : `Your changes are saved as a draft. Visitors still see the published ${content.noun} until you publish the changes.`;
    // writeLive and touch each count one revision of the row.
    return { ok: true, id, message, revision: row.revision + 1 };
  });
}

const publishingAudit = { publish: "changes-published", discard: "changes-discarded" } as const satisfies Record<string, AuditAction>;

/**
 * Publishes the working copy of a public item ("publish"), or drops it by
 * keeping what visitors see as the newest revision ("discard"). Either way the
 * history keeps every revision.
 */
export async function settleChanges<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  change: { id: number; action: "publish" | "discard"; actor: AuditActor; ipAddress: string },
): Promise<ContentChange> {
  const { id, actor } = change;
  return withLockedItem(db, content, id, async (tx, row) => {
    const live = content.dataOf(row);
    const working = await workingRevision(tx, content, id, row, actor);
    const data = { ...live, ...working.data } as Data;
    if (!content.isPublic(row) || changedFields(live, data).length === 0) {
      return { ok: false, status: 409, message: `Visitors already see this ${content.noun} as it is saved: there are no changes waiting.` };
    }
    if (change.action === "publish") {
      const refused = await content.check?.(tx, id, data);
      if (refused) return refused;
      await publishData(tx, content, { id, row, live, data, actor, ipAddress: change.ipAddress });
    } else {
      await recordRevision(tx, { type: content.type, itemId: id, data: live, origin: "restored", actor });
      await content.touch(tx, id);
    }
    // Published or discarded by hand: a schedule for these changes has nothing left to do.
    await tx.delete(contentSchedules).where(and(eq(contentSchedules.contentType, content.type), eq(contentSchedules.itemId, id)));
    await audit(tx, { actor, action: publishingAudit[change.action], target: { type: content.type, id }, ipAddress: change.ipAddress });
    return {
      ok: true,
      id,
      message:
        change.action === "publish"
          ? "The changes are published: the public page shows them within seconds."
          : "The changes are discarded: the form shows the published version again. They stay in the history.",
    };
  });
}

/**
 * Makes revision `number` the working copy again, as a new revision. It never
 * publishes: a public item keeps what visitors see until the changes are
 * published. `missing` names the fields whose files are gone; they are left
 * empty and the answer says so.
 */
export async function restoreRevision<Row extends { revision: number }, Data extends ContentData>(
  db: Database,
  content: VersionedContent<Row, Data>,
  change: { id: number; number: number; actor: AuditActor; ipAddress: string; withoutMissingFiles: (data: Data) => Promise<{ data: Data; missing: string[] }> },
): Promise<ContentChange> {
  const { id, actor } = change;
  return withLockedItem(db, content, id, async (tx, row) => {
    const [old] = await tx
      .select({ data: contentRevisions.data })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.contentType, content.type), eq(contentRevisions.itemId, id), eq(contentRevisions.number, change.number)));
    if (!old) return { ok: false, status: 404, message: `This ${content.noun} has no revision ${change.number}.` };
    const { data, missing } = await change.withoutMissingFiles({ ...content.dataOf(row), ...old.data } as Data);
    const reachesVisitors = !content.isPublic(row);
    const refused = reachesVisitors ? await content.check?.(tx, id, data) : null;
    if (refused) return refused;
    const number = await recordRevision(tx, { type: content.type, itemId: id, data, origin: "restored", restoredFrom: change.number, actor });
    if (reachesVisitors) await content.writeLive(tx, id, data, actor);
    else await content.touch(tx, id);
    await audit(tx, {
      actor,
      action: "revision-restored",
      target: { type: content.type, id },
      detail: { revision: change.number, as: number },
      ipAddress: change.ipAddress,
    });
    const gone = missing.length
      ? ` ${missing.join(" and ")} of that revision ${missing.length === 1 ? "was deleted since, so it is" : "were deleted since, so they are"} left empty.`
      : "";
    const next = reachesVisitors ? "It is the draft now." : `It is a draft: visitors still see the published ${content.noun} until you publish the changes.`;
    return { ok: true, id, message: `Revision ${change.number} is restored as revision ${number}. ${next}${gone}` };
  });
}

export type RevisionEntry = {
  number: number;
  origin: "first" | "saved" | "restored";
  restoredFrom: number | null;
  savedAt: Date;
  savedByName: string | null;
};

/** The most revisions the history page lists, newest first. */
export const HISTORY_LIMIT = 200;

/** An item's revisions, newest first, with who saved each. */
export async function revisionsOf(db: Database, type: ContentType, itemId: number): Promise<RevisionEntry[]> {
  return db
    .select({
      number: contentRevisions.number,
      origin: contentRevisions.origin,
      restoredFrom: contentRevisions.restoredFrom,
      savedAt: contentRevisions.savedAt,
      savedByName: sql<string | null>`coalesce(nullif(${staffUsers.name}, ''), ${staffUsers.email})`,
    })
    .from(contentRevisions)
    .leftJoin(staffUsers, eq(staffUsers.id, contentRevisions.savedBy))
    .where(and(eq(contentRevisions.contentType, type), eq(contentRevisions.itemId, itemId)))
    .orderBy(desc(contentRevisions.number))
    .limit(HISTORY_LIMIT);
}

/** The fields of the revisions numbered `numbers`, by number. */
export async function revisionData(db: Database, type: ContentType, itemId: number, numbers: number[]): Promise<Map<number, ContentData>> {
  const rows = await db
    .select({ number: contentRevisions.number, data: contentRevisions.data })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.contentType, type), eq(contentRevisions.itemId, itemId), inArray(contentRevisions.number, numbers)));
  return new Map(rows.map((row) => [row.number, row.data]));
}

/** A deleted item takes its history with it. */
export async function forgetRevisions(tx: Database, type: ContentType, itemId: number): Promise<void> {
  await tx.delete(contentRevisions).where(and(eq(contentRevisions.contentType, type), eq(contentRevisions.itemId, itemId)));
}

/**
 * Another item's address moved (a case study's slug) and items of `type` name it in `field`:
 * their working copies take the new value as a revision of their own, by the editor who moved
 * it, so neither the edit form nor a later publish brings the old address back.
 */
export async function followRenamedReference(
  tx: Database,
  change: { type: ContentType; field: string; from: string; to: string; actor: AuditActor },
): Promise<void> {
  const newest = await tx
    .selectDistinctOn([contentRevisions.itemId], { itemId: contentRevisions.itemId, data: contentRevisions.data })
    .from(contentRevisions)
    .where(eq(contentRevisions.contentType, change.type))
    .orderBy(contentRevisions.itemId, desc(contentRevisions.number));
  for (const { itemId, data } of newest.filter((revision) => revision.data[change.field] === change.from)) {
    await recordRevision(tx, { type: change.type, itemId, data: { ...data, [change.field]: change.to }, origin: "saved", actor: change.actor });
  }
}
