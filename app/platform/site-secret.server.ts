import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/platform/db/client.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { appState } from "#app/platform/db/schema.server.ts";

/**
 * The site's one secret: AUTH_SECRET when set; otherwise one generated on
 * first start and kept in the database, so a new installation needs no
 * setting and every process of the same site signs alike.
 */
export function siteSecret(services: { db: Database; env: Pick<Env, "AUTH_SECRET"> }): Promise<string> {
  if (services.env.AUTH_SECRET) return Promise.resolve(services.env.AUTH_SECRET);
  let secret = kept.get(services.db);
  if (!secret) {
    secret = keptSecret(services.db);
    kept.set(services.db, secret);
    secret.catch(() => kept.delete(services.db));
  }
  return secret;
}

/** Per database: read once per process. */
const kept = new WeakMap<Database, Promise<string>>();

async function keptSecret(db: Database): Promise<string> {
  await db
    .insert(appState)
    .values({
      key: "auth_secret",
      value: randomBytes(32).toString("base64url"),
    })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, "auth_secret"));
  if (!row) throw new Error("Could not keep the site's secret in the database");
  return row.value;
}

/** A key for one purpose only, derived from the site's secret: a signature made for one use is worthless for another. */
export function purposeKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`kraf-site/${purpose}`).digest();
}
