// The entry without Kysely, which only a direct database connection needs: the tables are Drizzle's (decision 086).
import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "#app/platform/db/client.server.ts";
import { staffAccounts, staffSessions, staffUsers, staffVerifications } from "#app/platform/db/schema.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import { siteSecret } from "#app/platform/site-secret.server.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/features/staff/password-rules.ts";
import type { Services } from "#app/platform/services.server.ts";

/*
 * Staff sign-in is better-auth's (decision 010): its password hashing,
 * session rows and one-time tokens, called from our own routes and forms
 * (auth.api), never through its HTTP handler.
 */

/** A session ends after this long without a request. */
export const SESSION_IDLE_SECONDS = 8 * 60 * 60;
/** How often a used session's expiry moves forward (and its cookie is sent again). */
const SESSION_REFRESH_SECONDS = 5 * 60;
export const SESSION_COOKIE_PREFIX = "kraf-staff";

function createAuth(db: Database, secret: string, siteUrl: string) {
  return betterAuth({
    appName: "Kraf staff",
    baseURL: siteUrl,
    basePath: "/staff/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: staffUsers, session: staffSessions, account: staffAccounts, verification: staffVerifications },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts are created by an admin or on the command line, never by signing up.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        roles: { type: "string[]", required: true, input: false },
        deactivatedAt: { type: "date", required: false, input: false },
        timeZone: { type: "string", required: false, input: false },
      },
    },
    session: { expiresIn: SESSION_IDLE_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    verification: { storeIdentifier: "hashed" },
    // Our routes guard posts (origin, rate limits) before they reach better-auth.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: siteUrl.startsWith("https:"),
      // Path "/": a client-side navigation loads `/staff.data`, which a "/staff" cookie would not reach.
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message) => logger[level]({ component: "better-auth" }, message),
    },
  });
}

export type StaffAuth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Promise<StaffAuth>>();

/** The process's better-auth, one per database. */
export function authOf(services: Pick<Services, "db" | "env">): Promise<StaffAuth> {
  let instance = instances.get(services.db);
  if (!instance) {
    instance = siteSecret(services).then((secret) => createAuth(services.db, secret, services.env.SITE_URL));
    instances.set(services.db, instance);
  }
  return instance;
}
