import { and, asc, eq, gt, ilike, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { countUpTo, cursorOf, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { InsightInput } from "#app/features/staff/insights/insight-rules.ts";
import { effectiveInsightStatus, insightTransition, type InsightAction, type InsightStatus } from "#app/features/staff/insights/insight-status.ts";
import { changedFields, staleRevision } from "#app/features/staff/publishing/content-edit.server.ts";
import type { InsightRow } from "#app/features/insights/insights.server.ts";
import { sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { featuredInsights } from "#app/platform/db/schema.server.ts";

export type InsightListRow = {
  id: number;
  title: string;
  category: string | null;
  authorName: string | null;
  status: InsightStatus;
  publishedDate: Date | null;
  changedAt: Date;
  cursor: string;
};

const listOrder: ListOrder = { time: featuredInsights.changedAt, id: featuredInsights.id };

/** The SQL for a status as visitors' pages follow it (a published row dated ahead is scheduled). */
function statusIs(status: InsightStatus): SQL {
  const ahead = and(isNotNull(featuredInsights.publishedDate), gt(featuredInsights.publishedDate, sql`now()`));
  if (status === "draft") return ne(featuredInsights.status, "published");
  if (status === "scheduled") return and(eq(featuredInsights.status, "published"), ahead)!;
  return sql`${featuredInsights.status} = 'published' and not coalesce(${ahead}, false)`;
}

/** One page of every insight, most recently changed first, by title/category/author search and status; counted up to the cap (a status follows the clock). */
export function listInsightsForStaff(db: Database, filter: { search: string; status: InsightStatus | null }, cursor: ListCursor | null) {
  const pattern = likePattern(filter.search);
  const where = and(
    filter.search
      ? or(ilike(featuredInsights.title, pattern), ilike(featuredInsights.category, pattern), ilike(featuredInsights.authorName, pattern))
      : undefined,
    filter.status ? statusIs(filter.status) : undefined,
  );
  return readListPage<InsightListRow>(
    listOrder,
    cursor,
    async ({ keyset, orderBy, limit }) => {
      const rows = await db
        .select({
          id: featuredInsights.id,
          title: featuredInsights.title,
          category: featuredInsights.category,
          authorName: featuredInsights.authorName,
          status: featuredInsights.status,
          publishedDate: featuredInsights.publishedDate,
          changedAt: featuredInsights.changedAt,
          cursor: cursorOf(listOrder),
        })
        .from(featuredInsights)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit);
      return rows.map((row) => ({ ...row, title: row.title ?? "", status: effectiveInsightStatus(row) }));
    },
    () => countUpTo(db, featuredInsights, where),
  );
}

export type InsightForEdit = InsightRow & { effectiveStatus: InsightStatus };

export async function insightForEdit(db: Database, id: number): Promise<InsightForEdit | null> {
  const [row] = await db.select().from(featuredInsights).where(eq(featuredInsights.id, id));
  return row ? { ...row, effectiveStatus: effectiveInsightStatus(row) } : null;
}

/** Every category in use, for the form's suggestions. */
export async function insightCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: sql<string>`btrim(${featuredInsights.category})` })
    .from(featuredInsights)
    .where(sql`coalesce(btrim(${featuredInsights.category}), '') <> ''`)
    .orderBy(asc(sql`btrim(${featuredInsights.category})`));
  return rows.map((row) => row.name);
}

/** The stored form of the input: the article sanitised once, on write. */
function contentOf(input: InsightInput) {
  return {
    title: input.title,
    category: input.category,
    authorName: input.authorName,
    authorBio: input.authorBio,
    tags: input.tags,
    readTime: input.readTime,
    description: sanitizeRichText(input.description),
    ...(input.image === undefined ? {} : { image: input.image }),
  };
}

export type InsightChange = { ok: true; id: number; message: string } | { ok: false; status: number; message: string };

const NO_INSIGHT = "There is no such insight.";

/** A new draft: nobody outside the staff area sees it until it is published. */
export async function createInsight(db: Database, input: InsightInput, actor: AuditActor, ipAddress: string): Promise<InsightChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(featuredInsights)
      .values({ ...contentOf(input), status: "draft", publishedDate: null, updatedAt: sql`now()`, changedAt: sql`now()` })
      .returning({ id: featuredInsights.id });
    if (!row) throw new Error("The insight insert returned no row");
    await audit(tx, { actor, action: "insight-created", target: { type: "insight", id: row.id }, ipAddress });
    return { ok: true, id: row.id, message: `The draft "${input.title}" is saved. Preview it, then publish it when it is ready.` };
  });
}

/**
 * Saves an edit made on revision `shownRevision`; if someone saved in between,
 * nothing is written and the answer says so. The last-modified date moves only
 * when the content changed; a public insight's change reaches the site at once.
 */
export async function saveInsight(
  db: Database,
  id: number,
  shownRevision: number,
  input: InsightInput,
  actor: AuditActor,
  ipAddress: string,
): Promise<InsightChange> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(featuredInsights).where(eq(featuredInsights.id, id)).for("update");
    if (!before) return { ok: false, status: 404, message: NO_INSIGHT };
    if (before.revision !== shownRevision) return staleRevision("insight");
    const content = contentOf(input);
    const fields = changedFields(before, content);
    if (fields.length === 0) return { ok: true, id, message: "Nothing changed, so nothing was saved." };
    await tx
      .update(featuredInsights)
      .set({ ...content, revision: sql`${featuredInsights.revision} + 1`, updatedAt: sql`now()`, changedAt: sql`now()` })
      .where(eq(featuredInsights.id, id));
    const status = effectiveInsightStatus(before);
    await audit(tx, { actor, action: "insight-edited", target: { type: "insight", id }, detail: { fields: fields.join(", ") }, ipAddress });
    const message =
      status === "published"
        ? "Saved. The public page shows the change within seconds."
        : status === "scheduled"
          ? "Saved. The change appears with the insight at its scheduled time."
          : "The draft is saved.";
    return { ok: true, id, message };
  });
}

const doneMessages: Record<InsightAction, (title: string) => string> = {
  publish: (title) => `"${title}" is published: it is on the insights page, the home page and the RSS feed.`,
  schedule: (title) => `"${title}" is scheduled: it appears by itself at the time shown under its title.`,
  unpublish: (title) => `"${title}" is unpublished: it is a draft again, seen only in the staff area.`,
  delete: (title) => `"${title}" is deleted.`,
};

const auditActionOf = {
  publish: "insight-published",
  schedule: "insight-scheduled",
  unpublish: "insight-unpublished",
  delete: "insight-deleted",
} as const;

/**
 * Publish now, schedule, unpublish or delete, checked against the insight as
 * it is now (not as the page showed it). A status change does not move the
 * last-modified date.
 */
export async function changeInsightStatus(
  db: Database,
  id: number,
  action: InsightAction,
  options: { publishAt?: Date | null; actor: AuditActor; ipAddress: string },
): Promise<InsightChange> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(featuredInsights).where(eq(featuredInsights.id, id)).for("update");
    if (!before) return { ok: false, status: 404, message: NO_INSIGHT };
    const move = insightTransition(before, action, options.publishAt ?? null);
    if (!move.ok) return { ok: false, status: 409, message: move.message };
    const title = before.title ?? "Untitled";
    if (move.to === "deleted") {
      await tx.delete(featuredInsights).where(eq(featuredInsights.id, id));
    } else {
      await tx
        .update(featuredInsights)
        .set({ status: move.to, publishedDate: move.publishedDate, revision: sql`${featuredInsights.revision} + 1`, changedAt: sql`now()` })
        .where(eq(featuredInsights.id, id));
    }
    await audit(tx, {
      actor: options.actor,
      action: auditActionOf[action],
      target: { type: "insight", id },
      detail: { title, ...(action === "schedule" && move.to === "published" && move.publishedDate ? { at: move.publishedDate.toISOString() } : {}) },
      ipAddress: options.ipAddress,
    });
    return { ok: true, id, message: doneMessages[action](title) };
  });
}
