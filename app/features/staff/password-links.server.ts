import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { audit, type AuditActor } from "#app/features/staff/audit.server.ts";
import { authOf } from "#app/features/staff/auth.server.ts";
import { normaliseRoles, type StaffRole } from "#app/features/staff/roles.ts";
import { staffUsers, staffVerifications } from "#app/platform/db/schema.server.ts";
import { hitRateLimit, type RateLimitRule } from "#app/platform/rate-limit.server.ts";
import type { Services } from "#app/platform/services.server.ts";

/*
 * One kind of one-time link sets a password: for a new account (24 hours),
 * and after "forgot password" (30 minutes). Both are better-auth
 * reset-password tokens, stored hashed and consumed by the first use.
 */

export const SETUP_LINK_TTL_MS = 24 * 60 * 60_000;
export const RESET_LINK_TTL_MS = 30 * 60_000;
const TOKEN_PREFIX = "reset-password:";

/**
 * Creates a single-use token for the user and answers the page that uses it.
 * The newest link is the only one that works: issuing it retires the user's earlier ones.
 */
export async function issuePasswordLink(services: Pick<Services, "db" | "env">, userId: string, ttlMs: number): Promise<{ url: string; expiresAt: Date }> {
  const auth = await authOf(services);
  const context = await auth.$context;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ttlMs);
  // Identifiers are stored hashed; password links are the only verification rows we make, valued by user id.
  await services.db.delete(staffVerifications).where(eq(staffVerifications.value, userId));
  await context.internalAdapter.createVerificationValue({ identifier: `${TOKEN_PREFIX}${token}`, value: userId, expiresAt });
  return { url: `${services.env.SITE_URL}/staff/set-password?${new URLSearchParams({ token })}`, expiresAt };
}

/** The account a password link is for, while it can still be used (without using it). */
export async function findPasswordLink(services: Pick<Services, "db" | "env">, token: string): Promise<{ userId: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const context = await (await authOf(services)).$context;
  const found = await context.internalAdapter.findVerificationValue(`${TOKEN_PREFIX}${token}`);
  return found && found.expiresAt > new Date() ? { userId: found.value } : null;
}

export type StaffAccountInput = { email: string; name: string; roles: readonly StaffRole[] };

export type StaffAccountResult =
  { status: "created"; userId: string; url: string; expiresAt: Date } | { status: "exists"; userId: string; roles: StaffRole[]; url: string; expiresAt: Date };

/**
 * A new account with a 24-hour link to choose its password. For an address
 * that already has an account, a fresh link for it (how an admin who lost
 * their password and their mail gets back in); its roles stay.
 */
export async function createStaffAccount(
  services: Pick<Services, "db" | "env">,
  input: StaffAccountInput,
  actor: AuditActor,
  ipAddress: string | null = null,
): Promise<StaffAccountResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await services.db
    .select({ id: staffUsers.id, roles: staffUsers.roles })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email));
  if (existing) {
    const link = await issuePasswordLink(services, existing.id, SETUP_LINK_TTL_MS);
    await audit(services.db, { actor, action: "account-link-issued", target: { type: "staff", id: existing.id }, ipAddress });
    return { status: "exists", userId: existing.id, roles: existing.roles, ...link };
  }
  const roles = normaliseRoles(input.roles);
  if (roles.length === 0) throw new Error("A staff account needs at least one role.");
  const userId = randomUUID();
  await services.db.transaction(async (tx) => {
    await tx.insert(staffUsers).values({ id: userId, email, name: input.name.trim() || email, roles });
    await audit(tx, { actor, action: "account-created", target: { type: "staff", id: userId }, detail: { roles }, ipAddress });
  });
  return { status: "created", userId, ...(await issuePasswordLink(services, userId, SETUP_LINK_TTL_MS)) };
}

/** Reset requests one address may cause per hour; more are answered alike and send nothing. */
const RESETS_PER_ADDRESS: RateLimitRule = { limit: 3, windowMs: 60 * 60_000 };

/**
 * "Forgot password": a 30-minute link by email through the outbox, when the
 * address belongs to an active account. The caller answers the same either way.
 */
export async function requestPasswordReset(services: Services, emailInput: string, ipAddress: string): Promise<void> {
  const email = emailInput.trim().toLowerCase();
  const key = `password-reset:${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;
  if (!(await hitRateLimit(services.db, key, RESETS_PER_ADDRESS)).allowed) return;
  const [account] = await services.db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, deactivatedAt: staffUsers.deactivatedAt })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email));
  if (!account || account.deactivatedAt) return;
  const link = await issuePasswordLink(services, account.id, RESET_LINK_TTL_MS);
  await services.db.transaction(async (tx) => {
    await services.outbox.enqueue(tx, {
      kind: "staff",
      to: account.email,
      template: "staff-password-reset",
      params: { name: account.name, url: link.url, valid_for: "30 minutes" },
    });
    await audit(tx, { actor: { id: account.id, email: account.email }, action: "password-reset-requested", ipAddress });
  });
  services.outbox.nudge();
}
