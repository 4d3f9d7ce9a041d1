import { and, eq, ilike, inArray, sql } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { retryableStatuses } from "#app/features/staff/outbox-labels.ts";
import { countedRows, countUpTo, cursorOf, exactly, readListPage, type ListOrder } from "#app/features/staff/list-page.server.ts";
import { likePattern, type ListCursor } from "#app/features/staff/list-query.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { outbox, type OutboxChannel, type OutboxStatus } from "#app/platform/db/schema.server.ts";
import { paramsAfterSending, renderTemplate, type MailTemplates, type RenderedMail } from "#app/platform/email/templates.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type OutboxEntry = {
  id: number;
  kind: string;
  channel: OutboxChannel;
  toAddress: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  cursor: string;
};

const listOrder: ListOrder = { time: outbox.createdAt, id: outbox.id };

/** One page of messages, newest first, by status and recipient. */
export function listOutbox({ db }: Pick<Services, "db">, filter: { status: OutboxStatus | null; search: string }, cursor: ListCursor | null) {
  const where = and(
    filter.status ? eq(outbox.status, filter.status) : undefined,
    filter.search ? ilike(outbox.toAddress, likePattern(filter.search)) : undefined,
  );
  return readListPage<OutboxEntry>(
    listOrder,
    cursor,
    ({ keyset, orderBy, limit }) =>
      db
        .select({
          id: outbox.id,
          kind: outbox.kind,
          channel: outbox.channel,
          toAddress: outbox.toAddress,
          subject: outbox.subject,
          status: outbox.status,
          attempts: outbox.attempts,
          lastError: outbox.lastError,
          createdAt: outbox.createdAt,
          sentAt: outbox.sentAt,
          cursor: cursorOf(listOrder),
        })
        .from(outbox)
        .where(and(where, keyset))
        .orderBy(...orderBy)
        .limit(limit),
    async () => (filter.search ? countUpTo(db, outbox, where) : exactly(await countedRows(db, "outbox", filter.status ? { statuses: [filter.status] } : {}))),
  );
}

export type RetryResult = "retried" | "not-failed" | "missing";

/**
 * Gives a failed message a fresh start: pending, due now, with its attempts
 * back at zero (the worker only claims messages under OUTBOX_MAX_ATTEMPTS),
 * then wakes the worker. A suppressed one too, for after its address was
 * lifted (still suppressed, the worker skips it again). Anything else is left
 * alone: it is queued, being sent or sent already.
 */
export async function retryMessage(services: Pick<Services, "db" | "outbox">, id: number, actor: AuditActor, ipAddress: string): Promise<RetryResult> {
  const result = await services.db.transaction(async (tx): Promise<RetryResult> => {
    const [retried] = await tx
      .update(outbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(outbox.id, id), inArray(outbox.status, [...retryableStatuses])))
      .returning({ id: outbox.id });
    if (!retried) {
      const [exists] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id));
      return exists ? "not-failed" : "missing";
    }
    await audit(tx, { actor, action: "outbox-retried", target: { type: "outbox", id }, ipAddress });
    return "retried";
  });
  if (result === "retried") services.outbox.nudge();
  return result;
}

/** What a message says, as it goes out: an email's rendered parts, or a webhook post's JSON. */
export type OutboxContent =
  | { channel: "email"; subject: string; to: string; replyTo: string | null; text: string; html: string }
  | { channel: "webhook"; to: string; json: string }
  | { channel: "email"; unreadable: string; subject: string; to: string };

export type OutboxMessage = Omit<OutboxEntry, "cursor"> & { content: OutboxContent };

/**
 * One message with its content, rendered by the same templates the worker
 * sends it with, in the frame `frame` draws (the worker's). Private links (a
 * template's secret params) are blanked first, as they are in the row once the
 * message is sent: the staff who read the outbox must not be able to follow a
 * link meant for its recipient.
 */
export async function outboxMessage(
  db: Database,
  templates: MailTemplates,
  id: number,
  frame: (mail: RenderedMail) => Promise<{ html: string; text: string }>,
): Promise<OutboxMessage | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) return null;
  const entry = {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
  if (row.channel === "webhook") return { ...entry, content: { channel: "webhook", to: row.toAddress, json: readableJson(row.body ?? "{}") } };
  try {
    const rendered = renderTemplate(templates, row.template, paramsAfterSending(templates, row.template, row.params), row.toAddress);
    const { html, text } = await frame(rendered);
    return { ...entry, content: { channel: "email", subject: rendered.subject, to: row.toAddress, replyTo: rendered.replyTo ?? null, text, html } };
  } catch (error) {
    // A template this server no longer has (or params it cannot read) must not hide the rest of the message.
    return {
      ...entry,
      content: { channel: "email", subject: row.subject, to: row.toAddress, unreadable: error instanceof Error ? error.message : String(error) },
    };
  }
}

/** The posted JSON indented for reading; what is not JSON as it was stored. */
function readableJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
