import type { DatabaseDriver } from "#app/platform/db/client.server.ts";
import { createTestDatabaseEnv } from "#tests/support/databases.ts";
import { startServer } from "#tests/support/server.ts";
import { BROWSER_ENCODINGS, httpLoad, type LoadResult } from "./http-load.ts";
import { withCpuPerRequest } from "./process-cpu.ts";

/** The rows of an older build's server (`BENCH_BASELINE`), rendering on every request. */
export const BASELINE_MODE = "rendered, baseline";

/**
 * The job and insight detail pages on a new database with the demo content
 * (ids 1 exist), read from the page cache and rendered from the database on
 * every request; with `baselineEntry`, rendered by that build's server too.
 */
export async function detailPageBench(driver: DatabaseDriver, seconds: number, baselineEntry?: string) {
  const rows: ({ page: string; database: DatabaseDriver; mode: string; cpuMsPerRequest: number | null } & LoadResult)[] = [];
  const modes: [string, string, string?][] = [
    ["page cache", "500"],
    ["rendered", "0"],
  ];
  if (baselineEntry) modes.push([BASELINE_MODE, "0", baselineEntry]);
  for (const [mode, cacheEntries, entry] of modes) {
    const place = await createTestDatabaseEnv(driver);
    const server = await startServer(
      {
        DATA_DIR: place.env.DATA_DIR,
        ...(place.env.DATABASE_URL ? { DATABASE_URL: place.env.DATABASE_URL } : {}),
        DEMO_CONTENT: "true",
        PAGE_CACHE_ENTRIES: cacheEntries,
      },
      { entry },
    );
    try {
      for (const page of ["/careers/1", "/featured-insights/1"]) {
        const check = await fetch(server.baseURL + page);
        if (check.status !== 200) throw new Error(`${page} answered ${check.status}; the bench needs the demo content`);
        await httpLoad(server.baseURL + page, { seconds: 2, headers: BROWSER_ENCODINGS });
        rows.push({
          page,
          database: driver,
          mode,
          ...(await withCpuPerRequest(server.process.pid, () => httpLoad(server.baseURL + page, { seconds, headers: BROWSER_ENCODINGS }))),
        });
      }
    } finally {
      await server.stop();
      await place.dispose();
    }
  }
  return rows;
}
