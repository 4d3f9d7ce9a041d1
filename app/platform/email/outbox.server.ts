import { and, eq, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { normaliseEmailAddress } from "#app/features/forms/form-rules.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { outbox, teams } from "#app/platform/db/schema.server.ts";
import { logger, withoutAddresses } from "#app/platform/logger.server.ts";
import {
  renderTemplate,
  type MailTemplateName,
  type MailTemplateParams,
  type MailTemplates,
  paramsAfterSending,
  paramsToSend,
  UnknownMailTemplateError,
} from "#app/platform/email/templates.server.ts";
import { PermanentRecipientError, type MailTransport } from "#app/platform/email/transport.server.ts";
import { mailClassOf, suppress, suppressionOf } from "#app/platform/email/suppression.server.ts";
import type { SuppressionReason } from "#app/platform/db/schema.server.ts";
import { createAlikeFrames } from "#app/platform/email/alike-frames.server.ts";
import { frameMail } from "#app/platform/email/branded-layout.server.tsx";
import { defaultMailCompany, type MailBrand, type MailSenders } from "#app/platform/email/mail-brand.server.ts";
import { postWebhook, WEBHOOK_TIMEOUT_MS } from "#app/platform/email/webhook.server.ts";

/*
 * The durable outbox. A message is a row written in the same transaction as
 * the record that causes it, so it exists exactly when that record does.
 * Workers claim due rows with FOR UPDATE SKIP LOCKED (several server processes
 * never take the same row), hold them under a lease (a crashed worker's claim
 * expires and is retried), and either mark them sent or reschedule them.
 * A row is an email, or a post to a team's webhook (decision 041), which
 * takes the same claims, retries and staff screen.
 */

export type OutboxMessage<Templates extends MailTemplates, Name extends MailTemplateName<Templates>> = {
  template: Name;
  to: string;
  params: MailTemplateParams<Templates, Name>;
  /** What caused it, for staff and logs; defaults to the template name. */
  kind?: string;
  /** The record it is about, so staff see its delivery there and erasing the record erases its mail. */
  consultationId?: number;
  applicationId?: number;
  registrationId?: number;
  /** A Message-ID of its own, so a later message can thread to it; otherwise the transport derives one from the row. */
  messageId?: string;
};

/** A recipient that is not one plain mailbox; no later attempt can send to it. */
export class NotAMailboxError extends Error {
  constructor() {
    super("The recipient is not one plain email address");
  }
}

/**
 * The recipient as one plain mailbox. Mail libraries read a display name
 * ("x <a@b.c>") or a list ("a@b.c, d@e.f") as other recipients than the
 * text the forms checked, so nothing else is ever handed to a transport.
 */
function plainMailbox(address: string): string {
  const mailbox = normaliseEmailAddress(address);
  if (mailbox === null) throw new NotAMailboxError();
  return mailbox;
}

/** Writes the message inside the caller's transaction; returns its id for `attemptNow`. */
export async function enqueue<Templates extends MailTemplates, Name extends MailTemplateName<Templates>>(
  templates: Templates,
  tx: Database,
  message: OutboxMessage<Templates, Name>,
): Promise<number> {
  // A bad recipient or bad params fail the caller's transaction now, instead of the worker later.
  const to = plainMailbox(message.to);
  const { subject } = renderTemplate(templates, message.template, message.params, to);
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: message.kind ?? message.template,
      toAddress: to,
      subject,
      template: message.template,
      params: message.params as Record<string, unknown>,
      consultationId: message.consultationId ?? null,
      applicationId: message.applicationId ?? null,
      registrationId: message.registrationId ?? null,
      messageId: message.messageId ?? null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error("The outbox insert returned no row");
  return row.id;
}

export type WebhookPost = {
  /** Checked by checkWebhookAddress when the team's address was saved. */
  url: string;
  /** The exact JSON posted; the signature covers these bytes. */
  body: string;
  /** The team whose current signing secret signs each attempt. */
  teamId: number;
  /** What the post is about, for the outbox screen. */
  summary: string;
  kind: string;
  consultationId?: number;
};

/** Writes a webhook post inside the caller's transaction; the worker delivers it as it does emails. */
export async function enqueueWebhook(tx: Database, post: WebhookPost): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      channel: "webhook",
      kind: post.kind,
      toAddress: post.url,
      subject: post.summary.slice(0, 300),
      template: "webhook",
      params: {},
      body: post.body,
      teamId: post.teamId,
      consultationId: post.consultationId ?? null,
    })
    .returning({ id: outbox.id });
  if (!row) throw new Error("The outbox insert returned no row");
  return row.id;
}

const suppressionReasonWords: Record<SuppressionReason, string> = {
  "hard-bounce": "a hard bounce",
  complaint: "a complaint",
  "smtp-failure": "a permanent SMTP failure",
};

/** 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 2 h. */
const DEFAULT_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000] as const;

function defaultBackoffMs(attempts: number): number {
  return DEFAULT_BACKOFF_MS[Math.min(Math.max(attempts, 1), DEFAULT_BACKOFF_MS.length) - 1] ?? 7_200_000;
}

export type AttemptResult = { status: "sent" } | { status: "failed"; error: string } | { status: "pending" };

export type OutboxWorkerOptions = {
  db: Database;
  /** What the stored template names render with. */
  templates: MailTemplates;
  transport: MailTransport;
  /** MAIL_FROM: the sender of every message no team sends. */
  from: string;
  /** The team inboxes that send (and sign) replies to a visitor's own request; without them, `from` sends those too. */
  senders?: Pick<MailSenders, "sales" | "hiring">;
  /** The site's origin and the company's address for the frame, as they are when each message goes out. */
  brand?: () => Promise<MailBrand>;
  maxAttempts: number;
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long a claim lasts; transports time out well inside it. */
  leaseMs?: number;
  /** Delay before the next try after `attempts` failed tries. */
  backoffMs?: (attempts: number) => number;
  /** How long a webhook receiver has to answer; 5 s, shorter only in tests. */
  webhookTimeoutMs?: number;
};

export type OutboxWorker = {
  /** Look for due messages now instead of at the next poll. */
  nudge(): void;
  /** The first delivery attempt of one message, right away; resolves within timeoutMs. */
  attemptNow(id: number, timeoutMs: number): Promise<AttemptResult>;
  /** Stops polling and waits for deliveries in flight. */
  stop(): Promise<void>;
};

type OutboxRow = typeof outbox.$inferSelect;

const millis = (ms: number): SQL => sql`now() + (${ms}::double precision * interval '1 millisecond')`;

/** How often a worker tries again to record a delivery while the database is away. */
const SENT_RECORD_RETRY_MS = 250;

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    templates,
    transport,
    from,
    senders,
    brand = () => Promise.resolve({ siteUrl: "http://localhost:3000", company: defaultMailCompany }),
    maxAttempts,
    pollIntervalMs = 2_000,
    batchSize = 10,
    leaseMs = 5 * 60_000,
    backoffMs = defaultBackoffMs,
    webhookTimeoutMs = WEBHOOK_TIMEOUT_MS,
  } = options;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let tickAgain = false;
  const inFlight = new Set<Promise<unknown>>();
  const alikeFrame = createAlikeFrames();

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  async function claim(only?: number): Promise<OutboxRow[]> {
    // One ordered range of one index, however many messages wait: a backlog of a campaign's released rows
    // must not make each claim sort them all. Transactional messages whose worker died are put back among
    // the pending ones first (requeueInterrupted).
    const due = only
      ? and(eq(outbox.id, only), eq(outbox.status, "pending"), lt(outbox.attempts, maxAttempts))
      : and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, sql`now()`), lt(outbox.attempts, maxAttempts));
    const candidates = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(due)
      .orderBy(outbox.nextAttemptAt)
      .limit(only ? 1 : batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(outbox)
      .set({ status: "sending", attempts: sql`${outbox.attempts} + 1`, lockedUntil: millis(leaseMs) })
      .where(inArray(outbox.id, candidates))
      .returning();
  }

  async function send(row: OutboxRow, params: unknown): Promise<void> {
    if (row.channel === "webhook") {
      // The team's secret now, so a secret regenerated since the post was queued signs its retries.
      const [team] = row.teamId === null ? [] : await db.select({ secret: teams.webhookSecret }).from(teams).where(eq(teams.id, row.teamId));
      await postWebhook(row.toAddress, row.body ?? "{}", team?.secret ?? null, webhookTimeoutMs);
      return;
    }
    const to = plainMailbox(row.toAddress);
    const rendered = renderTemplate(templates, row.template, params, to);
    const framed = await frameMail(rendered, { from, senders, brand: await brand() }, alikeFrame(templates, row.template, params));
    // A template whose EmailJS fields are a subject and a message gets the framed HTML too, for a template that draws `{{{message_html}}}`.
    const emailjsParams = "message" in rendered.emailjsParams ? { ...rendered.emailjsParams, message_html: framed.html } : rendered.emailjsParams;
    await transport.send({
      ...rendered,
      ...framed,
      emailjsParams,
      outboxId: row.id,
      messageId: row.messageId ?? undefined,
      to,
      template: row.template,
    });
  }

  /**
   * Checked as each message goes out, not when it is queued (decision 072): a
   * bounce or complaint that arrives while a message waits still stops it.
   */
  async function suppressionStopping(row: OutboxRow): Promise<SuppressionReason | null> {
    return row.channel === "email" ? suppressionOf(db, row.toAddress, mailClassOf(row.kind)) : null;
  }

  async function deliver(row: OutboxRow): Promise<AttemptResult> {
    const suppressed = await suppressionStopping(row);
    if (suppressed !== null) {
      const reason = `Not sent: the address is on the suppression list (${suppressionReasonWords[suppressed]})`;
      await db.update(outbox).set({ status: "suppressed", lastError: reason, lockedUntil: null }).where(eq(outbox.id, row.id));
      logger.info({ outboxId: row.id, template: row.template, reason: suppressed }, "Delivery skipped: the recipient is suppressed");
      return { status: "failed", error: reason };
    }
    let params: unknown = row.params;
    try {
      if (row.channel === "email") params = await paramsToSend(templates, row.template, db, row.params);
      if (params === null) {
        const reason = "Not sent: the recipient left the list before it went out";
        await db.update(outbox).set({ status: "suppressed", lastError: reason, lockedUntil: null }).where(eq(outbox.id, row.id));
        return { status: "failed", error: reason };
      }
      await send(row, params);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The mail server refused this recipient for good: no later message of any kind should try it either.
      if (error instanceof PermanentRecipientError) {
        await suppress(db, { address: row.toAddress, reason: "smtp-failure", source: "smtp", detail: withoutAddresses(message) });
      }
      // No later attempt of this process can render a name it lacks or send to what is not a mailbox: fail now instead of retrying for hours.
      const giveUp =
        row.attempts >= maxAttempts ||
        error instanceof UnknownMailTemplateError ||
        error instanceof NotAMailboxError ||
        error instanceof PermanentRecipientError;
      await db
        .update(outbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: message.slice(0, 2_000),
          lockedUntil: null,
          nextAttemptAt: giveUp ? sql`now()` : millis(backoffMs(row.attempts)),
        })
        .where(eq(outbox.id, row.id));
      logger.warn(
        // A mail server's refusal often quotes the recipient: the log keeps the reason, not the address.
        { outboxId: row.id, channel: row.channel, template: row.template, attempts: row.attempts, error: withoutAddresses(message), giveUp },
        giveUp ? "Delivery failed for good" : "Delivery failed; will retry",
      );
      return { status: "failed", error: message };
    }
    await recordSent(row);
    return { status: "sent" };
  }

  /**
   * The mail server has the message: record that. While the database is away (a
   * restart, a lost connection) keep trying for half the lease, since a claim left
   * as `sending` is taken again once its lease runs out, and the message would
   * go out twice.
   */
  async function recordSent(row: OutboxRow): Promise<void> {
    const giveUpAt = Date.now() + leaseMs / 2;
    for (let attempt = 1; ; attempt++) {
      try {
        await db
          .update(outbox)
          .set({
            status: "sent",
            sentAt: sql`now()`,
            lockedUntil: null,
            lastError: null,
            params: paramsAfterSending(templates, row.template, row.params),
          })
          .where(eq(outbox.id, row.id));
        return;
      } catch (error) {
        if (stopped || Date.now() + SENT_RECORD_RETRY_MS > giveUpAt) throw error;
        if (attempt === 1) logger.warn({ outboxId: row.id, err: error }, "Recording a sent email failed; trying again until the database answers");
        await new Promise((resolve) => setTimeout(resolve, SENT_RECORD_RETRY_MS));
      }
    }
  }

  /** A claim whose worker died on its last allowed attempt: no retry left, so say so. */
  async function failAbandoned(): Promise<void> {
    await db
      .update(outbox)
      .set({
        status: "failed",
        lockedUntil: null,
        lastError: sql`coalesce(${outbox.lastError} || '; ', '') || 'delivery was interrupted on the last attempt'`,
      })
      .where(and(eq(outbox.status, "sending"), lt(outbox.lockedUntil, sql`now()`), sql`${outbox.attempts} >= ${maxAttempts}`));
    await failInterrupted();
    await requeueInterrupted();
  }

  /** A campaign's message whose worker died mid-send: it may have gone, and a second copy is worse than a missing one (decision 075). */
  async function failInterrupted(): Promise<void> {
    await db
      .update(outbox)
      .set({ status: "failed", lockedUntil: null, lastError: "Delivery was interrupted; not tried again, as it may have gone" })
      .where(and(eq(outbox.status, "sending"), lt(outbox.lockedUntil, sql`now()`), isNotNull(outbox.campaignId)));
  }

  /** A transactional message whose worker died mid-send is tried again, as any failed attempt is. */
  async function requeueInterrupted(): Promise<void> {
    await db
      .update(outbox)
      .set({ status: "pending", lockedUntil: null })
      .where(and(eq(outbox.status, "sending"), lt(outbox.lockedUntil, sql`now()`), isNull(outbox.campaignId), lt(outbox.attempts, maxAttempts)));
  }

  async function drain(): Promise<void> {
    await failAbandoned();
    while (!stopped) {
      const claimed = await claim();
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((row) => track(deliver(row))));
      if (claimed.length < batchSize) return;
    }
  }

  function tick(): void {
    if (stopped) return;
    if (ticking) {
      tickAgain = true;
      return;
    }
    clearTimeout(timer);
    ticking = drain()
      .catch((error: unknown) => {
        // An unreachable database must not stop the worker; the next poll tries again.
        logger.error({ err: error }, "Outbox poll failed");
      })
      .finally(() => {
        ticking = undefined;
        if (stopped) return;
        if (tickAgain) {
          tickAgain = false;
          tick();
        } else {
          timer = setTimeout(tick, pollIntervalMs);
          timer.unref();
        }
      });
  }

  async function outcomeOf(id: number, deadline: number): Promise<AttemptResult> {
    while (Date.now() < deadline) {
      const [row] = await db.select({ status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError }).from(outbox).where(eq(outbox.id, id));
      if (!row) return { status: "failed", error: `There is no email with id ${id}` };
      if (row.status === "sent") return { status: "sent" };
      if (row.status === "failed" || row.status === "suppressed" || (row.status === "pending" && row.attempts > 0)) {
        return { status: "failed", error: row.lastError ?? "delivery failed" };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { status: "pending" };
  }

  function attemptNow(id: number, timeoutMs: number): Promise<AttemptResult> {
    const deadline = Date.now() + timeoutMs;
    const work = track(
      (async (): Promise<AttemptResult> => {
        const [row] = await claim(id);
        // Someone else (the worker, another process) already has it: report what they get.
        return row ? deliver(row) : outcomeOf(id, deadline);
      })().catch((error: unknown): AttemptResult => {
        logger.error({ outboxId: id, err: error }, "Immediate email attempt failed");
        return { status: "pending" };
      }),
    );
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<AttemptResult>((resolve) => {
      timeout = setTimeout(() => resolve({ status: "pending" }), Math.max(0, timeoutMs));
    });
    return Promise.race([work, timedOut]).finally(() => clearTimeout(timeout));
  }

  tick();

  return {
    nudge: tick,
    attemptNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await Promise.allSettled([...inFlight]);
    },
  };
}
