import type { TestProject } from "vitest/node";
import { startServer } from "#tests/support/server.ts";

/**
 * One built server for the whole browser run, on a free port with its own data
 * folder, which it starts empty: the embedded database is created and migrated
 * by the built server, as on a newcomer's first `npm start`.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({}, { emptyDatabase: true });
  project.provide("baseURL", server.baseURL);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}
