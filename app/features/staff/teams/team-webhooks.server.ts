import { eq } from "drizzle-orm";
import { audit } from "#app/features/staff/audit.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { TeamChange } from "#app/features/staff/teams/teams.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { teams } from "#app/platform/db/schema.server.ts";
import { enqueueWebhook } from "#app/platform/email/outbox.server.ts";
import { checkWebhookAddress, newWebhookSecret } from "#app/platform/email/webhook.server.ts";

/*
 * A team's outgoing webhook (decision 041): admins set its address and see
 * its signing secret; a new lead for the team and an overdue one are posted
 * to it through the outbox. The post names the lead and links to it, and
 * carries nothing else the visitor wrote.
 */

export type TeamWebhook = { teamId: number; url: string | null; secret: string | null };

const NO_TEAM = "There is no such team. Reload the page to see the teams as they are.";
const actorOf = (user: StaffUser) => ({ id: user.id, email: user.email });

/** Every team's webhook address and secret, for the teams screen (admins only). */
export function readTeamWebhooks(db: Database): Promise<TeamWebhook[]> {
  return db.select({ teamId: teams.id, url: teams.webhookUrl, secret: teams.webhookSecret }).from(teams);
}

/**
 * Sets (or changes) the address; the first address gets a secret. The audit
 * keeps the address's host only: a Slack or Teams address is itself a key.
 */
export function setTeamWebhook(db: Database, teamId: number, address: string, production: boolean, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  const checked = checkWebhookAddress(address, production);
  if (!checked.ok) return Promise.resolve({ ok: false, status: 400, message: checked.message });
  return db.transaction(async (tx) => {
    const [team] = await tx
      .select({ name: teams.name, url: teams.webhookUrl, secret: teams.webhookSecret })
      .from(teams)
      .where(eq(teams.id, teamId))
      .for("update");
    if (!team) return { ok: false, status: 404, message: NO_TEAM };
    if (team.url === checked.url) return { ok: true, message: `${team.name} already posts to that address; nothing was changed.` };
    await tx
      .update(teams)
      .set({ webhookUrl: checked.url, webhookSecret: team.secret ?? newWebhookSecret() })
      .where(eq(teams.id, teamId));
    await audit(tx, {
      actor: actorOf(user),
      action: "team-webhook-set",
      target: { type: "team", id: teamId },
      detail: { host: new URL(checked.url).host },
      ipAddress,
    });
    return { ok: true, message: `New and overdue leads of ${team.name} are now posted to the webhook. Give the receiver the signing secret shown below.` };
  });
}

/** Stops posting for the team; posts already queued still go out. The secret stays for a later address. */
export function removeTeamWebhook(db: Database, teamId: number, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const [team] = await tx.select({ name: teams.name, url: teams.webhookUrl }).from(teams).where(eq(teams.id, teamId));
    if (!team) return { ok: false, status: 404, message: NO_TEAM };
    if (team.url === null) return { ok: true, message: `${team.name} has no webhook; nothing was changed.` };
    await tx.update(teams).set({ webhookUrl: null }).where(eq(teams.id, teamId));
    await audit(tx, {
      actor: actorOf(user),
      action: "team-webhook-removed",
      target: { type: "team", id: teamId },
      detail: { host: new URL(team.url).host },
      ipAddress,
    });
    return { ok: true, message: `${team.name} no longer posts to a webhook.` };
  });
}

/** A new signing secret: the old one stops working at once, for retries too. */
export function regenerateTeamWebhookSecret(db: Database, teamId: number, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const [team] = await tx.update(teams).set({ webhookSecret: newWebhookSecret() }).where(eq(teams.id, teamId)).returning({ name: teams.name });
    if (!team) return { ok: false, status: 404, message: NO_TEAM };
    await audit(tx, { actor: actorOf(user), action: "team-webhook-secret-regenerated", target: { type: "team", id: teamId }, ipAddress });
    return { ok: true, message: `${team.name} has a new signing secret. Give it to the receiver now: posts from this moment are signed with it.` };
  });
}

export type LeadEvent = "lead.created" | "lead.overdue";

/** What the webhook says about a lead: its name, country and page, nothing more of what the visitor wrote. */
export type WebhookLead = { id: number; fullName: string; country: string; ownerName: string | null; recordUrl: string };

/**
 * Slack and Microsoft Teams read `text` and ignore the other fields. Angle
 * brackets are removed from the visitor's name, so it cannot make a Slack
 * link or mention (`<!channel>`).
 */
export function webhookBody(event: LeadEvent, lead: WebhookLead): string {
  const name =
    lead.fullName
      .replace(/[<>\p{Cc}]/gu, "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 120) || "(no name)";
  const country = lead.country.replace(/[<>\p{Cc}]/gu, "").slice(0, 60);
  const owner = lead.ownerName ? `owner ${lead.ownerName.replace(/[<>\p{Cc}]/gu, "")}` : "no owner yet";
  const text =
    event === "lead.created"
      ? `New consultation request from ${name} (${country}), ${owner}: ${lead.recordUrl}`
      : `Overdue: the consultation request from ${name} (${country}) has no response yet, ${owner}: ${lead.recordUrl}`;
  return JSON.stringify({ text, event, lead: { id: lead.id, url: lead.recordUrl } });
}

/** Queues the post inside the caller's transaction when the team has a webhook; answers whether it did. */
export async function enqueueLeadWebhook(tx: Database, teamId: number | null, event: LeadEvent, lead: WebhookLead): Promise<boolean> {
  if (teamId === null) return false;
  const [team] = await tx.select({ url: teams.webhookUrl }).from(teams).where(eq(teams.id, teamId));
  if (!team?.url) return false;
  await enqueueWebhook(tx, {
    url: team.url,
    body: webhookBody(event, lead),
    teamId,
    summary: event === "lead.created" ? `New lead: ${lead.fullName}` : `Overdue lead: ${lead.fullName}`,
    kind: event === "lead.created" ? "consultation" : "overdue",
    consultationId: lead.id,
  });
  return true;
}
