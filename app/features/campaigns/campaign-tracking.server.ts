import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { CampaignEngagement } from "#app/features/campaigns/campaign-engagement.tsx";
import { readDocument, saveDocument } from "#app/features/content-documents.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { campaignRecipientActivity, contentDocuments } from "#app/platform/db/schema.server.ts";
import type { PublishedReads } from "#app/platform/published-reads.server.ts";
import { purposeKey } from "#app/platform/site-secret.server.ts";

/*
 * Counting a campaign's opens and clicks (decision 080), off until an admin
 * turns it on. Whether a message is counted is decided as it goes out: while
 * counting is on, it gets an open pixel and links through the site, and its
 * recipient a row that the first open and click mark. Turned off, no new
 * message is marked and nothing more is recorded, as the privacy policy then
 * says nothing of it.
 */

const TYPE = "campaign-tracking";
const KEY = "setting";

export type CampaignTrackingSetting = { counting: boolean; revision: number; changedAt: Date | null };

export async function readCampaignTracking(db: Database): Promise<CampaignTrackingSetting> {
  const stored = await readDocument(db, TYPE, KEY);
  const counting = typeof stored.data === "object" && stored.data !== null && (stored.data as { counting?: unknown }).counting === true;
  return { counting, revision: stored.revision, changedAt: stored.changedAt };
}

/** Whether counting is on, as a column of another query: a campaign message reads it beside its words, in the one query it makes. */
export const countingColumn = sql<boolean>`coalesce((select ${contentDocuments.data} -> 'counting' = 'true'::jsonb from ${contentDocuments} where ${contentDocuments.type} = ${TYPE} and ${contentDocuments.key} = ${KEY}), false)`;

/**
 * Whether opens and clicks are counted now, read once per content version in
 * each process: saving the setting moves the version, as a publish does, so
 * the privacy policy and the tracking routes follow within a second.
 */
export function countingInForce(services: { db: Database; content: { read: PublishedReads } }): Promise<boolean> {
  return services.content.read(TYPE, async () => (await readCampaignTracking(services.db)).counting);
}

/** Saves over the revision the admin opened, with its audit entry; false when someone saved in between (nothing is written). */
export async function saveCampaignTracking(db: Database, counting: boolean, shownRevision: number, actor: AuditActor, ipAddress: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revision = await saveDocument(tx, { type: TYPE, key: KEY, data: { counting }, shownRevision, actorId: actor.id });
    if (revision === null) return false;
    await audit(tx, { actor, action: "campaign-tracking-changed", detail: { counting: counting ? "on" : "off" }, ipAddress });
    return true;
  });
}

/*
 * A recipient's token: the campaign's id, the subscription's id and a
 * signature of both for this one purpose, keyed by the site's secret. It
 * cannot be guessed or moved to another recipient or campaign, so nobody can
 * count for someone else; 128 bits of signature keep the links short.
 */

const TOKEN_PATTERN = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{22})$/;

export type TrackedRecipient = { campaignId: number; subscriptionId: number };

function signature(secret: string, { campaignId, subscriptionId }: TrackedRecipient): string {
  return createHmac("sha256", purposeKey(secret, "campaign-tracking")).update(`${campaignId}:${subscriptionId}`).digest("base64url").slice(0, 22);
}

export function campaignTrackingToken(secret: string, recipient: TrackedRecipient): string {
  return `${recipient.campaignId}.${recipient.subscriptionId}.${signature(secret, recipient)}`;
}

/** The campaign and recipient a token was made for, or null (malformed or forged); reads nothing. */
export function recipientOfToken(secret: string, token: string): TrackedRecipient | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const recipient = { campaignId: Number(match[1]), subscriptionId: Number(match[2]) };
  if (!Number.isSafeInteger(recipient.campaignId) || !Number.isSafeInteger(recipient.subscriptionId)) return null;
  const expected = Buffer.from(signature(secret, recipient));
  const received = Buffer.from(match[3]!);
  return timingSafeEqual(expected, received) ? recipient : null;
}

/** What a campaign message's params say of its recipient (campaign-emails.server.ts). */
type CountableMessage = { campaign_id: number; subscription_id?: number; tracking_token?: string; counting?: boolean };

/**
 * The outbox worker's step as a campaign's message goes out: counted when
 * counting is on and the message is a subscriber's (a test to staff never
 * is). Its recipient's row is made here, once, however often it is retried.
 */
export async function trackedIfCounting<Params extends CountableMessage>(db: Database, params: Params): Promise<Params & { tracked: boolean }> {
  const subscriptionId = params.subscription_id;
  if (!params.tracking_token || subscriptionId === undefined || !params.counting) return { ...params, tracked: false };
  await db.insert(campaignRecipientActivity).values({ campaignId: params.campaign_id, newsletterSubscriptionId: subscriptionId }).onConflictDoNothing();
  return { ...params, tracked: true };
}

const recipientRow = ({ campaignId, subscriptionId }: TrackedRecipient) =>
  and(eq(campaignRecipientActivity.campaignId, campaignId), eq(campaignRecipientActivity.newsletterSubscriptionId, subscriptionId));

/** Marks the recipient's message opened, the first time only: a message that was not counted, or is marked already, writes nothing. */
export async function recordOpen(db: Database, recipient: TrackedRecipient): Promise<void> {
  await db
    .update(campaignRecipientActivity)
    .set({ openedAt: sql`now()` })
    .where(and(recipientRow(recipient), isNull(campaignRecipientActivity.openedAt)));
}

/** Clicks counted for one message at most: past this, a link scanner or a loop writes nothing more. */
export const MAX_COUNTED_CLICKS = 100;

/** Counts a click on the recipient's message; a click opens it too, for a reader whose mail program shows no images. */
export async function recordClick(db: Database, recipient: TrackedRecipient): Promise<void> {
  await db
    .update(campaignRecipientActivity)
    .set({
      clickedAt: sql`coalesce(${campaignRecipientActivity.clickedAt}, now())`,
      openedAt: sql`coalesce(${campaignRecipientActivity.openedAt}, now())`,
      clicks: sql`${campaignRecipientActivity.clicks} + 1`,
    })
    .where(and(recipientRow(recipient), lt(campaignRecipientActivity.clicks, MAX_COUNTED_CLICKS)));
}

/** Per campaign that had any message counted: how many were, and how many of their recipients opened and clicked. */
export async function engagementOf(db: Database, campaignIds: readonly number[]): Promise<Map<number, CampaignEngagement>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({
      campaignId: campaignRecipientActivity.campaignId,
      counted: sql<number>`count(*)::int`,
      opened: sql<number>`count(${campaignRecipientActivity.openedAt})::int`,
      clicked: sql<number>`count(${campaignRecipientActivity.clickedAt})::int`,
      clicks: sql<number>`coalesce(sum(${campaignRecipientActivity.clicks}), 0)::int`,
    })
    .from(campaignRecipientActivity)
    .where(inArray(campaignRecipientActivity.campaignId, [...campaignIds]))
    .groupBy(campaignRecipientActivity.campaignId);
  return new Map(rows.map(({ campaignId, ...engagement }) => [campaignId, engagement]));
}
