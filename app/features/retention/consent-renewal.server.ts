import { and, eq, isNull, sql } from "drizzle-orm";
import { appliedFor } from "#app/features/careers/application-stage.ts";
import { monthsText, RENEWAL_NOTICE_DAYS } from "#app/features/retention/retention-periods.ts";
import { readRetention } from "#app/features/retention/retention.server.ts";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { jobApplications, jobs } from "#app/platform/db/schema.server.ts";
import { renewalLinkOf, secondOf, type LinkServices, type RenewalLink } from "#app/features/retention/renewal-link.server.ts";

/*
 * What the consent-renewal link's page (routes/applications.keep.$token.tsx)
 * reads and does (decision 081): the application's state as the link sees it,
 * and "Keep my application", which starts its retention period again.
 */

/** What the page shows of the application: only what the candidate told us or we told them. */
export type RenewalApplication = {
  reference: string;
  position: string;
  receivedOn: string;
  resumeName: string;
  /** When it will be deleted unless kept: the notice's date plus the notice period. */
  removalOn: string;
  /** How long a renewal keeps it: the applications' period in force, in words. */
  keptFor: string;
};

export type RenewalState =
  /** Malformed, forged, or made for another purpose. */
  | { kind: "not-valid" }
  /** Anonymised or erased: nothing is left to keep. */
  | { kind: "removed" }
  /** Its notice period has ended, or a later notice replaced this one. */
  | { kind: "expired" }
  /** Kept from this link's notice on: until when. */
  | { kind: "kept"; reference: string; keptUntil: string }
  | { kind: "open"; application: RenewalApplication };

const DAY_MS = 24 * 60 * 60_000;

// The day in UTC: the server does not know the candidate's zone, and a date needs no hour.
const dayFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

function keptUntil(months: number, renewedAt: Date): string {
  const until = new Date(renewedAt);
  until.setUTCMonth(until.getUTCMonth() + months);
  return dayFormat.format(until);
}

async function stateOf(db: Database, link: RenewalLink, now: Date): Promise<RenewalState> {
  const [row] = await db
    .select({
      reference: jobApplications.reference,
      position: jobApplications.position,
      jobTitle: jobs.title,
      createdAt: jobApplications.createdAt,
      resumeName: jobApplications.resumeName,
      renewalNoticeAt: jobApplications.renewalNoticeAt,
      consentRenewedAt: jobApplications.consentRenewedAt,
      anonymisedAt: jobApplications.anonymisedAt,
    })
    .from(jobApplications)
    .leftJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, link.id));
  if (!row || row.anonymisedAt) return { kind: "removed" };
  const { periods } = await readRetention(db);
  if (row.consentRenewedAt && secondOf(row.consentRenewedAt) >= secondOf(link.noticeAt)) {
    return { kind: "kept", reference: row.reference, keptUntil: keptUntil(periods.applicationMonths, row.consentRenewedAt) };
  }
  const removalAt = new Date(link.noticeAt.getTime() + RENEWAL_NOTICE_DAYS * DAY_MS);
  const current = row.renewalNoticeAt !== null && secondOf(row.renewalNoticeAt) === secondOf(link.noticeAt);
  if (!current || removalAt <= now) return { kind: "expired" };
  return {
    kind: "open",
    application: {
      reference: row.reference,
      position: appliedFor(row),
      receivedOn: dayFormat.format(row.createdAt),
      resumeName: row.resumeName,
      removalOn: dayFormat.format(removalAt),
      keptFor: monthsText(periods.applicationMonths),
    },
  };
}

/** What the link opens: read only, as mail scanners follow links. */
export async function renewalFor(services: LinkServices, token: string, now = new Date()): Promise<RenewalState> {
  const link = await renewalLinkOf(services, token);
  return link ? stateOf(services.db, link, now) : { kind: "not-valid" };
}

/** The audit log's actor for the candidate's own choice: no one signed in, and nothing that names them (not even their address). */
const CANDIDATE_ACTOR: AuditActor = { id: null, email: "candidate's emailed link" };

/**
 * "Keep my application": the period starts again from now and the next notice
 * comes before its new end. A second press, or a link already used, changes
 * nothing and answers what the first did.
 */
export async function keepApplication(services: LinkServices, token: string, now = new Date()): Promise<RenewalState> {
  const link = await renewalLinkOf(services, token);
  if (!link) return { kind: "not-valid" };
  const state = await stateOf(services.db, link, now);
  if (state.kind !== "open") return state;
  await services.db.transaction(async (tx) => {
    const kept = await tx
      .update(jobApplications)
      .set({ consentRenewedAt: now, renewalNoticeAt: null })
      .where(
        and(
          eq(jobApplications.id, link.id),
          sql`date_trunc('second', ${jobApplications.renewalNoticeAt}) = ${link.noticeAt.toISOString()}::timestamptz`,
          isNull(jobApplications.anonymisedAt),
        ),
      )
      .returning({ id: jobApplications.id });
    if (kept.length === 0) return;
    await audit(tx, { actor: CANDIDATE_ACTOR, action: "application-kept", target: { type: "application", id: link.id } });
  });
  return stateOf(services.db, link, now);
}
