import { sql } from "drizzle-orm";
import { assignLead } from "#app/features/staff/teams/rotation.server.ts";
import type { DatabaseDriver } from "#app/platform/db/client.server.ts";
import { openTestDatabase } from "#tests/support/databases.ts";
import { median, percentile } from "./statistics.ts";

/** Transactions of each kind, taken in turns. */
const SAMPLES = 2_000;
/** Sales accounts on the team the rules choose, one of them away. */
const MEMBERS = 8;

const ms = (value: number) => +value.toFixed(3);

/**
 * What choosing an owner adds to a consultation post: the post's transaction
 * with `assignLead` in it (the routing rules read, the chosen team's turn
 * taken, its available members read) against the same transaction without it,
 * in turns, so a slow spell of the machine falls on both. Five teams, four
 * rules (the lead matches the third), eight members of whom one is away.
 */
export async function ownerChoiceBench(driver: DatabaseDriver) {
  const database = await openTestDatabase(driver);
  try {
    const { db } = database;
    await db.execute(sql`insert into teams (name) select 'Team ' || n from generate_series(1, 5) as n`);
    await db.execute(sql`
      insert into routing_rules (position, country, solution_area, source, team_id)
      select n, case n when 1 then 'Germany' when 2 then 'India' when 3 then 'India' else null end,
             case n when 2 then 'erp' when 3 then 'crm' else null end, case n when 4 then 'linkedin' else null end,
             (select id from teams where name = 'Team ' || n)
        from generate_series(1, 4) as n`);
    await db.execute(sql`
      insert into staff_user (id, name, email, roles, away_since)
      select 'bench-member-' || n, 'Member ' || n, 'member' || n || '@staff.example.com', array['sales'], case when n = 4 then now() end
        from generate_series(1, ${MEMBERS}::int) as n`);
    await db.execute(sql`
      insert into team_members (team_id, user_id) select (select id from teams where name = 'Team 3'), id from staff_user where id like 'bench-member-%'`);

    const facts = { country: "India", pagePath: "/crm", source: null };
    const withOwner: number[] = [];
    const without: number[] = [];
    const owners = new Map<string, number>();
    const timed = async (work: Parameters<typeof db.transaction>[0]) => {
      const started = performance.now();
      await db.transaction(work);
      return performance.now() - started;
    };
    for (let turn = 0; turn < SAMPLES; turn++) {
      without.push(await timed(async (tx) => void (await tx.execute(sql`select 1`))));
      withOwner.push(
        await timed(async (tx) => {
          await tx.execute(sql`select 1`);
          const assignment = await assignLead(tx, facts);
          const owner = assignment?.owner?.name ?? "nobody";
          owners.set(owner, (owners.get(owner) ?? 0) + 1);
        }),
      );
    }
    const added = withOwner.map((value, index) => value - without[index]!);
    return {
      database: driver,
      samples: SAMPLES,
      medianWithoutMs: ms(median(without)),
      medianWithMs: ms(median(withOwner)),
      addedMedianMs: ms(median(added)),
      addedP95Ms: ms(percentile(added, 95)),
      addedWorstMs: ms(Math.max(...added)),
      // Seven available members in turn: each should have a seventh of the leads.
      leadsPerOwner: [...owners.values()].sort((a, b) => a - b).join("–"),
    };
  } finally {
    await database.dispose();
  }
}
