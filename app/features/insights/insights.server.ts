import { and, asc, count, desc, eq, gt, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import { featuredInsights, parseRecordId } from "#app/platform/db/schema.server.ts";
import { DEFAULT_CATEGORY } from "#app/features/insights/insight.ts";

export type InsightRow = typeof featuredInsights.$inferSelect;

/**
 * Published means status 'published' (the column's default) and no future
 * publishing date. A row the old site wrote with only the spec's columns has
 * both, so it shows; a missing date is "published", not "scheduled".
 */
const isPublished = (): SQL =>
  and(eq(featuredInsights.status, "published"), or(isNull(featuredInsights.publishedDate), lte(featuredInsights.publishedDate, sql`now()`)))!;

/**
 * The category a visitor sees: an empty or missing one is "General", so
 * filtering by "General" must find those rows too. The default is a literal,
 * not a parameter: PostgreSQL only matches a GROUP BY expression to the
 * selected one when they are the same text, and each parameter is a new $n.
 */
const defaultCategory = sql.raw(`'${DEFAULT_CATEGORY.replaceAll("'", "''")}'`);
const shownCategory = sql<string>`coalesce(nullif(btrim(${featuredInsights.category}), ''), ${defaultCategory})`;

/** Newest first; a row without a date counts from when it was written. */
const newestFirst = [desc(sql`coalesce(${featuredInsights.publishedDate}, ${featuredInsights.createdAt})`), desc(featuredInsights.id)];

/** One published insight by its number or (from an address) its slug, or null when there is none (or it is not published). */
export async function getInsight(db: Database, address: number | string): Promise<InsightRow | null> {
  const id = typeof address === "number" ? address : parseRecordId(address);
  const rows = await db
    .select()
    .from(featuredInsights)
    .where(and(id === null ? eq(featuredInsights.slug, String(address).toLowerCase()) : eq(featuredInsights.id, id), isPublished()))
    .limit(1);
  return rows[0] ?? null;
}

export type CategoryCount = { name: string; count: number };

export type InsightPage = {
  items: InsightRow[];
  /** Published insights matching the filter. */
  total: number;
  /** Every category with published insights, and how many; alphabetical. */
  categories: CategoryCount[];
  /** Published insights in all categories. */
  all: number;
};

export async function listInsights(
  db: Database,
  { category, page, pageSize }: { category?: string | null; page: number; pageSize: number },
): Promise<InsightPage> {
  const filter = category ? and(isPublished(), eq(shownCategory, category))! : isPublished();
  const [items, totals, categories] = await Promise.all([
    db
      .select()
      .from(featuredInsights)
      .where(filter)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(featuredInsights).where(filter),
    db.select({ name: shownCategory, count: count() }).from(featuredInsights).where(isPublished()).groupBy(shownCategory).orderBy(asc(shownCategory)),
  ]);
  const counted = categories.map((row) => ({ name: row.name, count: Number(row.count) }));
  return {
    items,
    total: Number(totals[0]?.total ?? 0),
    categories: counted,
    all: counted.reduce((sum, row) => sum + row.count, 0),
  };
}

/** The `limit` newest published insights (home page, RSS). */
export async function latestInsights(db: Database, limit: number): Promise<InsightRow[]> {
  return db
    .select()
    .from(featuredInsights)
    .where(isPublished())
    .orderBy(...newestFirst)
    .limit(limit);
}

/** Every published insight search engines may list: its address and last change, for the sitemap. */
export async function publishedInsightDates(db: Database): Promise<{ id: number; slug: string | null; lastModified: Date }[]> {
  return db
    .select({ id: featuredInsights.id, slug: featuredInsights.slug, lastModified: featuredInsights.updatedAt })
    .from(featuredInsights)
    .where(and(isPublished(), eq(featuredInsights.noindex, false)))
    .orderBy(asc(featuredInsights.id));
}

/** The next moment a scheduled insight appears by itself, for the content watch. */
export async function nextScheduledInsight(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${featuredInsights.publishedDate})`.mapWith(featuredInsights.publishedDate) })
    .from(featuredInsights)
    .where(and(eq(featuredInsights.status, "published"), gt(featuredInsights.publishedDate, sql`now()`)));
  return row?.at ?? null;
}
