import { and, count, eq, gt, sql } from "drizzle-orm";
import { countedRows } from "#app/features/staff/list-page.server.ts";
import { canOpen, type StaffRole } from "#app/features/staff/roles.ts";
import { featuredInsights, jobs } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type AttentionItem = { label: string; count: number; href: string; action: string };

/**
 * The staff home's counts, as far as the role may see them: new leads, new
 * applications, drafts not yet published, insights waiting for their time,
 * failed messages. New leads, new applications and failed messages are the
 * counts their lists show (list_counts, kept by triggers): a large table is
 * never counted here. Jobs and insights are few, and whether one is scheduled
 * follows the clock, so they are counted as they stand.
 */
export async function attentionFor({ db }: Pick<Services, "db">, role: StaffRole): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  if (canOpen(role, "consultations")) {
    const n = await countedRows(db, "consultations", { statuses: ["new"] });
    items.push({ label: "New consultation requests", count: n, href: "/staff/consultations?status=new", action: "Open new requests" });
  }
  if (canOpen(role, "applications")) {
    const n = await countedRows(db, "job_applications", { statuses: ["new"] });
    items.push({ label: "New job applications", count: n, href: "/staff/applications?status=new", action: "Open new applications" });
  }
  if (canOpen(role, "jobs")) {
    const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, "draft"));
    items.push({ label: "Job drafts not yet published", count: row?.n ?? 0, href: "/staff/jobs?status=draft", action: "Open job drafts" });
  }
  if (canOpen(role, "insights")) {
    const [drafts, scheduled] = await Promise.all([
      db.select({ n: count() }).from(featuredInsights).where(eq(featuredInsights.status, "draft")),
      db
        .select({ n: count() })
        .from(featuredInsights)
        .where(and(eq(featuredInsights.status, "published"), gt(featuredInsights.publishedDate, sql`now()`))),
    ]);
    items.push({ label: "Insight drafts not yet published", count: drafts[0]?.n ?? 0, href: "/staff/insights?status=draft", action: "Open insight drafts" });
    items.push({
      label: "Insights scheduled to appear",
      count: scheduled[0]?.n ?? 0,
      href: "/staff/insights?status=scheduled",
      action: "Open scheduled insights",
    });
  }
  if (canOpen(role, "outbox")) {
    const n = await countedRows(db, "outbox", { statuses: ["failed"] });
    items.push({ label: "Emails that could not be sent", count: n, href: "/staff/outbox?status=failed", action: "Open the outbox" });
  }
  return items;
}
