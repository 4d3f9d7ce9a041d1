import { createHash } from "node:crypto";
import type { FreshPostgres } from "#tests/support/forms.ts";
import type { TestS3Server } from "#tests/support/s3-server.ts";
import type { Delivery } from "#tests/support/scale/counting-smtp.ts";
import type { Answer, Submission } from "#tests/support/scale/traffic.ts";

/*
 * What the scale test reads back after the run, and the rules it judges by.
 *
 * Each submission carries a unique marker: its email address (and its files'
 * names start with the same marker, so a stored object names its submission).
 * A submission's verdict comes from all the answers it got (a double submit
 * has two, a retried one more):
 * - "success": at least one success answer. It must be stored exactly once,
 *   with every file it sent present in S3 byte for byte (SHA-256).
 * - "not stored": every answer was a definite no (refused, busy, or the app's
 *   own failure answer). It must not be stored, and none of its files may be left.
 * - "unknown": no success, and at least one answer never came (the process
 *   died, nginx answered 502). It may be stored once or not at all, never
 *   twice; if stored, its files must all be there.
 * An attempt whose answer never came may have stored its files before its
 * process died and before its row was committed: S3 and PostgreSQL share no
 * transaction, and a killed process cannot clean up. Such objects (named by a
 * submission with a lost answer, whatever its verdict: a retry with the same
 * key stores its own files) are counted as left by the kill, not as a
 * failure. Any other S3 object that no stored row names is an orphan: a
 * failure (a failed or refused post must take its files back).
 */

export type Verdict = "success" | "not stored" | "unknown";

export function verdictOf(answers: Answer[]): Verdict {
  if (answers.some((answer) => answer.outcome === "success")) return "success";
  if (answers.some((answer) => answer.outcome === "lost")) return "unknown";
  return "not stored";
}

export type StoredRow = { email: string; keys: { key: string; name: string }[]; reference?: string };
export type OutboxRow = { id: number; status: string; to: string; template: string; attempts: number; messageId: string | null };

export type Snapshot = {
  rows: { consultation: StoredRow[]; application: StoredRow[]; newsletter: StoredRow[] };
  tableCounts: Record<string, number>;
  outbox: OutboxRow[];
  objects: Map<string, string>;
};

const TABLES = ["consultations", "consultation_attachments", "job_applications", "newsletter_subscriptions", "outbox", "rate_limits", "job"];

export async function takeSnapshot(db: FreshPostgres, s3: TestS3Server): Promise<Snapshot> {
  const query = async <T>(text: string) => (await db.pool.query(text)).rows as T[];
  const consultations = await query<{ id: string; email: string }>("select id::text, email from consultations");
  const attachments = await query<{ consultation_id: string; storage_key: string; original_name: string }>(
    "select consultation_id::text, storage_key, original_name from consultation_attachments",
  );
  const byConsultation = new Map<string, { key: string; name: string }[]>();
  for (const a of attachments)
    byConsultation.set(a.consultation_id, [...(byConsultation.get(a.consultation_id) ?? []), { key: a.storage_key, name: a.original_name }]);
  const applications = await query<{ email: string; reference: string; resume_key: string; resume_name: string }>(
    "select email, reference, resume_key, resume_name from job_applications",
  );
  const newsletter = await query<{ email: string }>("select email from newsletter_subscriptions");
  const outbox = await query<{ id: string; status: string; to_address: string; template: string; attempts: number; message_id: string | null }>(
    "select id::text, status, to_address, template, attempts, message_id from outbox",
  );
  const tableCounts: Record<string, number> = {};
  for (const table of TABLES) tableCounts[table] = await db.count(table);
  const objects = new Map<string, string>();
  for (const key of await s3.listKeys()) {
    const object = await s3.readObject(key);
    if (object) objects.set(key, createHash("sha256").update(object.bytes).digest("hex"));
  }
  return {
    rows: {
      consultation: consultations.map((c) => ({ email: c.email, keys: byConsultation.get(c.id) ?? [] })),
      application: applications.map((a) => ({ email: a.email, reference: a.reference, keys: [{ key: a.resume_key, name: a.resume_name }] })),
      newsletter: newsletter.map((n) => ({ email: n.email, keys: [] })),
    },
    tableCounts,
    outbox: outbox.map((o) => ({ id: Number(o.id), status: o.status, to: o.to_address, template: o.template, attempts: o.attempts, messageId: o.message_id })),
    objects,
  };
}

export type Audit = {
  verdicts: Record<Verdict, number>;
  storedUnknown: number;
  /** Submissions stored more than once, or stored against their verdict; files missing or different. */
  problems: string[];
  /** Objects without a row left by attempts whose answer was lost (their process died). */
  leftByKill: string[];
  orphans: string[];
  doubles: { sent: number; oneRow: number; sameReference: number };
  retried: { sent: number; oneRow: number };
};

export function auditSubmissions(submissions: Submission[], snapshot: Snapshot): Audit {
  const problems: string[] = [];
  const verdicts: Record<Verdict, number> = { success: 0, "not stored": 0, unknown: 0 };
  let storedUnknown = 0;
  const interruptedMarkers = new Set<string>();
  const referenced = new Set<string>();
  const doubles = { sent: 0, oneRow: 0, sameReference: 0 };
  const retried = { sent: 0, oneRow: 0 };
  const rowsByEmail = new Map<string, StoredRow[]>();
  for (const [kind, rows] of Object.entries(snapshot.rows)) {
    for (const row of rows) {
      rowsByEmail.set(`${kind}:${row.email}`, [...(rowsByEmail.get(`${kind}:${row.email}`) ?? []), row]);
      for (const { key } of row.keys) referenced.add(key);
    }
  }
  const sent = new Set(submissions.map((s) => `${s.kind}:${s.email}`));
  for (const key of rowsByEmail.keys()) if (!sent.has(key)) problems.push(`${key}: stored, but no client sent it`);

  for (const submission of submissions) {
    const verdict = verdictOf(submission.answers);
    verdicts[verdict] += 1;
    const rows = rowsByEmail.get(`${submission.kind}:${submission.email}`) ?? [];
    const label = `${submission.kind} ${submission.email} (${submission.answers.map((a) => `${a.status} ${a.outcome}`).join(", ")})`;
    if (rows.length > 1) problems.push(`${label}: stored ${rows.length} times`);
    if (verdict === "success" && rows.length === 0) problems.push(`${label}: answered with success but not stored`);
    if (verdict === "not stored" && rows.length > 0) problems.push(`${label}: every answer said it failed, yet it is stored`);
    if (verdict === "unknown" && rows.length === 1) storedUnknown += 1;
    if (submission.answers.some((answer) => answer.outcome === "lost")) interruptedMarkers.add(submission.email.split("@")[0]!);
    const row = rows[0];
    if (row) {
      // Every file sent is stored under a key its row names, byte for byte.
      const stored = new Map(row.keys.map((k) => [k.name, k.key]));
      if (stored.size !== submission.files.length) problems.push(`${label}: ${submission.files.length} files sent, ${stored.size} on the row`);
      for (const file of submission.files) {
        const key = stored.get(file.name);
        const hash = key ? snapshot.objects.get(key) : undefined;
        if (!key || !hash) problems.push(`${label}: ${file.name} is not in the store`);
        else if (hash !== file.sha256) problems.push(`${label}: ${file.name} differs from what was sent`);
      }
      const references = new Set(submission.answers.filter((a) => a.outcome === "success" && a.reference).map((a) => a.reference));
      if (submission.kind === "application" && references.size > 0 && (references.size !== 1 || !references.has(row.reference))) {
        problems.push(`${label}: answered with references ${[...references].join(", ")} but stored as ${row.reference}`);
      }
    }
    if (submission.double) {
      doubles.sent += 1;
      if (rows.length <= 1) doubles.oneRow += 1;
      const references = new Set(submission.answers.map((a) => a.reference).filter(Boolean));
      if (submission.kind !== "application" || references.size <= 1) doubles.sameReference += 1;
    }
    if (submission.retried > 0) {
      retried.sent += 1;
      if (rows.length <= 1) retried.oneRow += 1;
    }
  }

  const leftByKill: string[] = [];
  const orphans: string[] = [];
  for (const key of snapshot.objects.keys()) {
    if (referenced.has(key)) continue;
    // consultation/{ms}_{marker}-{n}.pdf, careers/{ms}_{marker}-cv.pdf
    const marker = /\/\d+_([a-z0-9]+)-/.exec(key)?.[1] ?? "";
    (interruptedMarkers.has(marker) ? leftByKill : orphans).push(key);
  }
  return { verdicts, storedUnknown, problems, leftByKill, orphans, doubles, retried };
}

export type MailAudit = {
  delivered: number;
  /** Outbox rows delivered exactly once / more than once / never; deliveries that match no row. */
  once: number;
  doubled: string[];
  missing: string[];
  strangers: string[];
  /** Doubled rows that were claims a fault left "sending" (at-least-once: the same Message-ID twice). */
  doubledAfterKill: string[];
};

/**
 * Every outbox row is one message with its stored Message-ID (a confirmation's, which replies thread
 * under) or else <outbox-{id}@...>: each must
 * arrive exactly once, and nothing else may arrive. The one allowed exception
 * is a claim left "sending" by a fault (`abandoned`: the killed process held
 * it, or PostgreSQL was away when it was to be marked sent): if the message
 * had already reached SMTP, the retry sends it again under the same
 * Message-ID (at-least-once delivery; a receiver drops the repeat by its
 * Message-ID), at most once more. Those are reported apart.
 */
export function auditMail(outbox: OutboxRow[], deliveries: Delivery[], abandoned: Set<number>): MailAudit {
  const counts = new Map<number, number>();
  const strangers: string[] = [];
  const ids = new Set(outbox.map((row) => row.id));
  const byStoredId = new Map(outbox.flatMap((row) => (row.messageId ? [[row.messageId, row.id] as const] : [])));
  for (const delivery of deliveries) {
    const id = byStoredId.get(delivery.messageId) ?? Number(/^<outbox-(\d+)@/.exec(delivery.messageId)?.[1] ?? NaN);
    if (!ids.has(id)) strangers.push(`${delivery.messageId} to ${delivery.to.join(",")}: ${delivery.subject}`);
    else counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const audit: MailAudit = { delivered: deliveries.length, once: 0, doubled: [], missing: [], strangers, doubledAfterKill: [] };
  for (const row of outbox) {
    const count = counts.get(row.id) ?? 0;
    const label = `outbox ${row.id} ${row.template} to ${row.to} (${row.status}, ${row.attempts} attempts): delivered ${count} times`;
    if (count === 1) audit.once += 1;
    else if (count === 0) audit.missing.push(label);
    else if (abandoned.has(row.id) && count === 2) audit.doubledAfterKill.push(label);
    else audit.doubled.push(label);
  }
  return audit;
}

/** The first success answer to a post sent after `since`, as ms after `since`. */
export function firstSuccessAfter(submissions: Submission[], since: number): number | null {
  let first = Infinity;
  for (const s of submissions) for (const a of s.answers) if (a.outcome === "success" && a.startedAt >= since) first = Math.min(first, a.endedAt);
  return Number.isFinite(first) ? first - since : null;
}

/** A table of label/value rows, for the log. */
export function table(title: string, rows: [string, string | number][]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return [`\n${title}`, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)].join("\n");
}
