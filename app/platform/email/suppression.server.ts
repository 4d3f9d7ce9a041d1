import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { normaliseEmailAddress } from "#app/features/forms/form-rules.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { mailSuppressions, type SuppressionReason } from "#app/platform/db/schema.server.ts";

/*
 * The suppression list (decision 072). A hard bounce or a complaint from the
 * mail provider, or our own relay's permanent refusal, puts an address on it;
 * staff may lift it with a reason. What it stops depends on the mail:
 * newsletter mail goes to no suppressed address, while mail someone asked
 * for (a confirmation, a password link) stops only for a complaint, since a
 * bounced address may have been fixed and the person is waiting for it.
 */

/** Newsletter mail (confirmation, campaigns, digests) or mail a person asked for. */
export type MailClass = "newsletter" | "transactional";

/** The outbox kinds that are list mail (the newsletter, job alerts); every other kind is transactional. */
const newsletterKinds: ReadonlySet<string> = new Set(["newsletter", "job-alert"]);

export function mailClassOf(outboxKind: string): MailClass {
  return newsletterKinds.has(outboxKind) ? "newsletter" : "transactional";
}

export type SuppressionReport = {
  address: string;
  reason: SuppressionReason;
  /** ses, postmark, mailgun, sendgrid, generic or smtp. */
  source: string;
  /** The provider's words, kept short. */
  detail?: string | null;
};

const MAX_DETAIL_LENGTH = 500;

/** The address as the site keeps addresses, or null when it is not one plain mailbox (nothing is stored then). */
export function suppressionAddress(value: string): string | null {
  const address = normaliseEmailAddress(value);
  return address === null ? null : address.toLowerCase();
}

/**
 * Puts the address on the list, or refreshes its entry: the last time seen,
 * and back in force if it was lifted. A complaint in force stays a complaint
 * when a bounce follows, since it stops more mail. False when the address
 * is not one plain mailbox.
 */
export async function suppress(db: Database, report: SuppressionReport): Promise<boolean> {
  const address = suppressionAddress(report.address);
  if (address === null) return false;
  const detail = report.detail ? report.detail.slice(0, MAX_DETAIL_LENGTH) : null;
  const inForce = sql`${mailSuppressions.liftedAt} is null`;
  await db
    .insert(mailSuppressions)
    .values({ address, reason: report.reason, source: report.source, detail })
    .onConflictDoUpdate({
      target: mailSuppressions.address,
      set: {
        reason: sql`case when ${inForce} and ${mailSuppressions.reason} = 'complaint' then ${mailSuppressions.reason} else excluded.reason end`,
        source: sql`case when ${inForce} and ${mailSuppressions.reason} = 'complaint' and excluded.reason <> 'complaint' then ${mailSuppressions.source} else excluded.source end`,
        detail: sql`case when ${inForce} and ${mailSuppressions.reason} = 'complaint' and excluded.reason <> 'complaint' then ${mailSuppressions.detail} else excluded.detail end`,
        firstSeenAt: sql`case when ${inForce} then ${mailSuppressions.firstSeenAt} else now() end`,
        lastSeenAt: sql`now()`,
        liftedAt: null,
        liftedBy: null,
        liftReason: null,
      },
    });
  return true;
}

/** The reasons that stop each class of mail. */
function stoppingReasons(mailClass: MailClass): SQL {
  return mailClass === "newsletter" ? sql`true` : sql`${mailSuppressions.reason} = 'complaint'`;
}

/**
 * A condition true when the address in `addressColumn` may not be sent mail of
 * this class: for a bulk send's query (`where not …`), so a campaign never
 * makes rows for suppressed addresses.
 */
export function suppressedAddress(addressColumn: AnyPgColumn | SQL, mailClass: MailClass): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${mailSuppressions} where ${mailSuppressions.address} = lower(${addressColumn}) and ${mailSuppressions.liftedAt} is null and ${stoppingReasons(mailClass)})`;
}

/** The reason in force that stops this class of mail to `address`, or null when it may be sent. */
export async function suppressionOf(db: Database, address: string, mailClass: MailClass): Promise<SuppressionReason | null> {
  const normalised = suppressionAddress(address);
  if (normalised === null) return null;
  const [row] = await db
    .select({ reason: mailSuppressions.reason })
    .from(mailSuppressions)
    .where(and(eq(mailSuppressions.address, normalised), isNull(mailSuppressions.liftedAt), stoppingReasons(mailClass)));
  return row?.reason ?? null;
}

/** Whether mail of this class must not go to `address`. */
export async function isSuppressed(db: Database, address: string, mailClass: MailClass): Promise<boolean> {
  return (await suppressionOf(db, address, mailClass)) !== null;
}
