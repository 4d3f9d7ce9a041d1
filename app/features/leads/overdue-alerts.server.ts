import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { readBusinessHours } from "#app/features/leads/business-hours.server.ts";
import { holdsRole } from "#app/features/staff/roles.server.ts";
import { enqueueLeadWebhook } from "#app/features/staff/teams/team-webhooks.server.ts";
import { rowsOf, type Database } from "#app/platform/db/client.server.ts";
import { consultations, staffUsers, teamMembers } from "#app/platform/db/schema.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import type { Outbox } from "#app/platform/services.server.ts";

/*
 * The overdue alert (decision 041): once a waiting lead passes its due time,
 * its owner and its team's lead (the active admins when the team has none)
 * get an email, and the team's webhook a post. Every server process sweeps;
 * the claim is one UPDATE of `overdue_alerted_at` over rows taken FOR UPDATE
 * SKIP LOCKED, in the transaction that writes the alerts, so each lead is
 * alerted exactly once however many processes sweep, and a crash between
 * claim and alert undoes both.
 */

/** How often each process sweeps: an alert goes out at most this long after the due time. */
export const OVERDUE_SWEEP_INTERVAL_MS = 60_000;

/** Leads claimed per transaction; a backlog is taken in several. */
const CLAIM_BATCH = 100;

type ClaimedLead = { id: number; reference: string; fullName: string; country: string; ownerId: string | null; teamId: number | null; dueAt: Date };

type SweepServices = { db: Database; outbox: Pick<Outbox, "enqueue" | "nudge">; env: Pick<Env, "SITE_URL"> };

/**
 * Claims up to `limit` overdue leads not yet alerted, marking them alerted. The
 * WHERE repeats the partial index's predicate word for word, so the planner reads
 * only that index; rows another sweep holds are skipped, and a row it alerted
 * meanwhile fails the outer `overdue_alerted_at is null` on the re-check.
 */
async function claimOverdue(tx: Database, limit: number): Promise<ClaimedLead[]> {
  const result = await tx.execute(sql`
    update ${consultations} set overdue_alerted_at = now()
    where id in (
      select id from ${consultations}
      where first_response_at is null and overdue_alerted_at is null and status not in ('spam', 'lost') and due_at <= now()
      order by due_at, id
      limit ${limit}
      for update skip locked
    ) and overdue_alerted_at is null
    returning id, reference, full_name as "fullName", country, owner_id as "ownerId", team_id as "teamId", due_at as "dueAt"`);
  return rowsOf<ClaimedLead>(result).map((row) => ({
    ...row,
    id: Number(row.id),
    teamId: row.teamId === null ? null : Number(row.teamId),
    dueAt: new Date(row.dueAt),
  }));
}

type Person = { id: string; name: string; email: string };

/** Who hears of each claimed lead: its active owner, plus its team's active lead, or every active admin when the team has none. */
async function recipientsOf(tx: Database, leads: ClaimedLead[]) {
  const ownerIds = [...new Set(leads.flatMap((lead) => (lead.ownerId ? [lead.ownerId] : [])))];
  const teamIds = [...new Set(leads.flatMap((lead) => (lead.teamId === null ? [] : [lead.teamId])))];
  const active = isNull(staffUsers.deactivatedAt);
  // One after another: the transaction is one connection.
  const owners =
    ownerIds.length === 0
      ? []
      : await tx
          .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, active: sql<boolean>`${staffUsers.deactivatedAt} is null` })
          .from(staffUsers)
          .where(inArray(staffUsers.id, ownerIds));
  const teamLeads =
    teamIds.length === 0
      ? []
      : await tx
          .select({ teamId: teamMembers.teamId, id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
          .from(teamMembers)
          .innerJoin(staffUsers, eq(staffUsers.id, teamMembers.userId))
          .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.isLead, true), active));
  const admins = await tx
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(and(holdsRole("admin"), active));
  return (lead: ClaimedLead): { owner: (Person & { active: boolean }) | null; recipients: string[] } => {
    const owner = owners.find((person) => person.id === lead.ownerId) ?? null;
    const leads = teamLeads.filter((person) => person.teamId === lead.teamId);
    const escalation: Person[] = leads.length > 0 ? leads : admins;
    const addresses = [...(owner?.active ? [owner.email] : []), ...escalation.map((person) => person.email)];
    const recipients = [...new Map(addresses.map((address) => [address.toLowerCase(), address])).values()];
    return { owner, recipients };
  };
}

function dueText(dueAt: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(dueAt);
  return `${text} (${timeZone})`;
}

/** One sweep: alerts every lead that is overdue and not yet alerted; answers how many it alerted. */
export async function sweepOverdueLeads({ db, outbox, env }: SweepServices): Promise<number> {
  let alerted = 0;
  const { timeZone } = await readBusinessHours(db);
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const leads = await claimOverdue(tx, CLAIM_BATCH);
      if (leads.length === 0) return 0;
      const recipientsFor = await recipientsOf(tx, leads);
      for (const lead of leads) {
        const { owner, recipients } = recipientsFor(lead);
        const recordUrl = `${env.SITE_URL}/staff/consultations/${lead.id}`;
        const params = {
          full_name: lead.fullName,
          country: lead.country,
          reference: lead.reference,
          owner_name: owner?.name ?? null,
          due_at: dueText(lead.dueAt, timeZone),
          record_url: recordUrl,
        };
        for (const to of recipients) {
          await outbox.enqueue(tx, { template: "consultation-overdue", to, params, kind: "overdue", consultationId: lead.id });
        }
        await enqueueLeadWebhook(tx, lead.teamId, "lead.overdue", {
          id: lead.id,
          fullName: lead.fullName,
          country: lead.country,
          ownerName: owner?.name ?? null,
          recordUrl,
        });
      }
      return leads.length;
    });
    alerted += claimed;
    if (claimed < CLAIM_BATCH) break;
  }
  if (alerted > 0) outbox.nudge();
  return alerted;
}
