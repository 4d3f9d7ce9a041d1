import { and, asc, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { site } from "#app/content/site.ts";
import { MAX_CAMPAIGN_PREHEADER_LENGTH } from "#app/features/campaigns/campaign-rules.ts";
import { countRecipients, startSending } from "#app/features/campaigns/campaigns.server.ts";
import { DEFAULT_DIGEST_SCHEDULE, digestDueTimes, type DigestSchedule } from "#app/features/campaigns/digest-schedule.ts";
import { srcSetOf } from "#app/features/images/image-rules.ts";
import { INSIGHTS_PATH, isIllustration } from "#app/features/insights/insight.ts";
import { toInsightDetail } from "#app/features/insights/insight.server.ts";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { featuredInsights, insightDigests, insightDigestSettings, newsletterCampaigns } from "#app/platform/db/schema.server.ts";
import { escapeHtml } from "#app/platform/email/layout.server.ts";
import type { PeriodicTask } from "#app/platform/services.server.ts";

/*
 * The digest of new insights (decision 079). When a period falls due, the
 * insights published in it become one newsletter campaign, made already
 * sending: from there it is any campaign (its outbox rows, the pacing, the
 * unsubscribe headers, the figures). The period's row, keyed by its end, is
 * made in the same transaction as the campaign, so one period makes at most
 * one campaign however many processes check.
 */

/** The schedule in force: the saved one, or off. */
export async function readDigestSchedule(db: Database): Promise<DigestSchedule & { changedAt: Date | null }> {
  const [row] = await db.select().from(insightDigestSettings).where(eq(insightDigestSettings.id, 1));
  if (!row) return { ...DEFAULT_DIGEST_SCHEDULE, changedAt: null };
  const { enabled, cadence, weekday, monthDay, minuteOfDay, changedAt } = row;
  return { enabled, cadence, weekday, monthDay, minuteOfDay, changedAt };
}

export async function saveDigestSchedule(db: Database, schedule: DigestSchedule, actor: AuditActor, ipAddress: string | null): Promise<void> {
  const values = { ...schedule, changedAt: new Date(), changedBy: actor.id };
  await db.transaction(async (tx) => {
    await tx
      .insert(insightDigestSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: insightDigestSettings.id, set: values });
    await audit(tx, {
      actor,
      action: "insight-digest-changed",
      detail: {
        enabled: schedule.enabled ? "on" : "off",
        cadence: schedule.cadence,
        ...(schedule.cadence === "weekly" ? { weekday: schedule.weekday } : { monthDay: schedule.monthDay }),
        minuteOfDay: schedule.minuteOfDay,
      },
      ipAddress,
    });
  });
}

/** The campaigns among `ids` that are digests. */
export async function digestCampaignIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: insightDigests.campaignId }).from(insightDigests).where(inArray(insightDigests.campaignId, ids));
  return new Set(rows.map((row) => row.id!));
}

/** A mail's content area is 552 px wide (600 less its padding); the picture is drawn no wider. */
const MAIL_IMAGE_WIDTH = 552;

/**
 * The insight's own picture as a mail shows it: of our uploads the smallest
 * variant at least as wide as the mail's column. None for the site's topic
 * illustrations, which are SVG, and most mail programs draw no SVG.
 */
function mailPicture(image: string): { src: string; width?: number } | null {
  if (isIllustration(image)) return null;
  const variants = (srcSetOf(image) ?? "")
    .split(", ")
    .filter(Boolean)
    .map((entry) => {
      const [src = "", width = ""] = entry.split(" ");
      return { src, width: Number.parseInt(width, 10) };
    });
  const variant = variants.find((candidate) => candidate.width >= MAIL_IMAGE_WIDTH) ?? variants[variants.length - 1];
  return variant ? { src: variant.src, width: Math.min(variant.width, MAIL_IMAGE_WIDTH) } : { src: image };
}

/** An excerpt stays a few lines in a mail: the summary cut at a word. */
const MAX_EXCERPT_LENGTH = 300;

function shortened(text: string): string {
  if (text.length <= MAX_EXCERPT_LENGTH) return text;
  const cut = text.slice(0, MAX_EXCERPT_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), MAX_EXCERPT_LENGTH / 2)).trimEnd()}…`;
}

type DigestInsight = Parameters<typeof toInsightDetail>[0];

/**
 * The digest campaign's words: each insight's title, picture and excerpt,
 * each linking to its page. Paths stay relative: the campaign's message makes
 * them absolute as it goes out.
 */
export function digestWords(insights: DigestInsight[], siteUrl: string): { subject: string; preheader: string; bodyHtml: string } {
  const shown = insights.map((row) => toInsightDetail(row, siteUrl));
  const blocks = shown.map((insight) => {
    const href = escapeHtml(insight.href);
    const title = escapeHtml(insight.title);
    const picture = mailPicture(insight.image);
    // One link holds the picture and the title, so the text part names the page once, by its title.
    const image = picture ? `<img src="${escapeHtml(picture.src)}" alt=""${picture.width ? ` width="${picture.width}"` : ""}><br>` : "";
    return [`<h2><a href="${href}">${image}${title}</a></h2>`, `<p>${escapeHtml(shortened(insight.summary))}</p>`].join("");
  });
  const count = shown.length === 1 ? "one new insight" : `${shown.length} new insights`;
  return {
    subject: `New from ${site.name}: ${count}`,
    preheader: shortened(shown.map((insight) => insight.title).join(" · ")).slice(0, MAX_CAMPAIGN_PREHEADER_LENGTH),
    bodyHtml: [
      `<p>Here is what we have published since our last digest.</p>`,
      blocks.join("<hr>"),
      `<p><a href="${INSIGHTS_PATH}">All our insights</a></p>`,
    ].join(""),
  };
}

/** Published insights whose publishing date is after `start` and at or before `end`, oldest first. */
function insightsPublishedIn(db: Database, start: Date, end: Date) {
  const publishedAt = sql`coalesce(${featuredInsights.publishedDate}, ${featuredInsights.createdAt})`;
  return db
    .select()
    .from(featuredInsights)
    .where(and(eq(featuredInsights.status, "published"), gt(publishedAt, start), lte(publishedAt, end)))
    .orderBy(asc(publishedAt), asc(featuredInsights.id));
}

export type DigestOutcome =
  | { made: "nothing"; why: "off" | "not due" | "taken" }
  | { made: "period"; why: "nothing new" | "no recipients" }
  | { made: "campaign"; campaignId: number; insights: number };

/**
 * Makes the digest that is due at `now`, if any: the period ending at the
 * last due time, not made yet, after the schedule was saved. Its row is
 * inserted first (on conflict nothing: another process made it, and this one
 * stops); in the same transaction the insights published since the last
 * period's end (for the first, since the due time before) become a campaign
 * that starts sending. A period with none, or nobody to send to, keeps its row
 * and makes no campaign.
 */
export async function makeDueDigest(db: Database, siteUrl: string, now = new Date()): Promise<DigestOutcome> {
  const schedule = await readDigestSchedule(db);
  if (!schedule.enabled || !schedule.changedAt) return { made: "nothing", why: "off" };
  const { timeZone } = await readBusinessHours(db);
  const { due, previous } = digestDueTimes(schedule, timeZone, now);
  if (due <= schedule.changedAt) return { made: "nothing", why: "not due" };
  return db.transaction(async (tx): Promise<DigestOutcome> => {
    const [last] = await tx.select({ end: insightDigests.periodEnd }).from(insightDigests).orderBy(desc(insightDigests.periodEnd)).limit(1);
    if (last && last.end >= due) return { made: "nothing", why: "not due" };
    const [period] = await tx
      .insert(insightDigests)
      .values({ periodEnd: due, periodStart: last?.end ?? previous })
      .onConflictDoNothing()
      .returning({ start: insightDigests.periodStart });
    if (!period) return { made: "nothing", why: "taken" };
    const insights = await insightsPublishedIn(tx, period.start, due);
    if (insights.length === 0) return { made: "period", why: "nothing new" };
    await tx.update(insightDigests).set({ insightCount: insights.length }).where(eq(insightDigests.periodEnd, due));
    if ((await countRecipients(tx)) === 0) return { made: "period", why: "no recipients" };
    const [campaign] = await tx
      .insert(newsletterCampaigns)
      .values({ ...digestWords(insights, siteUrl), ...startSending })
      .returning({ id: newsletterCampaigns.id });
    await tx.update(insightDigests).set({ campaignId: campaign!.id }).where(eq(insightDigests.periodEnd, due));
    return { made: "campaign", campaignId: campaign!.id, insights: insights.length };
  });
}

/** The digests made, newest first, for the settings page. */
export async function recentDigests(db: Database, size = 10) {
  return db
    .select({
      periodStart: insightDigests.periodStart,
      periodEnd: insightDigests.periodEnd,
      insightCount: insightDigests.insightCount,
      campaignId: insightDigests.campaignId,
    })
    .from(insightDigests)
    .orderBy(desc(insightDigests.periodEnd))
    .limit(size);
}

/** A digest is due at a minute of the day; a check this often sends it within a minute. */
export const DIGEST_CHECK_INTERVAL_MS = 30_000;

export const sendInsightDigest: PeriodicTask = {
  name: "send the digest of new insights",
  intervalMs: DIGEST_CHECK_INTERVAL_MS,
  run: ({ db, env }) => makeDueDigest(db, env.SITE_URL),
};
