import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, not, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { loadCampaignWords, renderCampaign, type CampaignMailParams } from "#app/features/campaigns/campaign-emails.server.ts";
import {
  MAX_CAMPAIGN_BODY_LENGTH,
  MAX_CAMPAIGN_PREHEADER_LENGTH,
  MAX_CAMPAIGN_SUBJECT_LENGTH,
  NO_RECIPIENTS_MESSAGE,
  type CampaignFigures,
} from "#app/features/campaigns/campaign-rules.ts";
import type { CampaignEngagement } from "#app/features/campaigns/campaign-engagement.tsx";
import { campaignTrackingToken, engagementOf } from "#app/features/campaigns/campaign-tracking.server.ts";
import { newsletterLink } from "#app/features/newsletter/newsletter-links.server.ts";
import { sanitizeRichText } from "#app/features/rich-text/sanitize.server.ts";
import { audit, type AuditAction, type AuditActor } from "#app/features/staff/audit.server.ts";
import { rowsOf, type Database } from "#app/platform/db/client.server.ts";
import {
  mailSuppressions,
  newsletterCampaigns,
  newsletterSubscriptions,
  outbox,
  OUTBOX_HELD_UNTIL,
  type CampaignState,
} from "#app/platform/db/schema.server.ts";
import { suppressedAddress } from "#app/platform/email/suppression.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { PeriodicTask, Services } from "#app/platform/services.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";

/*
 * Newsletter campaigns (decision 075). A campaign is written, previewed and
 * test-sent by staff, then sent now or at a time. Sending makes one outbox
 * row a confirmed subscriber, in batches each its own short transaction, held
 * back (`next_attempt_at` = OUTBOX_HELD_UNTIL) until the pacer lets them go at
 * NEWSLETTER_SEND_RATE across every process. The outbox's unique
 * (campaign, subscriber) key makes each row once, and the outbox worker sends
 * each row once; pausing holds the rows not yet gone.
 */

export type Campaign = typeof newsletterCampaigns.$inferSelect;

export type CampaignInput = { subject: string; preheader: string; bodyHtml: string };

type Change = { ok: true; message: string; id?: number } | { ok: false; status: number; message: string; field?: string };

type Actor = AuditActor;

/** Rows made in one transaction: short enough never to hold anything a form post waits on, many enough to make 100,000 in seconds. */
export const FILL_BATCH = 1_000;
/** How long one sweep spends making rows before it lets the process do other work. */
const FILL_BUDGET_MS = 5_000;
// A literal, not a parameter, so the planner takes the partial index of held rows.
const HELD = sql.raw(`'${OUTBOX_HELD_UNTIL}'::timestamptz`);
export const CAMPAIGN_SWEEP_INTERVAL_MS = 1_000;
/**
 * The pacer lets go of rows this far ahead of now, each due at its own slot. The next sweep starts an interval
 * after this one ends, so a lead of one interval would leave the time a sweep takes unpaced, and the campaign
 * would go out slower than the rate by that share; two intervals keep slots waiting however long a sweep takes, up to one.
 */
const PACE_AHEAD_MS = 2 * CAMPAIGN_SWEEP_INTERVAL_MS;
/**
 * Messages let go and not yet sent that the outbox may hold, in leads' worth: when the worker falls behind
 * the rate (a slow relay), the pacer waits for it instead of letting go of a backlog that a pause would no
 * longer hold back and that every claim would have to wade through.
 */
const RELEASED_LIMIT_IN_LEADS = 2;

export function parseCampaign(values: Record<string, string | undefined>): { ok: true; input: CampaignInput } | { ok: false; message: string; field: string } {
  const subject = (values.subject ?? "").trim().replace(/\s+/g, " ");
  const preheader = (values.preheader ?? "").trim().replace(/\s+/g, " ");
  const body = values.body ?? "";
  if (!subject) return { ok: false, field: "subject", message: "Write the subject." };
  if (subject.length > MAX_CAMPAIGN_SUBJECT_LENGTH)
    return { ok: false, field: "subject", message: `Keep the subject to ${MAX_CAMPAIGN_SUBJECT_LENGTH} characters.` };
  if (preheader.length > MAX_CAMPAIGN_PREHEADER_LENGTH)
    return { ok: false, field: "preheader", message: `Keep the preheader to ${MAX_CAMPAIGN_PREHEADER_LENGTH} characters.` };
  if (body.length > MAX_CAMPAIGN_BODY_LENGTH) return { ok: false, field: "body", message: `Keep the body to ${MAX_CAMPAIGN_BODY_LENGTH} characters of HTML.` };
  const bodyHtml = sanitizeRichText(body);
  if (!bodyHtml) return { ok: false, field: "body", message: "Write the body." };
  return { ok: true, input: { subject, preheader, bodyHtml } };
}

const confirmedRecipient = and(isNotNull(newsletterSubscriptions.confirmedAt), not(suppressedAddress(newsletterSubscriptions.email, "newsletter")));

/** How many would get a campaign now: confirmed subscribers whose address is not suppressed. */
export async function countRecipients(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterSubscriptions)
    .where(confirmedRecipient);
  return row?.count ?? 0;
}

export async function findCampaign(db: Database, id: number): Promise<Campaign | null> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  return row ?? null;
}

async function audited(db: Database, actor: Actor, action: AuditAction, id: number, ipAddress: string | null, detail?: Record<string, string>) {
  await audit(db, { actor, action, target: { type: "campaign", id }, ipAddress, ...(detail ? { detail } : {}) });
}

export async function createCampaign(db: Database, input: CampaignInput, actor: Actor, ipAddress: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterCampaigns)
      .values({ ...input, createdBy: actor.id })
      .returning({ id: newsletterCampaigns.id });
    await audited(tx, actor, "campaign-created", row!.id, ipAddress);
    return row!.id;
  });
}

export async function editCampaign(db: Database, id: number, input: CampaignInput, actor: Actor, ipAddress: string | null): Promise<Change> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterCampaigns)
      .set({ ...input, updatedAt: sql`now()` })
      .where(and(eq(newsletterCampaigns.id, id), inArray(newsletterCampaigns.state, ["draft", "scheduled"])))
      .returning({ id: newsletterCampaigns.id });
    if (!row) return { ok: false, status: 409, message: "This campaign is already sending: its words can no longer change." };
    await audited(tx, actor, "campaign-edited", id, ipAddress);
    return { ok: true, message: "Campaign saved." };
  });
}

/** Moves a campaign from one of `from` to `to` under its row lock; the sentence when it was in another state. */
async function move(
  db: Database,
  id: number,
  from: readonly CampaignState[],
  set: PgUpdateSetSource<typeof newsletterCampaigns>,
  refused: string,
  then?: (tx: Database, campaign: Campaign) => Promise<Change | null>,
): Promise<Change | { ok: true; campaign: Campaign }> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id)).for("update");
    if (!campaign) return { ok: false, status: 404, message: "There is no such campaign." };
    if (!from.includes(campaign.state)) return { ok: false, status: 409, message: refused };
    const answer = then ? await then(tx, campaign) : null;
    if (answer && !answer.ok) return answer;
    await tx
      .update(newsletterCampaigns)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(newsletterCampaigns.id, id));
    return { ok: true, campaign };
  });
}

/** A campaign's columns as it starts sending: its rows are made from the first subscriber, and paced from now. */
export const startSending = { state: "sending", startedAt: sql`now()`, filledThrough: 0, filledAt: null, pacedUntil: sql`now()`, note: null } as const;

async function refuseWithoutRecipients(tx: Database): Promise<Change | null> {
  return (await countRecipients(tx)) === 0 ? { ok: false, status: 409, message: NO_RECIPIENTS_MESSAGE } : null;
}

/** The campaign starts sending now. */
export async function sendCampaignNow(db: Database, id: number, actor: Actor, ipAddress: string | null): Promise<Change> {
  const moved = await move(db, id, ["draft", "scheduled"], startSending, "This campaign has already been sent or is sending.", async (tx) => {
    const refused = await refuseWithoutRecipients(tx);
    if (!refused) await audited(tx, actor, "campaign-started", id, ipAddress);
    return refused;
  });
  return moved.ok ? { ok: true, message: "The campaign is sending." } : moved;
}

export async function scheduleCampaign(db: Database, id: number, at: Date, actor: Actor, ipAddress: string | null): Promise<Change> {
  if (at.getTime() <= Date.now()) return { ok: false, status: 400, field: "sendAt", message: "Pick a time in the future, or send it now." };
  const moved = await move(
    db,
    id,
    ["draft", "scheduled"],
    { state: "scheduled", sendAt: at, note: null },
    "This campaign has already been sent or is sending.",
    async (tx) => {
      const refused = await refuseWithoutRecipients(tx);
      if (!refused) await audited(tx, actor, "campaign-scheduled", id, ipAddress, { at: at.toISOString() });
      return refused;
    },
  );
  return moved.ok ? { ok: true, message: "The campaign is scheduled." } : moved;
}

export async function unscheduleCampaign(db: Database, id: number, actor: Actor, ipAddress: string | null): Promise<Change> {
  const moved = await move(db, id, ["scheduled"], { state: "draft", sendAt: null }, "This campaign is not scheduled.", async (tx) => {
    await audited(tx, actor, "campaign-unscheduled", id, ipAddress);
    return null;
  });
  return moved.ok ? { ok: true, message: "The schedule is cancelled: the campaign is a draft again." } : moved;
}

/** Pausing holds every row of the campaign not yet gone, including those the pacer had let go. */
export async function pauseCampaign(db: Database, id: number, actor: Actor, ipAddress: string | null): Promise<Change> {
  const moved = await move(db, id, ["sending"], { state: "paused" }, "Only a campaign that is sending can be paused.", async (tx) => {
    await tx
      .update(outbox)
      .set({ nextAttemptAt: HELD })
      .where(and(eq(outbox.campaignId, id), eq(outbox.status, "pending")));
    await audited(tx, actor, "campaign-paused", id, ipAddress);
    return null;
  });
  return moved.ok ? { ok: true, message: "The campaign is paused: no more of it goes out until it is resumed." } : moved;
}

export async function resumeCampaign(db: Database, id: number, actor: Actor, ipAddress: string | null): Promise<Change> {
  const moved = await move(db, id, ["paused"], { state: "sending", pacedUntil: sql`now()` }, "Only a paused campaign can be resumed.", async (tx) => {
    await audited(tx, actor, "campaign-resumed", id, ipAddress);
    return null;
  });
  return moved.ok ? { ok: true, message: "The campaign is sending again." } : moved;
}

/** The unsubscribe link of a test: the list's page without a token, which says the link is not valid and unsubscribes nobody. */
const testUnsubscribeUrl = (siteUrl: string) => `${siteUrl}/newsletter/unsubscribe`;

/** The campaign's message as a recipient gets it, drawn in the branded frame, for the staff preview. */
export async function previewCampaign(services: Pick<Services, "outbox" | "env" | "db">, campaign: Campaign) {
  const params: CampaignMailParams = { campaign_id: campaign.id, site_url: services.env.SITE_URL, unsubscribe_url: testUnsubscribeUrl(services.env.SITE_URL) };
  const mail = renderCampaign((await loadCampaignWords(services.db, params)) ?? params);
  const framed = await services.outbox.frame(mail);
  return { subject: mail.subject, preheader: mail.preheader ?? "", html: framed.html, text: framed.text, from: framed.from };
}

/** A test of the campaign to the member of staff, through the outbox as the real one goes. */
export async function sendCampaignTest(
  services: Pick<Services, "outbox" | "env" | "db">,
  id: number,
  actor: Actor & { email: string },
  ipAddress: string | null,
) {
  const campaign = await findCampaign(services.db, id);
  if (!campaign) return { ok: false, status: 404, message: "There is no such campaign." } satisfies Change;
  const outboxId = await services.db.transaction(async (tx) => {
    const queued = await services.outbox.enqueue(tx, {
      template: "newsletter-campaign",
      kind: "newsletter-test",
      to: actor.email,
      params: { campaign_id: id, site_url: services.env.SITE_URL, unsubscribe_url: testUnsubscribeUrl(services.env.SITE_URL), subject: campaign.subject },
    });
    await audited(tx, actor, "campaign-test-sent", id, ipAddress);
    return queued;
  });
  const result = await services.outbox.attemptNow(outboxId, 5_000);
  if (result.status === "failed") return { ok: false, status: 502, message: "The test could not be sent. The outbox screen says why." } satisfies Change;
  return { ok: true, message: `A test is on its way to ${actor.email}.` } satisfies Change;
}

type SweepServices = Parameters<PeriodicTask["run"]>[0];

/** Scheduled campaigns that are due start sending, or go back to draft with a sentence when nobody would get them. */
async function startDueCampaigns(db: Database): Promise<void> {
  const due = await db
    .select({ id: newsletterCampaigns.id })
    .from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.state, "scheduled"), lte(newsletterCampaigns.sendAt, sql`now()`)));
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [campaign] = await tx
        .select({ id: newsletterCampaigns.id })
        .from(newsletterCampaigns)
        .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.state, "scheduled"), lte(newsletterCampaigns.sendAt, sql`now()`)))
        .for("update", { skipLocked: true });
      if (!campaign) return;
      const nobody = (await countRecipients(tx)) === 0;
      await tx
        .update(newsletterCampaigns)
        .set(nobody ? { state: "draft", sendAt: null, note: `Not sent at its time: ${NO_RECIPIENTS_MESSAGE}`, updatedAt: sql`now()` } : startSending)
        .where(eq(newsletterCampaigns.id, id));
    });
  }
}

/**
 * Makes the next batch of a campaign's rows: the confirmed subscribers after
 * the last batch, one held outbox row each, in one short transaction under the
 * campaign's row lock (another process making rows skips the campaign). The
 * unique (campaign, subscriber) key keeps a batch made twice from making a row
 * twice. Answers whether there are more to make.
 */
export async function fillCampaignBatch(db: Database, env: Pick<Env, "SITE_URL" | "AUTH_SECRET">, id: number, batch = FILL_BATCH): Promise<boolean> {
  const secret = await siteSecret({ db, env });
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(newsletterCampaigns)
      .where(and(eq(newsletterCampaigns.id, id), isNull(newsletterCampaigns.filledAt), isNotNull(newsletterCampaigns.filledThrough)))
      .for("update", { skipLocked: true });
    if (!campaign) return false;
    const subscribers = await tx
      .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(and(gt(newsletterSubscriptions.id, campaign.filledThrough ?? 0), confirmedRecipient))
      .orderBy(newsletterSubscriptions.id)
      .limit(batch);
    if (subscribers.length > 0) {
      await tx
        .insert(outbox)
        .values(
          subscribers.map((subscriber) => ({
            kind: "newsletter",
            toAddress: subscriber.email,
            subject: campaign.subject,
            template: "newsletter-campaign",
            params: {
              campaign_id: id,
              site_url: env.SITE_URL,
              unsubscribe_url: newsletterLink(env.SITE_URL, secret, "unsubscribe", subscriber),
              subscription_id: subscriber.id,
              tracking_token: campaignTrackingToken(secret, { campaignId: id, subscriptionId: subscriber.id }),
            } satisfies CampaignMailParams,
            nextAttemptAt: HELD,
            campaignId: id,
            newsletterSubscriptionId: subscriber.id,
          })),
        )
        .onConflictDoNothing();
    }
    const more = subscribers.length === batch;
    await tx
      .update(newsletterCampaigns)
      .set(more ? { filledThrough: subscribers[subscribers.length - 1]!.id } : { filledAt: sql`now()` })
      .where(eq(newsletterCampaigns.id, id));
    return more;
  });
}

/**
 * Lets go of the campaign's held rows that fit before PACE_AHEAD_MS from now
 * at `rate` a second, each due at its own slot after the last one let go, so
 * every process together sends at the rate, and none while the outbox already
 * holds RELEASED_LIMIT_IN_LEADS leads' worth unsent. Answers how many it let go.
 */
export async function paceCampaign(db: Database, id: number, rate: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({
        start: sql<string>`greatest(${newsletterCampaigns.pacedUntil}, now())::text`,
        room: sql<number>`floor(extract(epoch from (now() + ${PACE_AHEAD_MS}::double precision * interval '1 millisecond' - greatest(${newsletterCampaigns.pacedUntil}, now()))) * ${rate})::int`,
      })
      .from(newsletterCampaigns)
      .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.state, "sending")))
      .for("update", { skipLocked: true });
    if (!campaign || campaign.room < 1) return 0;
    const limit = Math.ceil((rate * PACE_AHEAD_MS * RELEASED_LIMIT_IN_LEADS) / 1000);
    const [backlog] = rowsOf<{ waiting: number }>(
      await tx.execute(sql`
        select count(*)::int as waiting from (
          select 1 from ${outbox}
          where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= now() + ${PACE_AHEAD_MS}::double precision * interval '1 millisecond'
          limit ${limit}
        ) as released`),
    );
    const room = Math.min(campaign.room, limit - (backlog?.waiting ?? 0));
    if (room < 1) return 0;
    const released = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with held as (
          select id, row_number() over (order by id) as slot from ${outbox}
          where ${outbox.campaignId} = ${id} and ${outbox.nextAttemptAt} = ${HELD}
          order by id limit ${room}
        )
        update ${outbox} set next_attempt_at = ${campaign.start}::timestamptz + ((held.slot - 1) / ${rate}::double precision) * interval '1 second'
        from held where ${outbox}.id = held.id
        returning ${outbox}.id`),
    );
    if (released.length > 0) {
      await tx
        .update(newsletterCampaigns)
        .set({ pacedUntil: sql`${campaign.start}::timestamptz + (${released.length / rate}::double precision * interval '1 second')` })
        .where(eq(newsletterCampaigns.id, id));
    }
    return released.length;
  });
}

/** A sending campaign whose rows are all made and none is waiting or going is sent. */
async function finishSentCampaigns(db: Database): Promise<void> {
  await db
    .update(newsletterCampaigns)
    .set({ state: "sent", finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(newsletterCampaigns.state, "sending"),
        isNotNull(newsletterCampaigns.filledAt),
        sql`not exists (select 1 from ${outbox} where ${outbox.campaignId} = ${newsletterCampaigns.id} and ${outbox.status} in ('pending', 'sending'))`,
      ),
    );
}

/** One sweep in any process: due campaigns started, rows made (within a budget), held rows let go at the rate, finished ones marked sent. */
export async function sweepCampaigns({ db, env, outbox: mail }: SweepServices): Promise<number> {
  // Every process runs this every second, and most seconds there is nothing to do: one query says so.
  const [work] = await db
    .select({ id: newsletterCampaigns.id })
    .from(newsletterCampaigns)
    .where(
      or(
        inArray(newsletterCampaigns.state, ["sending", "paused"]),
        and(eq(newsletterCampaigns.state, "scheduled"), lte(newsletterCampaigns.sendAt, sql`now()`)),
      ),
    )
    .limit(1);
  if (!work) return 0;
  await startDueCampaigns(db);
  const active = await db
    .select({ id: newsletterCampaigns.id, filledAt: newsletterCampaigns.filledAt, state: newsletterCampaigns.state })
    .from(newsletterCampaigns)
    .where(inArray(newsletterCampaigns.state, ["sending", "paused"]));
  const until = Date.now() + FILL_BUDGET_MS;
  let released = 0;
  for (const campaign of active) {
    if (campaign.filledAt === null) while (Date.now() < until && (await fillCampaignBatch(db, env, campaign.id))) continue;
    if (campaign.state === "sending") released += await paceCampaign(db, campaign.id, env.NEWSLETTER_SEND_RATE);
  }
  await finishSentCampaigns(db);
  if (released > 0) mail.nudge();
  return released;
}

export const sendNewsletterCampaigns: PeriodicTask = { name: "send newsletter campaigns", intervalMs: CAMPAIGN_SWEEP_INTERVAL_MS, run: sweepCampaigns };

/**
 * Per campaign: its rows by status; bounces and complaints reported for its
 * recipients' addresses since their message was made; recipients who have
 * left the list since (their subscription is gone).
 */
function figuresColumns() {
  const reportedSince = (reasons: string[]) =>
    sql<number>`count(*) filter (where exists (select 1 from ${mailSuppressions} where ${mailSuppressions.address} = lower(${outbox.toAddress}) and ${mailSuppressions.reason} in (${sql.join(
      reasons.map((reason) => sql`${reason}`),
      sql`, `,
    )}) and ${mailSuppressions.lastSeenAt} >= ${outbox.createdAt}))::int`;
  return {
    campaignId: outbox.campaignId,
    recipients: sql<number>`count(*)::int`,
    sent: sql<number>`count(*) filter (where ${outbox.status} = 'sent')::int`,
    waiting: sql<number>`count(*) filter (where ${outbox.status} in ('pending', 'sending'))::int`,
    failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')::int`,
    notSent: sql<number>`count(*) filter (where ${outbox.status} = 'suppressed')::int`,
    bounced: reportedSince(["hard-bounce", "smtp-failure"]),
    complaints: reportedSince(["complaint"]),
    unsubscribes: sql<number>`count(*) filter (where ${outbox.status} = 'sent' and ${outbox.newsletterSubscriptionId} is null)::int`,
  };
}

const noFigures: CampaignFigures = { recipients: 0, sent: 0, waiting: 0, failed: 0, notSent: 0, bounced: 0, complaints: 0, unsubscribes: 0 };

export type CampaignRow = Campaign & { figures: CampaignFigures; engagement: CampaignEngagement | null };

/** The campaigns with their figures, counted in one query, and their opens and clicks where they were counted (decision 080). */
async function withFigures(db: Database, campaigns: Campaign[]): Promise<CampaignRow[]> {
  if (campaigns.length === 0) return [];
  const figures = await db
    .select(figuresColumns())
    .from(outbox)
    .where(
      inArray(
        outbox.campaignId,
        campaigns.map((campaign) => campaign.id),
      ),
    )
    .groupBy(outbox.campaignId);
  const byId = new Map(figures.map(({ campaignId, ...rest }) => [campaignId, rest]));
  const engagement = await engagementOf(
    db,
    campaigns.map((campaign) => campaign.id),
  );
  return campaigns.map((campaign) => ({ ...campaign, figures: byId.get(campaign.id) ?? noFigures, engagement: engagement.get(campaign.id) ?? null }));
}

/** Campaigns, newest first, each with its figures; `beforeId` pages on. */
export async function listCampaigns(db: Database, beforeId: number | null = null, size = 100): Promise<CampaignRow[]> {
  const campaigns = await db
    .select()
    .from(newsletterCampaigns)
    .where(beforeId === null ? undefined : lt(newsletterCampaigns.id, beforeId))
    .orderBy(desc(newsletterCampaigns.id))
    .limit(size);
  return withFigures(db, campaigns);
}

export async function findCampaignWithFigures(db: Database, id: number): Promise<CampaignRow | null> {
  const campaign = await findCampaign(db, id);
  return campaign ? ((await withFigures(db, [campaign]))[0] ?? null) : null;
}
