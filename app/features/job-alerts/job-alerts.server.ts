import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { formatJobType, formatWorkplace, WORKPLACES } from "#app/features/careers/job-format.ts";
import { facetKey, jobPath } from "#app/features/careers/jobs.server.ts";
import { CONFIRMATIONS_PER_ADDRESS, withinAddressCap } from "#app/features/forms/submission.server.ts";
import { jobAlertLink } from "#app/features/job-alerts/job-alert-links.server.ts";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import type { BusinessHours } from "#app/features/leads/business-time.ts";
import { effectiveJobStatus } from "#app/features/staff/jobs/job-status.ts";
import { instantOf, wallTimeOf } from "#app/features/zoned-time.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { jobAlertDays, jobAlertPublications, jobAlertSubscriptions, jobs } from "#app/platform/db/schema.server.ts";
import type { RateLimitRule } from "#app/platform/rate-limit.server.ts";
import type { PeriodicTask } from "#app/platform/services.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";

/*
 * Job alerts (decision 074). Publishing a job for the first time records it in
 * job_alert_publications, in the publishing transaction, whichever process or
 * path (by hand, by schedule) publishes it. Every process's sweep then claims
 * such records with SKIP LOCKED and files the job into each matching confirmed
 * subscriber's row of job_alert_days: the row of today (company zone) when the
 * subscriber has none yet, sent by this very sweep; otherwise the row of
 * tomorrow, sent that morning with every job gathered in it. A day's row is
 * sent once, under its row lock, so an address gets at most one alert a day.
 */

/** How often each process looks for new publications and due alerts: "at once" means within this. */
export const JOB_ALERTS_INTERVAL_MS = 10_000;

/**
 * Alerts one address may receive in 24 hours: the confirmations' cap. The day
 * rows allow one a day (two within 24 hours at most: a late one, then the next
 * morning's); the cap is the guard should anything else send more.
 */
export const JOB_ALERTS_PER_ADDRESS: RateLimitRule = CONFIRMATIONS_PER_ADDRESS;

const CLAIM_BATCH = 20;

export type AlertChoice = { departments: readonly string[]; workplaces: readonly string[] };

/** Whether a job falls under a subscriber's picks; no pick in a list means every value of it. */
export function alertMatches(choice: AlertChoice, job: { department: string | null; workplace: string | null }): boolean {
  const department = facetKey(job.department);
  const departmentOk = choice.departments.length === 0 || choice.departments.some((picked) => facetKey(picked) === department);
  const workplaceOk = choice.workplaces.length === 0 || (job.workplace !== null && choice.workplaces.includes(job.workplace));
  return departmentOk && workplaceOk;
}

/** The picks in words, for the emails: "Engineering or Design; remote" or "every new job". */
export function choiceText(choice: AlertChoice): string {
  const workplaces = choice.workplaces.map((value) => WORKPLACES[value as keyof typeof WORKPLACES] ?? value);
  const parts = [choice.departments.join(" or "), workplaces.join(" or ").toLowerCase()].filter(Boolean);
  return parts.length ? parts.join("; ") : "every new job";
}

/** The company's calendar date ("2026-11-26") at an instant. */
export function alertDayOf(instant: Date, timeZone: string): string {
  const { year, month, day } = wallTimeOf(instant.getTime(), timeZone);
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60_000).toISOString().slice(0, 10);
}

/** When a day's gathered alert goes: the start of business hours that day, in the company's zone. */
export function morningOf(day: string, hours: Pick<BusinessHours, "timeZone" | "start">): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(instantOf({ year, month, day: date, hour: Math.floor(hours.start / 60), minute: hours.start % 60 }, hours.timeZone));
}

/** In the publishing transaction of a job's first publication: the sweep tells its subscribers. */
export async function recordJobPublication(tx: Database, jobId: number): Promise<void> {
  await tx.insert(jobAlertPublications).values({ jobId }).onConflictDoNothing();
}

/**
 * Files a job into the subscriber's first day row that is not sent: today's
 * (new: goes at once; or gathered from yesterday, going this morning), else
 * tomorrow's, which goes tomorrow morning.
 */
async function fileJob(tx: Database, subscriptionId: number, jobId: number, now: Date, hours: BusinessHours): Promise<void> {
  const today = alertDayOf(now, hours.timeZone);
  const first = await tx
    .insert(jobAlertDays)
    .values({ subscriptionId, day: today, jobIds: [jobId], sendAt: now })
    .onConflictDoNothing()
    .returning({ day: jobAlertDays.day });
  if (first.length) return;
  for (let day = today, tries = 0; tries < 3; tries++) {
    const filed = await tx
      .update(jobAlertDays)
      .set({ jobIds: sql`array_append(${jobAlertDays.jobIds}, ${jobId}::bigint)` })
      .where(and(eq(jobAlertDays.subscriptionId, subscriptionId), eq(jobAlertDays.day, day), isNull(jobAlertDays.sentAt)))
      .returning({ day: jobAlertDays.day });
    if (filed.length) return;
    day = dayAfter(day);
    const gathered = await tx
      .insert(jobAlertDays)
      .values({ subscriptionId, day, jobIds: [jobId], sendAt: morningOf(day, hours) })
      .onConflictDoNothing()
      .returning({ day: jobAlertDays.day });
    if (gathered.length) return;
  }
}

/** Claims recorded publications and files each job for its matching confirmed subscribers. */
async function fileNewPublications(db: Database, now: Date, hours: BusinessHours): Promise<number> {
  let filed = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const published = await tx
        .select({
          jobId: jobAlertPublications.jobId,
          publishedAt: jobAlertPublications.publishedAt,
          department: jobs.department,
          workplace: jobs.workplace,
          status: jobs.status,
          closesAt: jobs.closesAt,
        })
        .from(jobAlertPublications)
        .innerJoin(jobs, eq(jobs.id, jobAlertPublications.jobId))
        .orderBy(asc(jobAlertPublications.publishedAt))
        .limit(CLAIM_BATCH)
        .for("update", { of: jobAlertPublications, skipLocked: true });
      if (published.length === 0) return 0;
      const subscribers = await tx
        .select({
          id: jobAlertSubscriptions.id,
          confirmedAt: jobAlertSubscriptions.confirmedAt,
          departments: jobAlertSubscriptions.departments,
          workplaces: jobAlertSubscriptions.workplaces,
        })
        .from(jobAlertSubscriptions)
        .where(isNotNull(jobAlertSubscriptions.confirmedAt));
      for (const job of published) {
        if (effectiveJobStatus(job, now) !== "open") continue;
        for (const subscriber of subscribers) {
          // A job published before the alert was confirmed is not new to its subscriber, whenever the sweep gets to it.
          if (subscriber.confirmedAt! <= job.publishedAt && alertMatches(subscriber, job)) await fileJob(tx, subscriber.id, job.jobId, now, hours);
        }
      }
      await tx.delete(jobAlertPublications).where(
        inArray(
          jobAlertPublications.jobId,
          published.map((job) => job.jobId),
        ),
      );
      return published.length;
    });
    filed += claimed;
    if (claimed < CLAIM_BATCH) return filed;
  }
}

type SweepServices = Parameters<PeriodicTask["run"]>[0];

/** Sends every day row that is due: one email with its jobs still open, unless the address had its share. */
async function sendDueAlerts({ db, outbox, env }: SweepServices, now: Date): Promise<number> {
  const secret = await siteSecret({ db, env });
  let sent = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ day: jobAlertDays, subscriber: jobAlertSubscriptions })
        .from(jobAlertDays)
        .innerJoin(jobAlertSubscriptions, eq(jobAlertSubscriptions.id, jobAlertDays.subscriptionId))
        .where(and(isNull(jobAlertDays.sentAt), lte(jobAlertDays.sendAt, now)))
        .limit(CLAIM_BATCH)
        .for("update", { of: jobAlertDays, skipLocked: true });
      for (const { day, subscriber } of due) {
        const open = (await tx.select().from(jobs).where(inArray(jobs.id, day.jobIds))).filter((job) => effectiveJobStatus(job, now) === "open");
        const ordered = day.jobIds.flatMap((id) => open.filter((job) => job.id === id));
        if (ordered.length > 0 && subscriber.confirmedAt && (await withinAddressCap(tx, "job-alert", subscriber.email, JOB_ALERTS_PER_ADDRESS))) {
          await outbox.enqueue(tx, {
            template: "job-alert",
            to: subscriber.email,
            kind: "job-alert",
            params: {
              jobs: ordered.map((job) => ({
                title: job.title,
                url: `${env.SITE_URL}${jobPath(job)}`,
                details: [job.department?.trim() || null, formatJobType(job.jobType), formatWorkplace(job.workplace), job.location?.trim() || null]
                  .filter(Boolean)
                  .join(", "),
              })),
              choice: choiceText(subscriber),
              unsubscribe_url: jobAlertLink(env.SITE_URL, secret, "unsubscribe", subscriber),
            },
          });
          sent++;
        }
        await tx
          .update(jobAlertDays)
          .set({ sentAt: now })
          .where(and(eq(jobAlertDays.subscriptionId, day.subscriptionId), eq(jobAlertDays.day, day.day)));
      }
      return due.length;
    });
    if (claimed < CLAIM_BATCH) return sent;
  }
}

/** One sweep: new publications filed, due alerts sent; answers how many emails it queued. */
export async function sweepJobAlerts(services: SweepServices, now: Date = new Date()): Promise<number> {
  const hours = await readBusinessHours(services.db);
  await fileNewPublications(services.db, now, hours);
  const sent = await sendDueAlerts(services, now);
  if (sent > 0) services.outbox.nudge();
  return sent;
}

export const sendJobAlerts: PeriodicTask = { name: "send job alerts", intervalMs: JOB_ALERTS_INTERVAL_MS, run: (services) => sweepJobAlerts(services) };
