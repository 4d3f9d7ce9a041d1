import { and, eq, inArray, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { handleConsultationPost } from "#app/features/consultation/submit-consultation.server.ts";
import { changeRoles } from "#app/features/staff/accounts.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { addMember, addRule, createTeam, setAway } from "#app/features/staff/teams/teams.server.ts";
import type { DatabaseDriver } from "#app/platform/db/client.server.ts";
import { consultations, outbox, staffUsers, teamMembers, teams, type StaffRole } from "#app/platform/db/schema.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { featureDrivers } from "#tests/support/databases.ts";
import { withTestServices } from "#tests/support/services.ts";
import { consultationValues } from "#tests/support/forms.ts";

vi.setConfig({ testTimeout: 90_000 });

const SITE = "https://www.example.com";
const SALES_INBOX = "sales-inbox@example.com";

const withServices = (driver: DatabaseDriver, run: (services: Services) => Promise<void>) => withTestServices(driver, { SITE_URL: SITE, SALES_INBOX }, run);

const admin: StaffUser = { id: "admin-1", name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin"], timeZone: null };

/** Sales accounts; inserting them is enough for them to join the default team. */
async function salesAccounts(services: Services, names: string[]): Promise<string[]> {
  const rows = names.map((name) => ({
    id: `sales-${name.toLowerCase()}`,
    name,
    email: `${name.toLowerCase()}@staff.example.com`,
    roles: ["sales"] as StaffRole[],
  }));
  await services.db.insert(staffUsers).values(rows);
  return rows.map((row) => row.id);
}

let posted = 0;

/** A visitor's consultation, sent from `page` of the site (its Referer). */
async function postLead(services: Services, { country = "Spain", page = "/" }: { country?: string; page?: string } = {}) {
  const n = ++posted;
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress: "10.1.2.3" });
  const request = new Request(`${SITE}/consultation`, {
    method: "POST",
    body: new URLSearchParams(consultationValues({ fullName: `Lead ${n}`, email: `lead${n}@example.com`, country, brief: `Project number ${n}.` })),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE, Referer: `${SITE}${page}` },
  });
  const result = await handleConsultationPost(request, context, services);
  expect(result.init?.status ?? 200).toBe(200);
  const [row] = await services.db
    .select({ id: consultations.id, ownerId: consultations.ownerId, teamId: consultations.teamId })
    .from(consultations)
    .where(eq(consultations.email, `lead${n}@example.com`));
  return row!;
}

/** How many leads each owner has (null: unassigned). */
async function leadsPerOwner(services: Services): Promise<Record<string, number>> {
  const rows = await services.db
    .select({ owner: consultations.ownerId, n: sql<number>`count(*)::int` })
    .from(consultations)
    .groupBy(consultations.ownerId);
  return Object.fromEntries(rows.map((row) => [row.owner ?? "nobody", row.n]));
}

for (const driver of await featureDrivers()) {
  test(`leads rotate evenly over the default team's members, each owner is emailed a link, an away or deactivated member is passed by (${driver})`, async () => {
    await withServices(driver, async (services) => {
      const [ana, ben, cai] = await salesAccounts(services, ["Ana", "Ben", "Cai"]);
      // An editor never joins a team.
      await services.db.insert(staffUsers).values({ id: "editor-1", name: "Eve", email: "eve@staff.example.com", roles: ["editor"] });
      const [defaultTeam] = await services.db.select().from(teams).where(eq(teams.isDefault, true));
      expect((await services.db.select({ userId: teamMembers.userId }).from(teamMembers)).map((m) => m.userId).sort()).toEqual([ana, ben, cai]);

      for (let i = 0; i < 9; i++) await postLead(services);
      expect(await leadsPerOwner(services)).toEqual({ [ana!]: 3, [ben!]: 3, [cai!]: 3 });
      const lead = await postLead(services);
      expect(lead.teamId).toBe(defaultTeam!.id);
      const mails = await services.db
        .select({ to: outbox.toAddress, params: outbox.params })
        .from(outbox)
        .where(and(eq(outbox.consultationId, lead.id), eq(outbox.template, "consultation-notification")));
      const owner = (await services.db.select().from(staffUsers).where(eq(staffUsers.id, lead.ownerId!)))[0]!;
      expect(mails.map((mail) => mail.to).sort()).toEqual([owner.email, SALES_INBOX].sort());
      expect(mails[0]!.params).toMatchObject({ record_url: `${SITE}/staff/consultations/${lead.id}`, owner_name: owner.name });

      // Ben is away, Cai is deactivated: the next four go to Ana.
      await services.db.insert(staffUsers).values(admin);
      await setAway(services.db, ben!, true, admin, "10.0.0.1");
      await services.db.update(staffUsers).set({ deactivatedAt: new Date() }).where(eq(staffUsers.id, cai!));
      const next = await Promise.all([1, 2, 3, 4].map(() => postLead(services)));
      expect(next.map((row) => row.ownerId)).toEqual([ana, ana, ana, ana]);
    });
  });

  test(`an account that holds sales among other roles rotates; one that only recruits never gets a lead, even on a team (${driver})`, async () => {
    await withServices(driver, async (services) => {
      const [ana] = await salesAccounts(services, ["Ana"]);
      await services.db
        .insert(staffUsers)
        .values([
          admin,
          { id: "rita", name: "Rita", email: "rita@staff.example.com", roles: ["sales", "recruiter"] },
          { id: "rex", name: "Rex", email: "rex@staff.example.com", roles: ["recruiter"] },
        ]);
      const [defaultTeam] = await services.db.select().from(teams).where(eq(teams.isDefault, true));
      // Holding sales is what makes an account join the default team; recruiting alone is not.
      expect((await services.db.select({ userId: teamMembers.userId }).from(teamMembers)).map((m) => m.userId).sort()).toEqual(["rita", ana]);
      // A recruiter left on a team (say, once sales) is still passed by.
      await services.db.insert(teamMembers).values({ teamId: defaultTeam!.id, userId: "rex" });

      for (let i = 0; i < 6; i++) await postLead(services);
      expect(await leadsPerOwner(services)).toEqual({ [ana!]: 3, rita: 3 });

      // Rita gives up sales: still a member, but no more leads.
      expect(await changeRoles(services.db, { targetId: "rita", roles: ["recruiter"], shownRoles: ["sales", "recruiter"] }, admin, "10.0.0.1")).toMatchObject({
        ok: true,
      });
      for (let i = 0; i < 3; i++) await postLead(services);
      expect(await leadsPerOwner(services)).toEqual({ [ana!]: 6, rita: 3 });
    });
  });

  test(`nobody available: the lead stays unassigned in its team and every active admin is told (${driver})`, async () => {
    await withServices(driver, async (services) => {
      const [ana] = await salesAccounts(services, ["Ana"]);
      await services.db.insert(staffUsers).values([
        admin,
        { id: "admin-2", name: "Abe Admin", email: "abe@staff.example.com", roles: ["admin"] },
        { id: "admin-3", name: "Old Admin", email: "old@staff.example.com", roles: ["admin"], deactivatedAt: new Date() },
        // An editor who is also an admin is one of the admins.
        { id: "admin-4", name: "Eda Editor", email: "eda@staff.example.com", roles: ["admin", "editor"] },
      ]);
      await setAway(services.db, ana!, true, admin, "10.0.0.1");
      const lead = await postLead(services);
      expect(lead.ownerId).toBeNull();
      expect(lead.teamId).not.toBeNull();
      const alerts = await services.db
        .select({ to: outbox.toAddress })
        .from(outbox)
        .where(and(eq(outbox.consultationId, lead.id), eq(outbox.template, "consultation-unassigned")));
      expect(alerts.map((row) => row.to).sort()).toEqual(["abe@staff.example.com", "ada@staff.example.com", "eda@staff.example.com"]);
      // The sales inbox still hears of it, saying nobody owns it.
      const [notification] = await services.db
        .select({ to: outbox.toAddress, params: outbox.params })
        .from(outbox)
        .where(and(eq(outbox.consultationId, lead.id), eq(outbox.template, "consultation-notification")));
      expect(notification).toMatchObject({ to: SALES_INBOX, params: { owner_name: null } });
    });
  });

  test(`a rule on country and solution area sends a lead from a matching page to its team; others go to the default team (${driver})`, async () => {
    await withServices(driver, async (services) => {
      const [ana, ben] = await salesAccounts(services, ["Ana", "Ben"]);
      await services.db.insert(staffUsers).values(admin);
      await createTeam(services.db, "India CRM", admin, "10.0.0.1");
      const [india] = await services.db.select().from(teams).where(eq(teams.name, "India CRM"));
      await addMember(services.db, india!.id, ben!, admin, "10.0.0.1");
      await addRule(services.db, { country: "india", solutionArea: "crm", source: null, teamId: india!.id }, admin, "10.0.0.1");

      const matched = await postLead(services, { country: "India", page: "/crm" });
      expect(matched).toMatchObject({ ownerId: ben, teamId: india!.id });
      // Same country from another page, and another country from /crm: the default team, where Ana and Ben take turns.
      const others = [await postLead(services, { country: "India", page: "/erp" }), await postLead(services, { country: "Peru", page: "/crm" })];
      expect(others.every((row) => row.teamId !== india!.id)).toBe(true);
      expect(others.map((row) => row.ownerId).sort()).toEqual([ana, ben].sort());
    });
  });
}

if ((await featureDrivers()).includes("pg")) {
  test("parallel submissions on PostgreSQL spread evenly: the team's turn is taken under its row lock", async () => {
    await withServices("pg", async (services) => {
      const members = await salesAccounts(services, ["Ana", "Ben", "Cai", "Dee"]);
      const leads = await Promise.all(Array.from({ length: 16 }, () => postLead(services)));
      expect(new Set(leads.map((lead) => lead.id)).size).toBe(16);
      expect(await leadsPerOwner(services)).toEqual(Object.fromEntries(members.map((id) => [id, 4])));
      const [team] = await services.db
        .select({ turns: teams.turns })
        .from(teams)
        .where(inArray(teams.isDefault, [true]));
      expect(team!.turns).toBe(16);
    });
  });
}
