import type { TestProject } from "vitest/node";
import { startServer } from "#tests/support/server.ts";

/**
 * One built server for the whole browser run, on a free port with its own data
 * folder and the migrated template's embedded database, so the run's first files
 * do not wait on a migration with one core idle. A newcomer's first start, which
 * creates and migrates the database, is production.test.ts's.
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("baseURL", server.baseURL);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}
