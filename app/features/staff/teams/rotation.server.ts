import { asc, sql } from "drizzle-orm";
import { routeLead, type LeadFacts } from "#app/features/staff/teams/routing.ts";
import { ownerRoles } from "#app/features/staff/teams/teams.server.ts";
import { rowsOf, type Database } from "#app/platform/db/client.server.ts";
import { routingRules } from "#app/platform/db/schema.server.ts";

/*
 * Choosing a new lead's owner (decision 038), inside the transaction that
 * inserts the lead: the routing rules pick the team, the team's counter of
 * turns picks the member. Two small queries: the rules, then one statement
 * that takes the team's next turn and reads who is available.
 */

export type LeadOwner = { id: string; name: string; email: string };

/** The team the lead went to and its owner; no owner when every member is away or inactive. */
export type Assignment = { teamId: number; teamName: string; owner: LeadOwner | null };

/**
 * Takes the chosen team's next turn and gives it to the available member in
 * that place (members in a fixed order, the turn counted round them). The
 * update locks the team's row until the caller's transaction ends, so a lead
 * arriving at the same moment waits and takes the following turn: two leads
 * never land on the same member while another is free. A member is available
 * while their account is active, sales or admin, and not away. Null only if
 * the database has no default team.
 */
export async function assignLead(tx: Database, facts: LeadFacts): Promise<Assignment | null> {
  const rules = await tx
    .select({ country: routingRules.country, solutionArea: routingRules.solutionArea, source: routingRules.source, teamId: routingRules.teamId })
    .from(routingRules)
    .orderBy(asc(routingRules.position), asc(routingRules.id));
  const teamId = routeLead(facts, rules);
  const [row] = rowsOf<{ team_id: string | number; team_name: string; owner_id: string | null; owner_name: string | null; owner_email: string | null }>(
    await tx.execute(sql`
      with team as (
        update teams set turns = turns + 1
         where id = coalesce(${teamId}::bigint, (select id from teams where is_default))
        returning id, name, turns
      ), available as (
        select u.id, u.name, u.email, row_number() over (order by m.created_at, u.id) - 1 as place, count(*) over () as n
          from team_members m join staff_user u on u.id = m.user_id
         where m.team_id = (select id from team)
           and u.deactivated_at is null and u.away_since is null and u.roles && ${sql.param([...ownerRoles])}::text[]
      )
      select team.id as team_id, team.name as team_name, a.id as owner_id, a.name as owner_name, a.email as owner_email
        from team left join available a on a.place = (team.turns - 1) % a.n`),
  );
  if (!row) return null;
  const owner = row.owner_id !== null ? { id: row.owner_id, name: row.owner_name!, email: row.owner_email! } : null;
  return { teamId: Number(row.team_id), teamName: row.team_name, owner };
}
