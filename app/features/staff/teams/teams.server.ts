import { and, asc, desc, eq, gt, isNull, lt, max, sql } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { hasRole, type RoleHolder } from "#app/features/staff/roles.ts";
import { holdsAnyRole } from "#app/features/staff/roles.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { solutionAreaLabel, solutionAreas } from "#app/features/staff/teams/solution-areas.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { isUniqueViolation } from "#app/platform/db/errors.server.ts";
import { routingRules, staffUsers, teamMembers, teams, type StaffRole } from "#app/platform/db/schema.server.ts";

/*
 * Teams, their members and lead, the routing rules that send leads to them,
 * and who is away (decision 038). Every change is audited in its own
 * transaction and answers with a sentence for the page.
 */

/** Roles whose accounts may own leads, so belong to a team: an account holding any of them may. */
export const ownerRoles: readonly StaffRole[] = ["sales", "admin"];

/** Whether the account holds a role that may own leads. */
export function mayOwnLeads(holder: RoleHolder): boolean {
  return ownerRoles.some((role) => hasRole(holder, role));
}

/** The accounts holding a role that may own leads, for queries on `staff_user`. */
const ownerRoleHeld = () => holdsAnyRole(ownerRoles);

export type TeamChange = { ok: true; message: string } | { ok: false; status: number; message: string };

const refused = (status: number, message: string): TeamChange => ({ ok: false, status, message });
const done = (message: string): TeamChange => ({ ok: true, message });
const actorOf = (user: StaffUser): AuditActor => ({ id: user.id, email: user.email });

export type Member = { id: string; name: string; isLead: boolean; away: boolean; active: boolean };
export type Team = { id: number; name: string; isDefault: boolean; members: Member[] };
export type Rule = { id: number; country: string | null; solutionArea: string | null; source: string | null; teamId: number; text: string };
/** An account that may own leads: active, sales or admin. */
export type Owner = { id: string; name: string; away: boolean };

/** The accounts that may own leads, by name. */
export function leadOwners(db: Database): Promise<Owner[]> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name, away: sql<boolean>`${staffUsers.awaySince} is not null` })
    .from(staffUsers)
    .where(and(isNull(staffUsers.deactivatedAt), ownerRoleHeld()))
    .orderBy(asc(sql`lower(${staffUsers.name})`), asc(staffUsers.id));
}

/** What the teams screen shows: every team with its members, the rules in order, and who could join a team. */
export async function readTeams(db: Database): Promise<{ teams: Team[]; rules: Rule[]; owners: Owner[] }> {
  const [teamRows, memberRows, ruleRows, owners] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name, isDefault: teams.isDefault })
      .from(teams)
      .orderBy(desc(teams.isDefault), asc(sql`lower(${teams.name})`)),
    db
      .select({
        teamId: teamMembers.teamId,
        id: staffUsers.id,
        name: staffUsers.name,
        isLead: teamMembers.isLead,
        away: sql<boolean>`${staffUsers.awaySince} is not null`,
        active: sql<boolean>`${staffUsers.deactivatedAt} is null and ${ownerRoleHeld()}`,
      })
      .from(teamMembers)
      .innerJoin(staffUsers, eq(staffUsers.id, teamMembers.userId))
      .orderBy(asc(teamMembers.createdAt), asc(staffUsers.id)),
    db
      .select({
        id: routingRules.id,
        country: routingRules.country,
        solutionArea: routingRules.solutionArea,
        source: routingRules.source,
        teamId: routingRules.teamId,
      })
      .from(routingRules)
      .orderBy(asc(routingRules.position), asc(routingRules.id)),
    leadOwners(db),
  ]);
  return {
    teams: teamRows.map((team) => ({ ...team, members: memberRows.filter((member) => member.teamId === team.id).map(({ teamId: _, ...member }) => member) })),
    rules: ruleRows.map((rule) => ({ ...rule, text: ruleText(rule) })),
    owners,
  };
}

/** A rule's conditions in words: "Country is India and page is about CRM Solutions". */
export function ruleText(rule: Pick<Rule, "country" | "solutionArea" | "source">): string {
  return [
    rule.country !== null ? `country is ${rule.country}` : null,
    rule.solutionArea !== null ? `sent from a ${solutionAreaLabel(rule.solutionArea)} page` : null,
    rule.source !== null ? `source is ${rule.source}` : null,
  ]
    .filter((part) => part !== null)
    .join(" and ")
    .replace(/^./, (first) => first.toUpperCase());
}

const TEAM_NAME_MAX_LENGTH = 60;

/** A team's name from the form, or the sentence that says what is wrong with it. */
export function readTeamName(value: string | undefined): { ok: true; name: string } | { ok: false; message: string } {
  const name = (value ?? "").trim().replace(/\s+/g, " ");
  if (!name) return { ok: false, message: "Enter the team's name." };
  if (name.length > TEAM_NAME_MAX_LENGTH) return { ok: false, message: `Keep a team's name to ${TEAM_NAME_MAX_LENGTH} characters.` };
  return { ok: true, name };
}

const nameTaken = (name: string) => refused(409, `There is already a team called ${name}. Choose another name.`);
const NO_TEAM = "There is no such team. Reload the page to see the teams as they are.";

async function teamById(db: Database, teamId: number) {
  const [team] = await db.select({ id: teams.id, name: teams.name, isDefault: teams.isDefault }).from(teams).where(eq(teams.id, teamId));
  return team ?? null;
}

export async function createTeam(db: Database, name: string, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  try {
    return await db.transaction(async (tx) => {
      const [team] = await tx.insert(teams).values({ name }).returning({ id: teams.id });
      await audit(tx, { actor: actorOf(user), action: "team-created", target: { type: "team", id: team!.id }, detail: { name }, ipAddress });
      return done(`The team ${name} is created. Add its members below.`);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(name);
    throw error;
  }
}

export async function renameTeam(db: Database, teamId: number, name: string, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  try {
    return await db.transaction(async (tx) => {
      const team = await teamById(tx, teamId);
      if (!team) return refused(404, NO_TEAM);
      if (team.name === name) return done(`The team is already called ${name}; nothing was changed.`);
      await tx.update(teams).set({ name }).where(eq(teams.id, teamId));
      await audit(tx, { actor: actorOf(user), action: "team-renamed", target: { type: "team", id: teamId }, detail: { from: team.name, to: name }, ipAddress });
      return done(`${team.name} is now called ${name}.`);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(name);
    throw error;
  }
}

/** Removes a team and its rules; its leads keep their owners. The default team stays. */
export function removeTeam(db: Database, teamId: number, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const team = await teamById(tx, teamId);
    if (!team) return refused(404, NO_TEAM);
    if (team.isDefault)
      return refused(409, `${team.name} is the default team, which leads no rule matches go to; it cannot be removed. Rename it if you like.`);
    const rules = await tx.$count(routingRules, eq(routingRules.teamId, teamId));
    await tx.delete(teams).where(eq(teams.id, teamId));
    await audit(tx, { actor: actorOf(user), action: "team-removed", target: { type: "team", id: teamId }, detail: { name: team.name, rules }, ipAddress });
    const ruleWords = rules === 0 ? "" : rules === 1 ? " and the rule that sent leads to it" : ` and the ${rules} rules that sent leads to it`;
    return done(`The team ${team.name}${ruleWords} are removed. Its leads keep their owners.`);
  });
}

/** Adds an active sales or admin account to a team. */
export function addMember(db: Database, teamId: number, userId: string, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const team = await teamById(tx, teamId);
    if (!team) return refused(404, NO_TEAM);
    const [account] = await tx
      .select({ name: staffUsers.name })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, userId), isNull(staffUsers.deactivatedAt), ownerRoleHeld()));
    if (!account) return refused(400, "Choose an active sales or admin account.");
    const added = await tx.insert(teamMembers).values({ teamId, userId }).onConflictDoNothing().returning({ userId: teamMembers.userId });
    if (added.length === 0) return done(`${account.name} is already in ${team.name}; nothing was changed.`);
    await audit(tx, { actor: actorOf(user), action: "team-member-added", target: { type: "team", id: teamId }, detail: { member: userId }, ipAddress });
    return done(`${account.name} is now in ${team.name} and takes their turn at its leads.`);
  });
}

export function removeMember(db: Database, teamId: number, userId: string, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const team = await teamById(tx, teamId);
    if (!team) return refused(404, NO_TEAM);
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0) return done(`That account is not in ${team.name}; nothing was changed.`);
    await audit(tx, { actor: actorOf(user), action: "team-member-removed", target: { type: "team", id: teamId }, detail: { member: userId }, ipAddress });
    return done(`The member is removed from ${team.name}; the leads they own stay theirs.`);
  });
}

/** Makes one member the team's lead (the one before stops being it). */
export function setLead(db: Database, teamId: number, userId: string, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const team = await teamById(tx, teamId);
    if (!team) return refused(404, NO_TEAM);
    const member = and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId));
    const [current] = await tx.select({ isLead: teamMembers.isLead }).from(teamMembers).where(member);
    if (!current) return refused(400, `Only a member of ${team.name} can be its lead.`);
    if (current.isLead) return done(`That member already is the lead of ${team.name}; nothing was changed.`);
    // Two statements: the one-lead index is checked row by row.
    await tx
      .update(teamMembers)
      .set({ isLead: false })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.isLead, true)));
    await tx.update(teamMembers).set({ isLead: true }).where(member);
    await audit(tx, { actor: actorOf(user), action: "team-lead-set", target: { type: "team", id: teamId }, detail: { lead: userId }, ipAddress });
    return done(`The lead of ${team.name} is changed.`);
  });
}

/**
 * Marks an account away (the rotation passes it by) or back. Anyone may do
 * it for themselves; an admin for anyone (the route checks who asks).
 */
export function setAway(db: Database, userId: string, away: boolean, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ name: staffUsers.name, awaySince: staffUsers.awaySince }).from(staffUsers).where(eq(staffUsers.id, userId));
    if (!account) return refused(404, "There is no such staff account.");
    const who = userId === user.id ? "You are" : `${account.name} is`;
    if ((account.awaySince !== null) === away) return done(`${who} already ${away ? "away" : "back"}; nothing was changed.`);
    await tx
      .update(staffUsers)
      .set({ awaySince: away ? sql`now()` : null })
      .where(eq(staffUsers.id, userId));
    await audit(tx, { actor: actorOf(user), action: away ? "away-set" : "away-cleared", target: { type: "staff", id: userId }, ipAddress });
    return done(
      away
        ? `${who} marked away: new leads go to the others in the team until then.`
        : `${who} back: new leads come ${userId === user.id ? "to you" : "to them"} in turn again.`,
    );
  });
}

export type RuleInput = { country: string | null; solutionArea: string | null; source: string | null; teamId: number };

const CONDITION_MAX_LENGTH = 80;

/** A rule from the form: at least one condition, an area from the list, short texts. */
export function readRule(values: Record<string, string>): { ok: true; rule: RuleInput } | { ok: false; field: string; message: string } {
  const text = (name: string) => (values[name] ?? "").trim() || null;
  const country = text("country");
  const source = text("source")?.toLowerCase() ?? null;
  const solutionArea = text("area");
  const teamId = Number(values.team);
  if (solutionArea !== null && !solutionAreas.some((area) => area.key === solutionArea))
    return { ok: false, field: "area", message: "Choose one of the listed solution areas." };
  if (country === null && solutionArea === null && source === null)
    return { ok: false, field: "country", message: "Give the rule at least one condition: a country, a solution area or a source." };
  if ((country?.length ?? 0) > CONDITION_MAX_LENGTH || (source?.length ?? 0) > CONDITION_MAX_LENGTH)
    return {
      ok: false,
      field: country && country.length > CONDITION_MAX_LENGTH ? "country" : "source",
      message: `Keep a condition to ${CONDITION_MAX_LENGTH} characters.`,
    };
  if (!Number.isSafeInteger(teamId) || teamId < 1) return { ok: false, field: "team", message: "Choose the team the rule sends leads to." };
  return { ok: true, rule: { country, solutionArea, source, teamId } };
}

/** Adds a rule at the end of the list. */
export function addRule(db: Database, rule: RuleInput, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const team = await teamById(tx, rule.teamId);
    if (!team) return refused(404, NO_TEAM);
    // Serialises two admins adding rules at once, so each gets its own place.
    await tx.execute(sql`lock table ${routingRules} in share row exclusive mode`);
    const [last] = await tx.select({ position: max(routingRules.position) }).from(routingRules);
    const [added] = await tx
      .insert(routingRules)
      .values({ ...rule, position: (last?.position ?? 0) + 1 })
      .returning({ id: routingRules.id });
    await audit(tx, {
      actor: actorOf(user),
      action: "routing-rule-added",
      target: { type: "routing-rule", id: added!.id },
      detail: { country: rule.country, area: rule.solutionArea, source: rule.source, team: rule.teamId },
      ipAddress,
    });
    return done(`Rule added: ${ruleText(rule)} → ${team.name}.`);
  });
}

const NO_RULE = "There is no such rule. Reload the page to see the rules as they are.";

export function removeRule(db: Database, ruleId: number, user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(routingRules).where(eq(routingRules.id, ruleId)).returning();
    if (!removed) return refused(404, NO_RULE);
    await audit(tx, { actor: actorOf(user), action: "routing-rule-removed", target: { type: "routing-rule", id: ruleId }, ipAddress });
    return done(`Rule removed: ${ruleText(removed)}.`);
  });
}

/** Swaps a rule with the one before (`up`) or after it. */
export function moveRule(db: Database, ruleId: number, direction: "up" | "down", user: StaffUser, ipAddress: string): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${routingRules} in share row exclusive mode`);
    const [rule] = await tx.select().from(routingRules).where(eq(routingRules.id, ruleId));
    if (!rule) return refused(404, NO_RULE);
    const [neighbour] = await tx
      .select({ id: routingRules.id, position: routingRules.position })
      .from(routingRules)
      .where(direction === "up" ? lt(routingRules.position, rule.position) : gt(routingRules.position, rule.position))
      .orderBy(direction === "up" ? desc(routingRules.position) : asc(routingRules.position))
      .limit(1);
    if (!neighbour) return done(`That rule already is the ${direction === "up" ? "first" : "last"}; nothing was changed.`);
    await tx.update(routingRules).set({ position: neighbour.position }).where(eq(routingRules.id, rule.id));
    await tx.update(routingRules).set({ position: rule.position }).where(eq(routingRules.id, neighbour.id));
    await audit(tx, { actor: actorOf(user), action: "routing-rule-moved", target: { type: "routing-rule", id: ruleId }, detail: { direction }, ipAddress });
    return done(`Rule moved ${direction}: ${ruleText(rule)}.`);
  });
}
