import { and, asc, eq, exists, isNotNull, isNull, sql } from "drizzle-orm";
import { INVALID_EMAIL_MESSAGE, normaliseEmailAddress } from "#app/features/forms/form-rules.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { createStaffAccount, SETUP_LINK_TTL_MS } from "#app/features/staff/password-links.server.ts";
import { allRoles, hasRole, normaliseRoles, roleField, rolesText, sameRoles, type StaffRole } from "#app/features/staff/roles.ts";
import { holdsRole } from "#app/features/staff/roles.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { staffAccounts, staffSessions, staffUsers } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type StaffAccountRow = {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  deactivatedAt: Date | null;
  createdAt: Date;
  hasPassword: boolean;
};

/** Every staff account (or the one with `id`), by name: a team, not a list that needs pages. */
export function listStaffAccounts(db: Database, id?: string): Promise<StaffAccountRow[]> {
  return db
    .select({
      id: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
      roles: staffUsers.roles,
      deactivatedAt: staffUsers.deactivatedAt,
      createdAt: staffUsers.createdAt,
      hasPassword: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(staffAccounts)
          .where(and(eq(staffAccounts.userId, staffUsers.id), isNotNull(staffAccounts.password))),
      )}`,
    })
    .from(staffUsers)
    .where(id === undefined ? undefined : eq(staffUsers.id, id))
    .orderBy(asc(sql`lower(${staffUsers.name})`), asc(staffUsers.email));
}

/** What a change answers: a sentence for the page either way. */
export type AccountChange = { ok: true; message: string } | { ok: false; status: number; message: string };

const refused = (status: number, message: string): AccountChange => ({ ok: false, status, message });

export const NO_ROLE_MESSAGE = "Choose at least one role: an account without a role could open nothing.";

/** The roles whose checkboxes are ticked; empty when none is, which the caller refuses. */
export function tickedRoles(values: Record<string, string>): StaffRole[] {
  return allRoles.filter((role) => values[roleField(role)] !== undefined);
}

/** A set of roles a form carries in one field ("sales,recruiter"), or null when one of them is no role. */
export function parseRoleList(value: string | undefined): StaffRole[] | null {
  const values = (value ?? "").split(",").filter(Boolean);
  const roles = normaliseRoles(values);
  return roles.length === values.length ? roles : null;
}

export type InviteInput = { name: string; email: string; roles: StaffRole[] };

const NAME_MAX_LENGTH = 100;

/** The invitation form's values, or the sentence that says what is wrong. */
export function readInvite(values: Record<string, string>): { ok: true; input: InviteInput } | { ok: false; field: string; message: string } {
  const name = (values.name ?? "").trim();
  // Staff addresses are kept in lower case throughout: sign-in and the reset form find them so.
  const email = normaliseEmailAddress(values.email ?? "")?.toLowerCase();
  const roles = tickedRoles(values);
  if (!name) return { ok: false, field: "name", message: "Enter the name of the person you invite." };
  if (name.length > NAME_MAX_LENGTH) return { ok: false, field: "name", message: `Keep the name to ${NAME_MAX_LENGTH} characters.` };
  if (!email) return { ok: false, field: "email", message: INVALID_EMAIL_MESSAGE };
  if (roles.length === 0) return { ok: false, field: "roles", message: NO_ROLE_MESSAGE };
  return { ok: true, input: { name, email, roles } };
}

async function accountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email));
  return row ?? null;
}

/**
 * A new account and an invitation with its 24-hour password link, through
 * the outbox. An address that already has an account is left as it is (no
 * new link either): the admin is told so.
 */
export async function inviteStaff(services: Services, input: InviteInput, actor: StaffUser, ipAddress: string): Promise<AccountChange> {
  const taken = `${input.email} already has a staff account; nothing was changed. To change its roles, use the list below.`;
  if (await accountByEmail(services.db, input.email)) return refused(409, taken);
  const created = await createStaffAccount(services, input, { id: actor.id, email: actor.email }, ipAddress);
  if (created.status === "exists") return refused(409, taken);
  await sendInvitation(services, input, created.url, actor);
  return { ok: true, message: `${input.name} is invited as ${rolesText(input.roles)}. The link in their email works once, for ${SETUP_LINK_VALID_FOR}.` };
}

const SETUP_LINK_VALID_FOR = `${SETUP_LINK_TTL_MS / 3_600_000} hours`;

async function sendInvitation(services: Services, to: InviteInput, url: string, actor: StaffUser) {
  await services.db.transaction(async (tx) => {
    await services.outbox.enqueue(tx, {
      kind: "staff",
      to: to.email,
      template: "staff-invitation",
      params: { name: to.name, url, valid_for: SETUP_LINK_VALID_FOR, invited_by: actor.name, role: rolesText(to.roles) },
    });
  });
  services.outbox.nudge();
}

/**
 * A fresh invitation for an active account whose password is not chosen yet
 * (the first link expired or the mail was lost); the earlier link stops working.
 */
export async function resendInvitation(services: Services, targetId: string, actor: StaffUser, ipAddress: string): Promise<AccountChange> {
  const [target] = await listStaffAccounts(services.db, targetId);
  if (!target) return refused(404, NO_ACCOUNT);
  if (target.deactivatedAt) return refused(409, `${target.name} is deactivated. Reactivate the account first.`);
  if (target.hasPassword)
    return refused(
      409,
      `${target.name} has already chosen a password; nothing was sent. If they forgot it, they can use "Forgot your password?" on the sign-in page.`,
    );
  const created = await createStaffAccount(services, target, { id: actor.id, email: actor.email }, ipAddress);
  await sendInvitation(services, target, created.url, actor);
  return {
    ok: true,
    message: `A new invitation is on its way to ${target.email}. The link in it works once, for ${SETUP_LINK_VALID_FOR}; the earlier link no longer works.`,
  };
}

type Locked = { target: { id: string; name: string; roles: StaffRole[]; deactivatedAt: Date | null } | null; activeAdmins: number };

/**
 * Locks every active admin and the target account for the transaction, so
 * two admins demoting each other at the same moment cannot leave none.
 */
async function lockForChange(tx: Database, targetId: string): Promise<Locked> {
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(holdsRole("admin"), isNull(staffUsers.deactivatedAt)))
    .orderBy(staffUsers.id)
    .for("update");
  const [target] = await tx
    .select({ id: staffUsers.id, name: staffUsers.name, roles: staffUsers.roles, deactivatedAt: staffUsers.deactivatedAt })
    .from(staffUsers)
    .where(eq(staffUsers.id, targetId))
    .for("update");
  return { target: target ?? null, activeAdmins: admins.length };
}

const NO_ACCOUNT = "There is no such staff account.";

function lastAdmin(locked: Locked): boolean {
  return Boolean(locked.target && hasRole(locked.target, "admin") && !locked.target.deactivatedAt && locked.activeAdmins <= 1);
}

/** Said when an admin unticks their own admin role: the page they are on would close to them at once. */
export const OWN_ADMIN_ROLE_MESSAGE = "You cannot remove your own admin role: ask another admin to do it. Nothing was changed.";

/**
 * A new set of roles for an account, the admin's own included. `shownRoles`
 * are the roles the admin saw: if someone changed them since, nothing happens
 * and the answer names the roles it has now. No admin gives up their own
 * admin role (as no admin deactivates their own account): another admin
 * decides that, so nobody locks themselves out by a slip of the mouse. The
 * last active admin keeps the admin role, so someone can always manage accounts.
 */
export function changeRoles(
  db: Database,
  change: { targetId: string; roles: StaffRole[]; shownRoles: StaffRole[] },
  actor: StaffUser,
  ipAddress: string,
): Promise<AccountChange> {
  return db.transaction(async (tx) => {
    const roles = normaliseRoles(change.roles);
    if (roles.length === 0) return refused(400, NO_ROLE_MESSAGE);
    const locked = await lockForChange(tx, change.targetId);
    const target = locked.target;
    if (!target) return refused(404, NO_ACCOUNT);
    if (!sameRoles(target.roles, change.shownRoles)) {
      return refused(409, `${target.name}'s roles were changed meanwhile: now ${rolesText(target.roles)}. Nothing was changed; choose again if needed.`);
    }
    if (sameRoles(target.roles, roles)) return { ok: true, message: `${target.name} already is ${rolesText(target.roles)}; nothing was changed.` };
    if (!roles.includes("admin") && hasRole(target, "admin") && target.id === actor.id) return refused(400, OWN_ADMIN_ROLE_MESSAGE);
    if (!roles.includes("admin") && lastAdmin(locked)) {
      return refused(409, `${target.name} is the last active admin, so the admin role stays. Make someone else an admin first.`);
    }
    await tx
      .update(staffUsers)
      .set({ roles, updatedAt: sql`now()` })
      .where(eq(staffUsers.id, target.id));
    await audit(tx, {
      actor: { id: actor.id, email: actor.email },
      action: "account-role-changed",
      target: { type: "staff", id: target.id },
      detail: { from: target.roles, to: roles },
      ipAddress,
    });
    return { ok: true, message: `${target.id === actor.id ? "You are" : `${target.name} is`} now ${rolesText(roles)}.` };
  });
}

/**
 * Deactivating signs the account out everywhere at once (its sessions go)
 * and keeps it from signing in; reactivating lets it sign in again.
 */
export function setDeactivated(db: Database, targetId: string, deactivate: boolean, actor: StaffUser, ipAddress: string): Promise<AccountChange> {
  return db.transaction(async (tx) => {
    if (targetId === actor.id) return refused(400, "You cannot deactivate your own account. Ask another admin.");
    const locked = await lockForChange(tx, targetId);
    const target = locked.target;
    if (!target) return refused(404, NO_ACCOUNT);
    if (Boolean(target.deactivatedAt) === deactivate) {
      return { ok: true, message: `${target.name} is already ${deactivate ? "deactivated" : "active"}; nothing was changed.` };
    }
    if (deactivate && lastAdmin(locked))
      return refused(409, `${target.name} is the last active admin and cannot be deactivated. Make someone else an admin first.`);
    await tx
      .update(staffUsers)
      .set({ deactivatedAt: deactivate ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(staffUsers.id, target.id));
    if (deactivate) await tx.delete(staffSessions).where(eq(staffSessions.userId, target.id));
    await audit(tx, {
      actor: { id: actor.id, email: actor.email },
      action: deactivate ? "account-deactivated" : "account-reactivated",
      target: { type: "staff", id: target.id },
      ipAddress,
    });
    return { ok: true, message: deactivate ? `${target.name} is deactivated and signed out everywhere.` : `${target.name} is active again and can sign in.` };
  });
}
