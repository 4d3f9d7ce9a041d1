import { asc, count, sql } from "drizzle-orm";
import { insightStatusIs } from "#app/features/staff/insights/insights-admin.server.ts";
import { jobStatusIs } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { RESPONSE_PROMISE_MINUTES } from "#app/content/site.ts";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { businessMinutesBetween } from "#app/features/leads/business-time.ts";
import { leadClock, type LeadClock } from "#app/features/leads/lead-clock.ts";
import { owedNoResponse } from "#app/features/leads/lead-clock.server.ts";
import { countedRows } from "#app/features/staff/list-page.server.ts";
import { canOpen, type RoleHolder } from "#app/features/staff/roles.ts";
import { consultations, featuredInsights, jobs } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type AttentionItem = { label: string; count: number; href: string; action: string };

/**
 * The staff home's counts, as far as the role may see them: new leads, new
 * applications, drafts not yet published, insights waiting for their time,
 * failed messages. New leads, new applications and failed messages are the
 * counts their lists show (list_counts, kept by triggers): a large table is
 * never counted here. Jobs and insights are few, and whether one is scheduled
 * follows the clock, so they are counted as they stand, by the same status
 * conditions as their lists' filters.
 */
export async function attentionFor({ db }: Pick<Services, "db">, holder: RoleHolder): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  if (canOpen(holder, "consultations")) {
    const n = await countedRows(db, "consultations", { statuses: ["new"] });
    items.push({ label: "New consultation requests", count: n, href: "/staff/consultations?status=new", action: "Open new requests" });
  }
  if (canOpen(holder, "applications")) {
    const n = await countedRows(db, "job_applications", { statuses: ["new"] });
    items.push({ label: "New job applications", count: n, href: "/staff/applications?status=new", action: "Open new applications" });
  }
  if (canOpen(holder, "jobs")) {
    const [row] = await db.select({ n: count() }).from(jobs).where(jobStatusIs("draft"));
    items.push({ label: "Job drafts not yet published", count: row?.n ?? 0, href: "/staff/jobs?status=draft", action: "Open job drafts" });
  }
  if (canOpen(holder, "insights")) {
    const [drafts, scheduled] = await Promise.all([
      db.select({ n: count() }).from(featuredInsights).where(insightStatusIs("draft")),
      db.select({ n: count() }).from(featuredInsights).where(insightStatusIs("scheduled")),
    ]);
    items.push({ label: "Insight drafts not yet published", count: drafts[0]?.n ?? 0, href: "/staff/insights?status=draft", action: "Open insight drafts" });
    items.push({
      label: "Insights scheduled to appear",
      count: scheduled[0]?.n ?? 0,
      href: "/staff/insights?status=scheduled",
      action: "Open scheduled insights",
    });
  }
  if (canOpen(holder, "outbox")) {
    const n = await countedRows(db, "outbox", { statuses: ["failed"] });
    items.push({ label: "Emails that could not be sent", count: n, href: "/staff/outbox?status=failed", action: "Open the outbox" });
  }
  return items;
}

/** How many leads the staff home names at most; the list's "Most urgent" order has the rest. */
export const URGENT_LEADS_SHOWN = 10;

/** `escalated`: the overdue alert went to the owner and the team's lead (or the admins). */
export type UrgentLead = { id: number; fullName: string; clock: LeadClock; escalated: boolean };

/**
 * The waiting leads that are overdue or due within the promise's span of
 * business time, most urgent first, for an account whose roles work on leads; null for
 * any other. Read in the list's urgent order, so the index stops after a few rows.
 */
export async function urgentLeadsFor({ db }: Pick<Services, "db">, holder: RoleHolder, now = new Date()): Promise<UrgentLead[] | null> {
  if (!canOpen(holder, "consultations")) return null;
  const [rows, hours] = await Promise.all([
    db
      .select({
        id: consultations.id,
        fullName: consultations.fullName,
        submittedAt: consultations.submittedAt,
        dueAt: consultations.dueAt,
        firstResponseAt: consultations.firstResponseAt,
        overdueAlertedAt: consultations.overdueAlertedAt,
        status: consultations.status,
      })
      .from(consultations)
      .where(sql`not ${owedNoResponse}`)
      .orderBy(owedNoResponse, asc(consultations.dueAt), asc(consultations.id))
      .limit(URGENT_LEADS_SHOWN),
    readBusinessHours(db),
  ]);
  return rows
    .filter((row) => row.dueAt <= now || businessMinutesBetween(now, row.dueAt, hours) <= RESPONSE_PROMISE_MINUTES)
    .map((row) => ({ id: row.id, fullName: row.fullName, clock: leadClock(row, now, hours), escalated: row.overdueAlertedAt !== null }));
}
