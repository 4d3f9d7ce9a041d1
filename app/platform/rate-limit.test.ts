import { expect, test, vi } from "vitest";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";
import { rateLimits } from "#app/platform/db/schema.server.ts";
import { hitRateLimit, pruneRateLimits } from "#app/platform/rate-limit.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();

for (const driver of drivers) {
  test(`allows the limit, refuses the next with a retry time, and a new window starts afresh (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const options = { limit: 3, windowMs: 60_000 };
      const start = new Date("2025-01-01T10:00:10Z");
      for (let i = 0; i < 3; i++) {
        expect(await hitRateLimit(database.db, "newsletter:1.2.3.4", { ...options, now: start })).toEqual({
          allowed: true,
          retryAfterSeconds: 0,
        });
      }
      expect(await hitRateLimit(database.db, "newsletter:1.2.3.4", { ...options, now: start })).toEqual({
        allowed: false,
        retryAfterSeconds: 50,
      });
      // Another client is counted on its own.
      expect((await hitRateLimit(database.db, "newsletter:5.6.7.8", { ...options, now: start })).allowed).toBe(true);
      const nextWindow = new Date("2025-01-01T10:01:00Z");
      expect((await hitRateLimit(database.db, "newsletter:1.2.3.4", { ...options, now: nextWindow })).allowed).toBe(
        true,
      );

      await pruneRateLimits(database.db, nextWindow);
      expect(await database.db.select().from(rateLimits)).toHaveLength(1);
    } finally {
      await database.dispose();
    }
  });

  test(`concurrent hits are all counted (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const now = new Date("2025-01-01T10:00:00Z");
      const results = await Promise.all(
        Array.from({ length: 20 }, () => hitRateLimit(database.db, "consultation:ip", { limit: 5, windowMs: 60_000, now })),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      const [row] = await database.db.select().from(rateLimits);
      expect(row?.count).toBe(20);
    } finally {
      await database.dispose();
    }
  });
}
