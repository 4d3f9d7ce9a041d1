import { openDatabase } from "#app/platform/db/client.server.ts";
import { seedDemoContent } from "#app/platform/db/demo-content.server.ts";
import { env } from "#app/platform/env.server.ts";

/**
 * `npm run db:seed`: adds whichever demo jobs and insights are missing, in
 * the database the server would use (stop a PGlite server first: its
 * directory takes one process at a time).
 */
const database = await openDatabase(env());
try {
  const added = await seedDemoContent(database.db, { force: true });
  console.log(`Added ${added.jobs} demo jobs and ${added.insights} demo insights (${database.driver}).`);
} finally {
  await database.close();
}
