import type { DatabaseDriver } from "#app/platform/db/client.server.ts";
import { createTestDatabaseEnv } from "#tests/support/databases.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { interleavedLoad, type InterleavedResult, type Target } from "./interleaved.ts";

/** The rows of an older build's server (`BENCH_BASELINE`), rendering on every request. */
export const BASELINE_MODE = "rendered, baseline";

/**
 * The job and insight detail pages on new databases with the demo content
 * (ids 1 exist), read from the page cache and rendered from the database on
 * every request; with `baselineEntry`, rendered by that build's server too.
 * The servers run side by side and take turns (`interleavedLoad`).
 */
export async function detailPageBench(driver: DatabaseDriver, seconds: number, baselineEntry?: string) {
  const rows: ({ page: string; database: DatabaseDriver } & InterleavedResult)[] = [];
  const modes: [string, string, string?][] = [
    ["page cache", "500"],
    ["rendered", "0"],
  ];
  if (baselineEntry) modes.push([BASELINE_MODE, "0", baselineEntry]);
  const places: Awaited<ReturnType<typeof createTestDatabaseEnv>>[] = [];
  const servers: RunningServer[] = [];
  const targets: Target[] = [];
  try {
    for (const [mode, cacheEntries, entry] of modes) {
      const place = await createTestDatabaseEnv(driver);
      places.push(place);
      const server = await startServer(
        {
          DATA_DIR: place.env.DATA_DIR,
          ...(place.env.DATABASE_URL ? { DATABASE_URL: place.env.DATABASE_URL } : {}),
          DEMO_CONTENT: "true",
          PAGE_CACHE_ENTRIES: cacheEntries,
        },
        { entry },
      );
      servers.push(server);
      targets.push({ mode, baseURL: server.baseURL, pid: server.process.pid });
    }
    for (const page of ["/careers/1", "/featured-insights/1"]) {
      // Loaded at the address the record is at on each server: a build with slugs answers its number with a 301.
      const atAddress: Target[] = [];
      for (const target of targets) {
        const check = await fetch(target.baseURL + page);
        if (check.status !== 200) throw new Error(`${page} answered ${check.status} (${target.mode}); the bench needs the demo content`);
        atAddress.push({ ...target, path: new URL(check.url).pathname });
      }
      for (const row of await interleavedLoad(atAddress, page, { seconds })) rows.push({ page, database: driver, ...row });
    }
  } finally {
    for (const server of servers) await server.stop();
    for (const place of places) await place.dispose();
  }
  return rows;
}
