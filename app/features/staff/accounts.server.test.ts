import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import {
  changeRoles,
  inviteStaff,
  NO_ROLE_MESSAGE,
  OWN_ADMIN_ROLE_MESSAGE,
  parseRoleList,
  readInvite,
  resendInvitation,
  setDeactivated,
} from "#app/features/staff/accounts.server.ts";
import { findPasswordLink } from "#app/features/staff/password-links.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, staffAccounts, staffSessions, staffUsers, staffVerifications, type StaffRole } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

async function account(db: Database, roles: StaffRole | StaffRole[], name: string): Promise<StaffUser> {
  const user = { id: randomUUID(), name, email: `${name.toLowerCase()}@staff.example.com`, roles: typeof roles === "string" ? [roles] : roles, timeZone: null };
  await db.insert(staffUsers).values(user);
  return user;
}

async function rolesOf(db: Database, id: string) {
  const [row] = await db.select({ roles: staffUsers.roles, deactivatedAt: staffUsers.deactivatedAt }).from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

test("an invitation needs a name, a valid address and at least one role; every ticked role counts", () => {
  expect(readInvite({ name: " Ada ", email: " Ada@Example.com ", "role-sales": "on" })).toEqual({
    ok: true,
    input: { name: "Ada", email: "ada@example.com", roles: ["sales"] },
  });
  expect(readInvite({ name: "Ada", email: "a@b.c", "role-recruiter": "on", "role-sales": "on" })).toMatchObject({
    ok: true,
    input: { roles: ["sales", "recruiter"] },
  });
  expect(readInvite({ name: "", email: "a@b.c", "role-sales": "on" })).toMatchObject({ ok: false, field: "name" });
  expect(readInvite({ name: "Ada", email: "not-an-address", "role-sales": "on" })).toMatchObject({ ok: false, field: "email" });
  expect(readInvite({ name: "Ada", email: "a@b.c" })).toEqual({ ok: false, field: "roles", message: NO_ROLE_MESSAGE });
});

test("the roles a form shows are read back, and a list naming no role is refused", () => {
  expect(parseRoleList("sales,recruiter")).toEqual(["sales", "recruiter"]);
  expect(parseRoleList("recruiter,sales")).toEqual(["sales", "recruiter"]);
  expect(parseRoleList("sales,owner")).toBeNull();
});

for (const driver of drivers) {
  test(`an admin changes an account's set of roles, audited with the old and new set; not one changed meanwhile, never to none (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const admin = await account(db, "admin", "Ada");
      const colleague = await account(db, "recruiter", "Rob");

      expect(await changeRoles(db, { targetId: colleague.id, roles: ["recruiter", "sales"], shownRoles: ["recruiter"] }, admin, "10.0.0.1")).toEqual({
        ok: true,
        message: "Rob is now Sales and Recruiter.",
      });
      expect((await rolesOf(db, colleague.id))?.roles).toEqual(["sales", "recruiter"]);
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "account-role-changed"));
      expect(entry).toMatchObject({
        actorId: admin.id,
        targetId: colleague.id,
        detail: { from: ["recruiter"], to: ["sales", "recruiter"] },
        ipAddress: "10.0.0.1",
      });

      // A second admin's page still shows "recruiter" alone: refused, naming the roles it has now.
      const stale = await changeRoles(db, { targetId: colleague.id, roles: ["editor"], shownRoles: ["recruiter"] }, admin, "10.0.0.1");
      expect(stale).toMatchObject({ ok: false, status: 409 });
      expect(stale.message).toContain("now Sales and Recruiter");
      expect((await rolesOf(db, colleague.id))?.roles).toEqual(["sales", "recruiter"]);

      // No role at all: refused with a sentence, nothing changes.
      const none = await changeRoles(db, { targetId: colleague.id, roles: [], shownRoles: ["sales", "recruiter"] }, admin, "10.0.0.1");
      expect(none).toEqual({ ok: false, status: 400, message: NO_ROLE_MESSAGE });
      expect((await rolesOf(db, colleague.id))?.roles).toEqual(["sales", "recruiter"]);
      // And the database itself refuses an empty set or an unknown role.
      await expect(db.update(staffUsers).set({ roles: [] }).where(eq(staffUsers.id, colleague.id))).rejects.toThrow();
      await expect(
        db
          .update(staffUsers)
          .set({ roles: ["owner" as StaffRole] })
          .where(eq(staffUsers.id, colleague.id)),
      ).rejects.toThrow();

      expect(await changeRoles(db, { targetId: randomUUID(), roles: ["sales"], shownRoles: ["sales"] }, admin, "10.0.0.1")).toMatchObject({
        ok: false,
        status: 404,
      });
      expect(await db.select().from(auditLog).where(eq(auditLog.action, "account-role-changed"))).toHaveLength(1);
    } finally {
      await database.dispose();
    }
  });

  test(`an admin adds a role to their own account but never removes their own admin role; the last active admin keeps it and stays active (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const ada = await account(db, "admin", "Ada");
      const bea = await account(db, "admin", "Bea");
      // Ada gives herself sales too: still an admin.
      expect(await changeRoles(db, { targetId: ada.id, roles: ["admin", "sales"], shownRoles: ["admin"] }, ada, "ip")).toEqual({
        ok: true,
        message: "You are now Admin and Sales.",
      });
      // With Bea still an admin, Ada may not drop her own admin role: refused with its sentence, nothing changed, nothing audited.
      const ownWithTwo = await changeRoles(db, { targetId: ada.id, roles: ["sales"], shownRoles: ["admin", "sales"] }, ada, "ip");
      expect(ownWithTwo).toEqual({ ok: false, status: 400, message: OWN_ADMIN_ROLE_MESSAGE });
      expect(await rolesOf(db, ada.id)).toEqual({ roles: ["admin", "sales"], deactivatedAt: null });
      expect(await db.select().from(auditLog).where(eq(auditLog.action, "account-role-changed"))).toHaveLength(1);
      // Another admin may take it: Ada takes Bea's while there are two; Bea's own page, still open, then tries to drop Ada's.
      expect((await changeRoles(db, { targetId: bea.id, roles: ["sales"], shownRoles: ["admin"] }, ada, "ip")).ok).toBe(true);
      const last = await changeRoles(db, { targetId: ada.id, roles: ["sales"], shownRoles: ["admin", "sales"] }, bea, "ip");
      expect(last).toEqual({ ok: false, status: 409, message: "Ada is the last active admin, so the admin role stays. Make someone else an admin first." });
      // Nor can Ada drop it herself.
      expect(await changeRoles(db, { targetId: ada.id, roles: ["sales"], shownRoles: ["admin", "sales"] }, ada, "ip")).toEqual({
        ok: false,
        status: 400,
        message: OWN_ADMIN_ROLE_MESSAGE,
      });
      expect(await setDeactivated(db, ada.id, true, bea, "ip")).toMatchObject({ ok: false, status: 409 });
      expect(await rolesOf(db, ada.id)).toEqual({ roles: ["admin", "sales"], deactivatedAt: null });

      // A deactivated admin does not count: with Cid deactivated, Ada is still the last one.
      const cid = await account(db, "admin", "Cid");
      expect((await setDeactivated(db, cid.id, true, ada, "ip")).ok).toBe(true);
      expect(await setDeactivated(db, ada.id, true, bea, "ip")).toMatchObject({ ok: false, status: 409 });
      // With another active admin, Dan may take Ada's admin role, but not drop his own; his other roles are his to change.
      const dan = await account(db, ["admin", "editor"], "Dan");
      expect(await changeRoles(db, { targetId: dan.id, roles: ["editor"], shownRoles: ["admin", "editor"] }, dan, "ip")).toEqual({
        ok: false,
        status: 400,
        message: OWN_ADMIN_ROLE_MESSAGE,
      });
      expect(await changeRoles(db, { targetId: dan.id, roles: ["admin"], shownRoles: ["admin", "editor"] }, dan, "ip")).toMatchObject({ ok: true });
      expect(await changeRoles(db, { targetId: ada.id, roles: ["sales"], shownRoles: ["admin", "sales"] }, dan, "ip")).toMatchObject({ ok: true });
      expect(await changeRoles(db, { targetId: dan.id, roles: ["editor"], shownRoles: ["admin"] }, dan, "ip")).toEqual({
        ok: false,
        status: 400,
        message: OWN_ADMIN_ROLE_MESSAGE,
      });
      expect(await rolesOf(db, dan.id)).toEqual({ roles: ["admin"], deactivatedAt: null });
    } finally {
      await database.dispose();
    }
  });

  test(`deactivating signs the account out everywhere; reactivating lets it back; both audited (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const admin = await account(db, "admin", "Ada");
      const sales = await account(db, "sales", "Sam");
      const session = (token: string) => ({ id: randomUUID(), token, userId: sales.id, expiresAt: new Date(Date.now() + 60_000) });
      await db.insert(staffSessions).values([session("one"), session("two"), { ...session("admin's"), userId: admin.id }]);

      expect(await setDeactivated(db, admin.id, true, admin, "ip")).toMatchObject({ ok: false, status: 400 });
      expect(await setDeactivated(db, sales.id, true, admin, "ip")).toMatchObject({ ok: true });
      expect((await rolesOf(db, sales.id))?.deactivatedAt).toBeInstanceOf(Date);
      expect(await db.select({ userId: staffSessions.userId }).from(staffSessions)).toEqual([{ userId: admin.id }]);
      expect((await setDeactivated(db, sales.id, true, admin, "ip")).message).toContain("already deactivated");

      expect(await setDeactivated(db, sales.id, false, admin, "ip")).toMatchObject({ ok: true });
      expect((await rolesOf(db, sales.id))?.deactivatedAt).toBeNull();
      const actions = (await db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id)).map((row) => row.action);
      expect(actions).toEqual(["account-deactivated", "account-reactivated"]);
    } finally {
      await database.dispose();
    }
  });
}

for (const driver of drivers) {
  test(`an invitation creates the account and queues its email with a 24-hour link; a known address is told so and gets nothing; a resent invitation retires the earlier link (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const admin = await account(db, "admin", "Ada");
      const enqueue = vi.fn(async () => 1);
      const nudge = vi.fn();
      const services = { db, env: { SITE_URL: "https://example.com", AUTH_SECRET: "a".repeat(32) }, outbox: { enqueue, nudge } } as unknown as Services;

      const invited = await inviteStaff(services, { name: "Rita", email: "rita@example.com", roles: ["sales", "recruiter"] }, admin, "10.0.0.1");
      expect(invited).toEqual({ ok: true, message: "Rita is invited as Sales and Recruiter. The link in their email works once, for 24 hours." });
      expect(enqueue).toHaveBeenCalledTimes(1);
      expect(enqueue.mock.calls[0]).toContainEqual({
        kind: "staff",
        to: "rita@example.com",
        template: "staff-invitation",
        params: {
          name: "Rita",
          url: expect.stringMatching(/^https:\/\/example\.com\/staff\/set-password\?token=/),
          valid_for: "24 hours",
          invited_by: "Ada",
          role: "Sales and Recruiter",
        },
      });
      expect(nudge).toHaveBeenCalledTimes(1);

      const again = await inviteStaff(services, { name: "Someone", email: "rita@example.com", roles: ["admin"] }, admin, "10.0.0.1");
      expect(again).toMatchObject({ ok: false, status: 409 });
      expect(enqueue).toHaveBeenCalledTimes(1);
      expect(await db.select({ id: staffVerifications.id }).from(staffVerifications)).toHaveLength(1);
      expect(await db.select({ name: staffUsers.name, roles: staffUsers.roles }).from(staffUsers).where(eq(staffUsers.email, "rita@example.com"))).toEqual([
        { name: "Rita", roles: ["sales", "recruiter"] },
      ]);
      expect(await db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, "account-created"))).toEqual([
        { detail: { roles: ["sales", "recruiter"] } },
      ]);

      // Rita lost the mail: a new invitation, and only its link works.
      const [rita] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "rita@example.com"));
      const linkOf = (call: number) =>
        new URL((enqueue.mock.calls[call] as unknown as [unknown, { params: { url: string } }])[1].params.url).searchParams.get("token")!;
      const resent = await resendInvitation(services, rita!.id, admin, "10.0.0.2");
      expect(resent).toMatchObject({ ok: true, message: expect.stringContaining("A new invitation is on its way to rita@example.com") });
      expect(enqueue).toHaveBeenCalledTimes(2);
      expect(await findPasswordLink(services, linkOf(0))).toBeNull();
      expect(await findPasswordLink(services, linkOf(1))).toEqual({ userId: rita!.id });
      expect(await db.select().from(auditLog).where(eq(auditLog.action, "account-link-issued"))).toMatchObject([
        { actorId: admin.id, targetId: rita!.id, ipAddress: "10.0.0.2" },
      ]);

      // Once a password is chosen, or while deactivated, nothing is sent.
      await db.insert(staffAccounts).values({ id: randomUUID(), userId: rita!.id, accountId: rita!.id, providerId: "credential", password: "hash" });
      expect(await resendInvitation(services, rita!.id, admin, "10.0.0.2")).toMatchObject({
        ok: false,
        status: 409,
        message: expect.stringContaining("has already chosen a password"),
      });
      const idle = await account(db, "sales", "Sam");
      await setDeactivated(db, idle.id, true, admin, "10.0.0.2");
      expect(await resendInvitation(services, idle.id, admin, "10.0.0.2")).toMatchObject({
        ok: false,
        status: 409,
        message: "Sam is deactivated. Reactivate the account first.",
      });
      expect(await resendInvitation(services, randomUUID(), admin, "10.0.0.2")).toMatchObject({ ok: false, status: 404 });
      expect(enqueue).toHaveBeenCalledTimes(2);
    } finally {
      await database.dispose();
    }
  });
}
