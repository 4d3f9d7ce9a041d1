import { expect, test, vi } from "vitest";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";
import { rateLimits } from "#app/platform/db/schema.server.ts";
import { hitRateLimit, pruneRateLimits, reserveRateLimit } from "#app/platform/rate-limit.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();

for (const driver of drivers) {
  test(`allows the limit, refuses the next with a retry time, and allows again once the sliding window has moved on (${driver})`, async () => {
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
      // Four hits in this window: the next passes once half of it has slid out (4 x 0.5 + 1 = 3), at 10:01:30.
      expect(await hitRateLimit(database.db, "newsletter:1.2.3.4", { ...options, now: start })).toEqual({
        allowed: false,
        retryAfterSeconds: 80,
      });
      // Another client is counted on its own.
      expect((await hitRateLimit(database.db, "newsletter:5.6.7.8", { ...options, now: start })).allowed).toBe(true);
      const retryTime = new Date("2025-01-01T10:01:30Z");
      expect((await hitRateLimit(database.db, "newsletter:1.2.3.4", { ...options, now: retryTime })).allowed).toBe(true);

      await pruneRateLimits(database.db, new Date("2025-01-01T10:01:00Z"));
      expect(await database.db.select().from(rateLimits)).toHaveLength(1);
    } finally {
      await database.dispose();
    }
  });

  test(`the limit cannot be doubled across a window boundary (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const options = { limit: 3, windowMs: 60_000 };
      for (let i = 0; i < 3; i++) {
        const late = new Date("2025-01-01T10:00:59Z");
        expect((await hitRateLimit(database.db, "consultation:ip", { ...options, now: late })).allowed).toBe(true);
      }
      // Two seconds later a fixed window would start afresh; the sliding one still holds 3 x 59/60 of them.
      const early = new Date("2025-01-01T10:01:01Z");
      expect(await hitRateLimit(database.db, "consultation:ip", { ...options, now: early })).toEqual({ allowed: false, retryAfterSeconds: 39 });
    } finally {
      await database.dispose();
    }
  });

  test(`concurrent hits are all counted (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const now = new Date("2025-01-01T10:00:00Z");
      const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(database.db, "consultation:ip", { limit: 5, windowMs: 60_000, now })));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      const [row] = await database.db.select().from(rateLimits);
      expect(row?.count).toBe(20);
    } finally {
      await database.dispose();
    }
  });

  test(`concurrent reservations let exactly the limit through; refused ones and those given back leave no count (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const rule = { limit: 5, windowMs: 60_000, now: new Date("2025-01-01T10:00:00Z") };
      const reservations = await Promise.all(Array.from({ length: 20 }, () => reserveRateLimit(database.db, "wrong-password:a", rule)));
      const allowed = reservations.filter((reservation) => reservation.allowed);
      expect(allowed).toHaveLength(5);
      // Refused ones count nothing, so each is told the wait of the five kept (5 x 1/3 + 1 = 5 at 10:01:20).
      expect(reservations.filter((reservation) => !reservation.allowed)).toEqual(Array(15).fill({ allowed: false, retryAfterSeconds: 80 }));
      const countNow = async () => (await database.db.select({ count: rateLimits.count }).from(rateLimits))[0]?.count;
      expect(await countNow()).toBe(5);

      await allowed[0]!.giveBack();
      expect(await countNow()).toBe(4);
      expect((await reserveRateLimit(database.db, "wrong-password:a", rule)).allowed).toBe(true);
      expect((await reserveRateLimit(database.db, "wrong-password:a", rule)).allowed).toBe(false);
      expect(await countNow()).toBe(5);
    } finally {
      await database.dispose();
    }
  });

  test(`a reservation weighs the previous window as a hit does, in the same statement (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const rule = { limit: 3, windowMs: 60_000 };
      const late = new Date("2025-01-01T10:00:59Z");
      for (let i = 0; i < 3; i++) expect((await reserveRateLimit(database.db, "wrong-password:b", { ...rule, now: late })).allowed).toBe(true);
      // 3 x 59/60 + 1 is over the limit; the wait is the hit's: 39 s.
      const early = new Date("2025-01-01T10:01:01Z");
      expect(await reserveRateLimit(database.db, "wrong-password:b", { ...rule, now: early })).toEqual({ allowed: false, retryAfterSeconds: 39 });
      // 3 x 20/60 + 1 = 2 is within it.
      const later = new Date("2025-01-01T10:01:40Z");
      expect((await reserveRateLimit(database.db, "wrong-password:b", { ...rule, now: later })).allowed).toBe(true);
    } finally {
      await database.dispose();
    }
  });
}
