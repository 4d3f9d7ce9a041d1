import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { changeRole, inviteStaff, readInvite, resendInvitation, setDeactivated } from "#app/features/staff/accounts.server.ts";
import { findPasswordLink } from "#app/features/staff/password-links.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, staffAccounts, staffSessions, staffUsers, staffVerifications, type StaffRole } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();

async function account(db: Database, role: StaffRole, name: string): Promise<StaffUser> {
  const user = { id: randomUUID(), name, email: `${name.toLowerCase()}@staff.example.com`, role };
  await db.insert(staffUsers).values(user);
  return user;
}

async function roleOf(db: Database, id: string) {
  const [row] = await db.select({ role: staffUsers.role, deactivatedAt: staffUsers.deactivatedAt }).from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

test("an invitation needs a name, a valid address and a known role", () => {
  expect(readInvite({ name: " Ada ", email: " Ada@Example.com ", role: "sales" })).toEqual({
    ok: true,
    input: { name: "Ada", email: "ada@example.com", role: "sales" },
  });
  expect(readInvite({ name: "", email: "a@b.c", role: "sales" })).toMatchObject({ ok: false, field: "name" });
  expect(readInvite({ name: "Ada", email: "not-an-address", role: "sales" })).toMatchObject({ ok: false, field: "email" });
  expect(readInvite({ name: "Ada", email: "a@b.c", role: "owner" })).toMatchObject({ ok: false, field: "role" });
});

for (const driver of drivers) {
  test(`an admin changes another account's role, audited; not their own, and not one changed meanwhile (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const admin = await account(db, "admin", "Ada");
      const colleague = await account(db, "recruiter", "Rob");

      expect(await changeRole(db, { targetId: colleague.id, role: "sales", shownRole: "recruiter" }, admin, "10.0.0.1")).toEqual({
        ok: true,
        message: "Rob is now Sales.",
      });
      expect((await roleOf(db, colleague.id))?.role).toBe("sales");
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "account-role-changed"));
      expect(entry).toMatchObject({ actorId: admin.id, targetId: colleague.id, detail: { from: "recruiter", to: "sales" }, ipAddress: "10.0.0.1" });

      // A second admin's page still shows "recruiter": refused, naming the role it has now.
      const stale = await changeRole(db, { targetId: colleague.id, role: "editor", shownRole: "recruiter" }, admin, "10.0.0.1");
      expect(stale).toMatchObject({ ok: false, status: 409 });
      expect(stale.message).toContain("it is now Sales");
      expect((await roleOf(db, colleague.id))?.role).toBe("sales");

      expect(await changeRole(db, { targetId: admin.id, role: "sales", shownRole: "admin" }, admin, "10.0.0.1")).toMatchObject({ ok: false, status: 400 });
      expect((await roleOf(db, admin.id))?.role).toBe("admin");
      expect(await changeRole(db, { targetId: randomUUID(), role: "sales", shownRole: "sales" }, admin, "10.0.0.1")).toMatchObject({ ok: false, status: 404 });
    } finally {
      await database.dispose();
    }
  });

  test(`the last active admin can be neither demoted nor deactivated (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const ada = await account(db, "admin", "Ada");
      const bea = await account(db, "admin", "Bea");
      // Ada demotes Bea while there are two; Bea's own page, still open, then tries to demote Ada.
      expect((await changeRole(db, { targetId: bea.id, role: "sales", shownRole: "admin" }, ada, "ip")).ok).toBe(true);
      const last = await changeRole(db, { targetId: ada.id, role: "sales", shownRole: "admin" }, bea, "ip");
      expect(last).toMatchObject({ ok: false, status: 409 });
      expect(last.message).toContain("last active admin");
      expect(await setDeactivated(db, ada.id, true, bea, "ip")).toMatchObject({ ok: false, status: 409 });
      expect(await roleOf(db, ada.id)).toEqual({ role: "admin", deactivatedAt: null });

      // A deactivated admin does not count: with Cid deactivated, Ada is still the last one.
      const cid = await account(db, "admin", "Cid");
      expect((await setDeactivated(db, cid.id, true, ada, "ip")).ok).toBe(true);
      expect(await setDeactivated(db, ada.id, true, bea, "ip")).toMatchObject({ ok: false, status: 409 });
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
      expect((await roleOf(db, sales.id))?.deactivatedAt).toBeInstanceOf(Date);
      expect(await db.select({ userId: staffSessions.userId }).from(staffSessions)).toEqual([{ userId: admin.id }]);
      expect((await setDeactivated(db, sales.id, true, admin, "ip")).message).toContain("already deactivated");

      expect(await setDeactivated(db, sales.id, false, admin, "ip")).toMatchObject({ ok: true });
      expect((await roleOf(db, sales.id))?.deactivatedAt).toBeNull();
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

      const invited = await inviteStaff(services, { name: "Rita", email: "rita@example.com", role: "recruiter" }, admin, "10.0.0.1");
      expect(invited).toEqual({ ok: true, message: "Rita is invited as Recruiter. The link in their email works once, for 24 hours." });
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
          role: "Recruiter",
        },
      });
      expect(nudge).toHaveBeenCalledTimes(1);

      const again = await inviteStaff(services, { name: "Someone", email: "rita@example.com", role: "admin" }, admin, "10.0.0.1");
      expect(again).toMatchObject({ ok: false, status: 409 });
      expect(enqueue).toHaveBeenCalledTimes(1);
      expect(await db.select({ id: staffVerifications.id }).from(staffVerifications)).toHaveLength(1);
      expect(await db.select({ name: staffUsers.name, role: staffUsers.role }).from(staffUsers).where(eq(staffUsers.email, "rita@example.com"))).toEqual([
        { name: "Rita", role: "recruiter" },
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
