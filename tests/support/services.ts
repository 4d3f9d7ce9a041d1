import { mailTemplates } from "#app/features/email-templates.server.ts";
import type { DatabaseDriver } from "#app/platform/db/client.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { openServices, type Services } from "#app/platform/services.server.ts";
import { createTestDatabaseEnv } from "#tests/support/databases.ts";

/**
 * The site's services, with its mail templates, on a new migrated database of `driver` for `run`,
 * closed and removed afterwards. Silent logs, no demo content and a rate limit no test reaches,
 * unless `settings` say otherwise.
 */
export async function withTestServices(driver: DatabaseDriver, settings: Record<string, string>, run: (services: Services) => Promise<void>) {
  const target = await createTestDatabaseEnv(driver, { migrated: true });
  const env = parseEnv({
    ...target.env,
    DATABASE_URL: target.env.DATABASE_URL ?? "",
    LOG_LEVEL: "silent",
    FORM_RATE_LIMIT: "1000",
    DEMO_CONTENT: "false",
    ...settings,
  });
  const services = await openServices(env, { mailTemplates });
  try {
    await run(services);
  } finally {
    await services.close();
    await target.dispose();
  }
}
