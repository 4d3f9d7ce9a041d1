import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { changeRoles } from "#app/features/staff/accounts.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import {
  addMember,
  addRule,
  createTeam,
  moveRule,
  readRule,
  readTeams,
  removeMember,
  removeTeam,
  renameTeam,
  setAway,
  setLead,
} from "#app/features/staff/teams/teams.server.ts";
import { auditLog, staffUsers } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const admin: StaffUser = { id: "admin-1", name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin"], timeZone: null };
const ip = "10.0.0.1";

for (const driver of await featureDrivers()) {
  test(`teams: the default team holds every sales account and stays; names are unique in any case; members must be active sales or admins; one lead; rules in order; every change audited (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db
        .insert(staffUsers)
        .values([
          admin,
          { id: "sales-1", name: "Sam", email: "sam@staff.example.com", roles: ["sales"] },
          { id: "editor-1", name: "Eve", email: "eve@staff.example.com", roles: ["editor"] },
        ]);
      let state = await readTeams(db);
      expect(state.teams.map((team) => [team.name, team.isDefault, team.members.map((m) => m.id)])).toEqual([["Sales", true, ["sales-1"]]]);
      const defaultTeam = state.teams[0]!.id;

      // An editor who also takes on sales joins the default team.
      expect(await changeRoles(db, { targetId: "editor-1", roles: ["editor", "sales"], shownRoles: ["editor"] }, admin, ip)).toMatchObject({ ok: true });
      state = await readTeams(db);
      expect(state.teams[0]!.members.map((m) => m.id)).toEqual(["sales-1", "editor-1"]);

      expect(await removeTeam(db, defaultTeam, admin, ip)).toMatchObject({ ok: false, status: 409 });
      expect(await createTeam(db, "Enterprise", admin, ip)).toMatchObject({ ok: true });
      expect(await createTeam(db, "ENTERPRISE", admin, ip)).toMatchObject({ ok: false, status: 409 });
      expect(await renameTeam(db, defaultTeam, "enterprise", admin, ip)).toMatchObject({ ok: false, status: 409 });
      const enterprise = (await readTeams(db)).teams.find((team) => team.name === "Enterprise")!.id;

      await db.insert(staffUsers).values({ id: "recruiter-1", name: "Rae", email: "rae@staff.example.com", roles: ["recruiter"] });
      expect(await addMember(db, enterprise, "recruiter-1", admin, ip)).toMatchObject({ ok: false, status: 400 });
      expect(await addMember(db, enterprise, "sales-1", admin, ip)).toMatchObject({ ok: true });
      expect(await addMember(db, enterprise, admin.id, admin, ip)).toMatchObject({ ok: true });
      expect(await setLead(db, enterprise, "recruiter-1", admin, ip)).toMatchObject({ ok: false, status: 400 });
      await setLead(db, enterprise, "sales-1", admin, ip);
      await setLead(db, enterprise, admin.id, admin, ip);
      state = await readTeams(db);
      expect(state.teams.find((team) => team.id === enterprise)!.members.map((m) => [m.id, m.isLead])).toEqual([
        ["sales-1", false],
        [admin.id, true],
      ]);
      await setAway(db, "sales-1", true, admin, ip);
      expect((await readTeams(db)).owners.find((owner) => owner.id === "sales-1")!.away).toBe(true);
      await removeMember(db, enterprise, admin.id, admin, ip);

      // Rules: the form's values, then their order.
      expect(readRule({ team: String(enterprise) })).toMatchObject({ ok: false, field: "country" });
      expect(readRule({ area: "nowhere", team: String(enterprise) })).toMatchObject({ ok: false, field: "area" });
      const first = readRule({ country: " India ", source: "LinkedIn", team: String(enterprise) });
      expect(first).toEqual({ ok: true, rule: { country: "India", solutionArea: null, source: "linkedin", teamId: enterprise } });
      await addRule(db, { country: "India", solutionArea: null, source: null, teamId: enterprise }, admin, ip);
      await addRule(db, { country: null, solutionArea: "crm", source: null, teamId: defaultTeam }, admin, ip);
      let rules = (await readTeams(db)).rules;
      expect(rules.map((rule) => rule.text)).toEqual(["Country is India", "Sent from a CRM Solutions page"]);
      expect(await moveRule(db, rules[1]!.id, "up", admin, ip)).toMatchObject({ ok: true });
      rules = (await readTeams(db)).rules;
      expect(rules.map((rule) => rule.text)).toEqual(["Sent from a CRM Solutions page", "Country is India"]);
      expect(await moveRule(db, rules[0]!.id, "up", admin, ip)).toMatchObject({ ok: true, message: expect.stringContaining("already") });

      // Removing a team takes its rules with it.
      expect(await removeTeam(db, enterprise, admin, ip)).toMatchObject({ ok: true });
      expect((await readTeams(db)).rules.map((rule) => rule.text)).toEqual(["Sent from a CRM Solutions page"]);

      const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, admin.id)).orderBy(auditLog.id)).map(
        (row) => row.action,
      );
      expect(actions).toEqual([
        "account-role-changed",
        "team-created",
        "team-member-added",
        "team-member-added",
        "team-lead-set",
        "team-lead-set",
        "away-set",
        "team-member-removed",
        "routing-rule-added",
        "routing-rule-added",
        "routing-rule-moved",
        "team-removed",
      ]);
    } finally {
      await database.dispose();
    }
  });
}
