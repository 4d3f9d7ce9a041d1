import { and, count, eq, gt, sql } from "drizzle-orm";
import { canOpen, type StaffRole } from "#app/features/staff/roles.ts";
import { consultations, featuredInsights, jobApplications, jobs, outbox } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type AttentionItem = { label: string; count: number; href: string; action: string };

/**
 * The staff home's counts, as far as the role may see them: new leads, new
 * applications, drafts not yet published, insights waiting for their time,
 * failed messages.
 */
export async function attentionFor({ db }: Pick<Services, "db">, role: StaffRole): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  if (canOpen(role, "consultations")) {
    const [row] = await db.select({ n: count() }).from(consultations).where(eq(consultations.status, "new"));
    items.push({ label: "New consultation requests", count: row?.n ?? 0, href: "/staff/consultations?status=new", action: "Open new requests" });
  }
  if (canOpen(role, "applications")) {
    const [row] = await db.select({ n: count() }).from(jobApplications).where(eq(jobApplications.status, "new"));
    items.push({ label: "New job applications", count: row?.n ?? 0, href: "/staff/applications?status=new", action: "Open new applications" });
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
    const [row] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "failed"));
    items.push({ label: "Emails that could not be sent", count: row?.n ?? 0, href: "/staff/outbox?status=failed", action: "Open the outbox" });
  }
  return items;
}
