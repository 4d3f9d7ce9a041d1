import { scheduledAtColumn } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { and, asc, eq, gt, ilike, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { countUpTo, cursorOf, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { InsightInput } from "#app/features/staff/insights/insight-rules.ts";
import { effectiveInsightStatus, insightTransition, type InsightAction, type InsightStatus } from "#app/features/staff/insights/insight-status.ts";
import {
  addressTakenMeanwhile,
  forgetRevisions,
  recordRevision,
  saveContent,
  type ContentChange,
  type VersionedContent,
} from "#app/features/staff/publishing/revisions.server.ts";
import type { InsightRow } from "#app/features/insights/insights.server.ts";
import { insightPath } from "#app/features/insights/insight.ts";
import { seoRevisionFields, type SeoData } from "#app/features/seo/seo-fields.ts";
import { noSeo, seoDataOf, slugTakenRefusal } from "#app/features/staff/publishing/seo-fields.server.ts";
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
  /** When a schedule publishes it (a draft or its changes); null when none does. */
  scheduledAt: Date | null;
  cursor: string;
};

const listOrder: ListOrder = { time: featuredInsights.changedAt, id: featuredInsights.id };

/** The SQL for a status as visitors' pages follow it (a published row dated ahead is scheduled). */
export function insightStatusIs(status: InsightStatus): SQL {
  const ahead = and(isNotNull(featuredInsights.publishedDate), gt(featuredInsights.publishedDate, sql`now()`));
  if (status === "draft") return eq(featuredInsights.status, "draft");
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
    filter.status ? insightStatusIs(filter.status) : undefined,
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
          scheduledAt: scheduledAtColumn("insight", featuredInsights.id),
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

/** An insight's content as a revision keeps it: the article sanitised once, on write. */
export type InsightData = Omit<InsightInput, "image" | "excerpt" | "seo"> & { image: string | null; excerpt: string | null } & SeoData;

/** What a save keeps from before when its input leaves it out: the banner, the excerpt and the search-engine fields. */
type KeptFields = Pick<InsightData, "image" | "excerpt"> & SeoData;

/** The input as saved: the banner, the excerpt and the search-engine fields as the input asks, or (absent) as they were. */
function insightData(input: InsightInput, kept: KeptFields): InsightData {
  const { seo, image, excerpt, ...insight } = input;
  return {
    ...insight,
    description: sanitizeRichText(input.description),
    image: image === undefined ? kept.image : image,
    excerpt: excerpt === undefined ? kept.excerpt : excerpt,
    ...seoDataOf(seo, kept),
  };
}

const slugColumns = { id: featuredInsights.id, slug: featuredInsights.slug };

const lockInsight = async (tx: Database, id: number) => (await tx.select().from(featuredInsights).where(eq(featuredInsights.id, id)).for("update"))[0] ?? null;

/** Insights on the content core: their fields, and how a version reaches the public pages. */
export const insightContent: VersionedContent<InsightRow, InsightData> = {
  type: "insight",
  noun: "insight",
  fields: [
    { key: "title", label: "Title", kind: "text" },
    { key: "category", label: "Category", kind: "text" },
    { key: "authorName", label: "Author", kind: "text" },
    { key: "authorBio", label: "Author's bio", kind: "text" },
    { key: "tags", label: "Tags", kind: "list" },
    { key: "readTime", label: "Read time (minutes)", kind: "text" },
    { key: "image", label: "Banner image", kind: "text" },
    { key: "excerpt", label: "Excerpt", kind: "text" },
    { key: "description", label: "Article", kind: "html" },
    ...seoRevisionFields,
  ],
  lock: lockInsight,
  dataOf: (row) => ({
    title: row.title ?? "",
    category: row.category,
    authorName: row.authorName,
    authorBio: row.authorBio,
    tags: row.tags,
    readTime: row.readTime,
    description: row.description ?? "",
    image: row.image,
    excerpt: row.excerpt,
    slug: row.slug,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    socialImage: row.socialImage,
    noindex: row.noindex,
  }),
  isPublic: (row) => effectiveInsightStatus(row) === "published",
  publicPath: (id, data) => insightPath({ id, slug: data.slug }),
  check: (tx, id, data) => slugTakenRefusal(tx, slugColumns, data.slug, id, "insight"),
  writeLive: async (tx, id, data) => {
    await tx
      .update(featuredInsights)
      .set({ ...data, revision: sql`${featuredInsights.revision} + 1`, updatedAt: sql`now()`, changedAt: sql`now()` })
      .where(eq(featuredInsights.id, id));
  },
  touch: async (tx, id) => {
    await tx
      .update(featuredInsights)
      .set({ revision: sql`${featuredInsights.revision} + 1`, changedAt: sql`now()` })
      .where(eq(featuredInsights.id, id));
  },
  edited: "insight-edited",
  savedMessage: (row) => {
    const status = effectiveInsightStatus(row);
    if (status === "published") return "Saved. The public page shows the change within seconds.";
    return status === "scheduled" ? "Saved. The change appears with the insight at its scheduled time." : "The draft is saved.";
  },
};

export type InsightChange = ContentChange;

/** A new draft: nobody outside the staff area sees it until it is published. Its content is revision 1. */
export async function createInsight(db: Database, input: InsightInput, actor: AuditActor, ipAddress: string): Promise<InsightChange> {
  return db
    .transaction(async (tx): Promise<InsightChange> => {
      const data = insightData(input, { image: null, excerpt: null, ...noSeo });
      const taken = await slugTakenRefusal(tx, slugColumns, data.slug, null, "insight");
      if (taken) return taken;
      const [row] = await tx
        .insert(featuredInsights)
        .values({ ...data, status: "draft", publishedDate: null, updatedAt: sql`now()`, changedAt: sql`now()` })
        .returning({ id: featuredInsights.id });
      if (!row) throw new Error("The insight insert returned no row");
      await recordRevision(tx, { type: "insight", itemId: row.id, data, origin: "first", actor });
      await audit(tx, { actor, action: "insight-created", target: { type: "insight", id: row.id }, ipAddress });
      return { ok: true, id: row.id, message: `The draft "${input.title}" is saved. Preview it, then publish it when it is ready.` };
    })
    .catch(addressTakenMeanwhile("insight"));
}

/** Saves an edit made on revision `shownRevision` (see saveContent); the last-modified date moves only when the public content changes. */
export function saveInsight(
  db: Database,
  id: number,
  shownRevision: number,
  input: InsightInput,
  actor: AuditActor,
  ipAddress: string,
  publish = true,
): Promise<InsightChange> {
  return saveContent(db, insightContent, { id, shownRevision, data: (working) => insightData(input, working), publish, actor, ipAddress });
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
    if (!before) return { ok: false, status: 404, message: "There is no such insight." };
    const move = insightTransition(before, action, options.publishAt ?? null);
    if (!move.ok) return { ok: false, status: 409, message: move.message };
    const title = before.title ?? "Untitled";
    if (move.to === "deleted") {
      await tx.delete(featuredInsights).where(eq(featuredInsights.id, id));
      await forgetRevisions(tx, "insight", id);
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
    // A schedule for a time already past published it now, and says so.
    const publishedNow = action === "schedule" && move.to === "published" && move.publishedDate !== null && move.publishedDate.getTime() <= Date.now();
    return { ok: true, id, message: publishedNow ? `That time has passed, so ${doneMessages.publish(title)}` : doneMessages[action](title) };
  });
}
