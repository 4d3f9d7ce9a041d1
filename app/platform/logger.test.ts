import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { createLogger, withoutAddresses } from "#app/platform/logger.server.ts";
import { openTestDatabase, testDrivers, type TestDatabase } from "#tests/support/databases.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

const drivers = await testDrivers();
const databases = new Map<string, TestDatabase>();

beforeAll(async () => {
  for (const driver of drivers) databases.set(driver, await openTestDatabase(driver));
});
afterAll(async () => {
  for (const database of databases.values()) await database.dispose();
});

type LoggedError = { type: string; message: string; stack: string; query?: string; cause?: LoggedError; aggregateErrors?: LoggedError[] };

/** Logs one error the way the site does and returns the written line, raw and parsed. */
function logged(error: unknown) {
  const lines: string[] = [];
  createLogger("info", { write: (line: string) => lines.push(line) }).error({ err: error }, "Insert failed");
  expect(lines).toHaveLength(1);
  const line = lines[0] ?? "";
  return { line, entry: JSON.parse(line) as { err: LoggedError } };
}

async function failureOf(work: Promise<unknown>): Promise<Error> {
  const error = await work.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error("the statement was expected to fail");
  return error;
}

const marker = () => randomBytes(6).toString("hex");

for (const driver of drivers) {
  test(`a refused insert logs its SQL, code and constraint, never the address or the other values (${driver})`, async () => {
    const { db } = databases.get(driver)!;
    const address = `visitor-${marker()}@example.com`;
    const version = `consent-${marker()}`;
    await db.insert(newsletterSubscriptions).values({ email: address });
    const error = await failureOf(db.insert(newsletterSubscriptions).values({ email: address.toUpperCase(), consentVersion: version }));
    // What the raw error carries: the values in Drizzle's message and the driver's detail.
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(error.message).toContain(version);
    expect((error.cause as { detail?: string }).detail).toContain(address);

    const { line, entry } = logged(error);
    expect(line.toLowerCase()).not.toContain(address);
    expect(line).not.toContain(version);
    expect(entry.err.type).toBe("DrizzleQueryError");
    expect(entry.err.message).toMatch(/^Failed query: insert into "newsletter_subscriptions" \(.*\) values \(/);
    expect(entry.err.query).toContain('insert into "newsletter_subscriptions"');
    expect(entry.err.stack).toMatch(/^Error: Failed query: insert into [^\n]*\n\s+at /);
    expect(entry.err).not.toHaveProperty("params");
    expect(entry.err.cause).toMatchObject({
      code: "23505",
      constraint: "newsletter_subscriptions_email_lower_key",
      table: "newsletter_subscriptions",
      message: 'duplicate key value violates unique constraint "newsletter_subscriptions_email_lower_key"',
    });
    expect(entry.err.cause).not.toHaveProperty("detail");
    expect(entry.err.cause).not.toHaveProperty("params");
  });

  test(`a value PostgreSQL quotes in a data exception stays out of the log (${driver})`, async () => {
    const { db } = databases.get(driver)!;
    const typed = `not-a-number-${marker()}`;
    const error = await failureOf(db.execute(sql`select ${typed}::integer`));
    expect((error.cause as Error).message).toContain(typed);

    const { line, entry } = logged(error);
    expect(line).not.toContain(typed);
    expect(entry.err.message).toMatch(/^Failed query: select \$1::integer$/);
    expect(entry.err.cause).toMatchObject({
      code: "22P02",
      message: 'invalid input syntax for type integer: "[redacted]"',
    });
  });
}

test("a node-postgres error logged on its own keeps code and constraint, drops detail, where and parameters", () => {
  const value = `visitor-${marker()}@example.com`;
  const error = new pg.DatabaseError('duplicate key value violates unique constraint "leads_email_key"', 120, "error");
  Object.assign(error, {
    severity: "ERROR",
    code: "23505",
    constraint: "leads_email_key",
    detail: `Key (email)=(${value}) already exists.`,
    where: `COPY leads, line 1: "${value},Jane"`,
    parameters: [value, "Jane"],
  });

  const { line, entry } = logged(error);
  expect(line).not.toContain(value);
  expect(entry.err).toMatchObject({ type: "DatabaseError", code: "23505", constraint: "leads_email_key" });
  expect(entry.err).not.toHaveProperty("detail");
  expect(entry.err).not.toHaveProperty("where");
  expect(entry.err).not.toHaveProperty("parameters");
});

test("the errors inside an AggregateError are logged too", () => {
  const error = new AggregateError([new Error("connect ECONNREFUSED 127.0.0.1:5432")], "");
  expect(logged(error).entry.err.aggregateErrors).toMatchObject([{ message: "connect ECONNREFUSED 127.0.0.1:5432" }]);
});

test("a mail server's reply keeps its reason but loses the addresses it quotes", () => {
  expect(withoutAddresses("550 5.1.1 <asha.verma@example.com>: Recipient address rejected (to: bob@x.co)")).toBe(
    "550 5.1.1 <[address]>: Recipient address rejected (to: [address])",
  );
});
