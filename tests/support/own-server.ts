import { afterAll, beforeAll } from "vitest";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";

export type OwnServer = {
  /** The file's server, once its tests start. */
  readonly server: RunningServer;
  /** Its PostgreSQL database (with `postgres`), whose rows the tests read while the server runs. */
  readonly database: FreshPostgres;
};

/**
 * A server of a test file's own, started before its tests and stopped after them, with `env` on top
 * of startServer's settings: on the embedded database, or with `postgres` on a new PostgreSQL database
 * of its own, dropped afterwards.
 */
export function setupOwnServer(env: Record<string, string> = {}, { postgres = false } = {}): OwnServer {
  let server: RunningServer | undefined;
  let database: FreshPostgres | undefined;

  beforeAll(async () => {
    if (postgres) database = await freshPostgres();
    server = await startServer(database ? { ...env, DATABASE_URL: database.url } : env);
  });

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  return {
    get server() {
      if (!server) throw new Error("the file's server has not started");
      return server;
    },
    get database() {
      if (!database) throw new Error("the file's server has no PostgreSQL database of its own");
      return database;
    },
  };
}
