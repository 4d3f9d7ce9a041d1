import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openDatabase, type Database } from "#app/platform/db/client.server.ts";
import { consultations, outbox } from "#app/platform/db/schema.server.ts";
import { adminQuery, createTestDatabaseEnv, openTestDatabase, testDrivers } from "#tests/support/databases.ts";
import { enqueue, startOutboxWorker, type OutboxWorkerOptions } from "#app/platform/email/outbox.server.ts";
import { createSmtpTransport } from "#app/platform/email/smtp-transport.server.ts";
import { closedPort, parseMail, startSmtpServer, waitUntil, type ReceivedMail } from "#tests/support/mail.ts";
import { testMailTemplates, type NoteParams } from "#tests/support/mail-templates.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();

const FROM = '"Kraf Technologies" <info@kraftechnologies.com>';
const params: NoteParams = { to_email: "asha@example.com", full_name: "Asha Rao", note: "Line one\nWe need a CRM." };

function worker(db: Database, smtpUrl: string, overrides: Partial<OutboxWorkerOptions> = {}) {
  return startOutboxWorker({
    db,
    templates: testMailTemplates,
    transport: createSmtpTransport(smtpUrl),
    from: FROM,
    maxAttempts: 8,
    pollIntervalMs: 50,
    backoffMs: () => 0,
    ...overrides,
  });
}

async function rowOf(db: Database, id: number) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

const deliveriesOf = (received: ReceivedMail[], id: number) => received.filter((mail) => mail.raw.includes(`Message-ID: <outbox-${id}@`)).length;

for (const driver of drivers) {
  test(`a message enqueued in a rolled-back transaction is never sent (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    const running = worker(database.db, smtp.url);
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.insert(consultations).values({
            fullName: "A",
            email: "a@example.com",
            country: "IN",
            phone: "1",
            projectBrief: "x",
          });
          await enqueue(testMailTemplates, tx, { template: "note", to: params.to_email, params });
          throw new Error("the insert after it failed");
        }),
      ).rejects.toThrow("the insert after it failed");
      running.nudge();
      await new Promise((r) => setTimeout(r, 300));
      expect(await database.db.select().from(outbox)).toHaveLength(0);
      expect(await database.db.select().from(consultations)).toHaveLength(0);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await running.stop();
      await smtp.stop();
      await database.dispose();
    }
  });

  test(`the worker delivers a message through a real SMTP server (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    const running = worker(database.db, smtp.url);
    try {
      const id = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, { template: "note", to: params.to_email, params }));
      running.nudge();
      await waitUntil(async () => (await rowOf(database.db, id)).status === "sent");
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.to).toEqual(["asha@example.com"]);
      const parsed = parseMail(mail?.raw ?? "");
      expect(parsed.headers.get("to")).toBe("asha@example.com");
      expect(parsed.headers.get("subject")).toBe("A note for Asha Rao – Kraf Technologies");
      // The template's words, then the branded frame's footer with the company's address.
      expect(parsed.text).toBe(
        "Dear Asha Rao,\n\nLine one\nWe need a CRM.\n\n--\nKraf Technologies · 4th Floor, Connaught Place, New Delhi 110001, India\nhttp://localhost:3000",
      );
      expect(parsed.html).toContain("<strong>Line one\nWe need a CRM.</strong>");
      const row = await rowOf(database.db, id);
      expect(row.attempts).toBe(1);
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.lockedUntil).toBeNull();
    } finally {
      await running.stop();
      await smtp.stop();
      await database.dispose();
    }
  });

  test(`SMTP down: the message stays pending with the error, then goes out exactly once (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    await smtp.stop();
    const running = worker(database.db, smtp.url);
    const link = "https://www.kraftechnologies.com/private/k3y";
    try {
      const id = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, { template: "note", to: params.to_email, params }));
      const linkId = await database.db.transaction((tx) =>
        enqueue(testMailTemplates, tx, { template: "private-link", to: params.to_email, params: { to_email: params.to_email, link } }),
      );
      running.nudge();
      await waitUntil(async () => (await rowOf(database.db, id)).attempts >= 2);
      const waiting = await rowOf(database.db, id);
      expect(waiting.status === "pending" || waiting.status === "sending").toBe(true);
      expect(waiting.lastError).toMatch(/^Could not reach the SMTP server/);
      // A retry needs the link, so it stays until the message is sent.
      expect((await rowOf(database.db, linkId)).params).toEqual({ to_email: params.to_email, link });

      await smtp.start();
      await waitUntil(async () => (await rowOf(database.db, id)).status === "sent");
      await waitUntil(async () => (await rowOf(database.db, linkId)).status === "sent");
      await new Promise((r) => setTimeout(r, 300));
      expect(deliveriesOf(smtp.received, id)).toBe(1);
      expect(deliveriesOf(smtp.received, linkId)).toBe(1);
      expect(smtp.received).toHaveLength(2);
      // Once sent, only the recipient keeps the link; other params stay for staff.
      expect(parseMail(smtp.received.find((mail) => mail.raw.includes(`<outbox-${linkId}@`))!.raw).text).toContain(link);
      expect((await rowOf(database.db, linkId)).params).toEqual({ to_email: params.to_email, link: "" });
      expect((await rowOf(database.db, id)).params).toEqual(params);
    } finally {
      await running.stop();
      await smtp.stop();
      await database.dispose();
    }
  });

  test(`after the last allowed attempt the message is marked failed with the error (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const running = worker(database.db, `smtp://127.0.0.1:${await closedPort()}`, { maxAttempts: 3 });
    try {
      const id = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, { template: "note", to: params.to_email, params }));
      running.nudge();
      await waitUntil(async () => (await rowOf(database.db, id)).status === "failed");
      const row = await rowOf(database.db, id);
      expect(row.attempts).toBe(3);
      expect(row.lastError).toMatch(/^Could not reach the SMTP server/);
      await new Promise((r) => setTimeout(r, 200));
      expect((await rowOf(database.db, id)).attempts).toBe(3);
    } finally {
      await running.stop();
      await database.dispose();
    }
  });

  test(`a stored template name this server does not know fails the message at once, with the name (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    const running = worker(database.db, smtp.url);
    try {
      // As a row of a template that a later release renamed or removed would be.
      const [row] = await database.db
        .insert(outbox)
        .values({ kind: "retired", toAddress: params.to_email, subject: "Old", template: "retired-template", params })
        .returning({ id: outbox.id });
      const id = row!.id;
      running.nudge();
      await waitUntil(async () => (await rowOf(database.db, id)).status === "failed");
      const failed = await rowOf(database.db, id);
      expect(failed.attempts).toBe(1);
      expect(failed.lastError).toBe('Unknown email template "retired-template": no template by that name is registered on this server');
      await new Promise((r) => setTimeout(r, 200));
      expect((await rowOf(database.db, id)).attempts).toBe(1);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await running.stop();
      await smtp.stop();
      await database.dispose();
    }
  });

  test(`only one plain mailbox is ever a recipient: a display name or a list is refused when queued, and a stored one fails at once, unsent (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    const running = worker(database.db, smtp.url);
    try {
      for (const to of ["x <asha@example.com>", "asha@example.com, other@example.com", '"asha"@example.com']) {
        await expect(
          database.db.transaction((tx) => enqueue(testMailTemplates, tx, { template: "note", to, params })),
          to,
        ).rejects.toThrow("The recipient is not one plain email address");
      }
      expect(await database.db.select().from(outbox)).toHaveLength(0);
      // Queued as written, it goes out normalised.
      const typed = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, { template: "note", to: " Asha@Bücher.Example ", params }));
      expect((await rowOf(database.db, typed)).toAddress).toBe("Asha@xn--bcher-kva.example");
      // As a row written before the rule, or by hand, would be.
      const [row] = await database.db
        .insert(outbox)
        .values({ kind: "note", toAddress: "x0<victim@example.com>", subject: "Note", template: "note", params })
        .returning({ id: outbox.id });
      const id = row!.id;
      running.nudge();
      await waitUntil(async () => (await rowOf(database.db, id)).status === "failed" && (await rowOf(database.db, typed)).status === "sent");
      const failed = await rowOf(database.db, id);
      expect([failed.attempts, failed.lastError]).toEqual([1, "The recipient is not one plain email address"]);
      // Only the typed one went out (Nodemailer shows its domain in Unicode to a server that speaks SMTPUTF8).
      expect(smtp.received.map((mail) => mail.to)).toEqual([["Asha@bücher.example"]]);
    } finally {
      await running.stop();
      await smtp.stop();
      await database.dispose();
    }
  });

  test(`attemptNow answers sent, failed or pending and never doubles the worker's send (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    const slowSmtp = await startSmtpServer({ delayMs: 1_500 });
    const downUrl = `smtp://127.0.0.1:${await closedPort()}`;
    // Long polls: only attemptNow touches these messages.
    const up = worker(database.db, smtp.url, { pollIntervalMs: 60_000, backoffMs: () => 60_000 });
    const down = worker(database.db, downUrl, { pollIntervalMs: 60_000, backoffMs: () => 60_000 });
    const slow = worker(database.db, slowSmtp.url, { pollIntervalMs: 60_000, backoffMs: () => 60_000 });
    const message = { template: "note" as const, to: params.to_email, params };
    try {
      await new Promise((r) => setTimeout(r, 100));
      const sentId = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, message));
      expect(await up.attemptNow(sentId, 5_000)).toEqual({ status: "sent" });
      expect(deliveriesOf(smtp.received, sentId)).toBe(1);
      // Already sent: a second call reports it and sends nothing more.
      expect(await up.attemptNow(sentId, 1_000)).toEqual({ status: "sent" });
      expect(deliveriesOf(smtp.received, sentId)).toBe(1);

      const failedId = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, message));
      const failed = await down.attemptNow(failedId, 5_000);
      expect(failed.status).toBe("failed");
      expect(failed.status === "failed" && failed.error).toMatch(/^Could not reach the SMTP server/);
      const afterFailure = await rowOf(database.db, failedId);
      expect(afterFailure.status).toBe("pending");
      expect(afterFailure.attempts).toBe(1);

      const slowId = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, message));
      const started = Date.now();
      expect(await slow.attemptNow(slowId, 200)).toEqual({ status: "pending" });
      expect(Date.now() - started).toBeLessThan(1_000);
      // A second attempt while the first is in flight claims nothing and waits for its outcome.
      expect(await up.attemptNow(slowId, 5_000)).toEqual({ status: "sent" });
      expect(deliveriesOf(slowSmtp.received, slowId)).toBe(1);
      expect(deliveriesOf(smtp.received, slowId)).toBe(0);
    } finally {
      await Promise.all([up.stop(), down.stop(), slow.stop()]);
      await smtp.stop();
      await slowSmtp.stop();
      await database.dispose();
    }
  });
}

if (drivers.includes("pg")) {
  test("two workers in two processes' pools on one PostgreSQL database never send a message twice (pg)", async () => {
    const target = await createTestDatabaseEnv("pg");
    const first = await openDatabase(target.env);
    const second = await openDatabase(target.env);
    const smtp = await startSmtpServer();
    const workers = [worker(first.db, smtp.url, { batchSize: 3, pollIntervalMs: 10 }), worker(second.db, smtp.url, { batchSize: 3, pollIntervalMs: 10 })];
    try {
      const ids: number[] = [];
      for (let i = 0; i < 40; i++) {
        const db = i % 2 === 0 ? first.db : second.db;
        ids.push(
          await db.transaction((tx) =>
            enqueue(testMailTemplates, tx, {
              template: "note",
              to: `visitor${i}@example.com`,
              params: { ...params, to_email: `visitor${i}@example.com` },
            }),
          ),
        );
        workers[i % 2]?.nudge();
      }
      await waitUntil(async () => {
        const rows = await first.db.select({ status: outbox.status }).from(outbox);
        return rows.every((row) => row.status === "sent");
      }, 20_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received).toHaveLength(40);
      for (const id of ids) expect(deliveriesOf(smtp.received, id)).toBe(1);
      const rows = await first.db.select({ attempts: outbox.attempts }).from(outbox);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await smtp.stop();
      await first.close();
      await second.close();
      await target.dispose();
    }
  });

  test("a claim whose lease ran out (crashed worker) is picked up again (pg)", async () => {
    const database = await openTestDatabase("pg");
    const smtp = await startSmtpServer();
    try {
      const id = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, { template: "note", to: params.to_email, params }));
      // As a worker that claimed the message and then died would leave it.
      await database.db
        .update(outbox)
        .set({ status: "sending", attempts: 1, lockedUntil: new Date(Date.now() - 1_000) })
        .where(eq(outbox.id, id));
      const running = worker(database.db, smtp.url);
      try {
        await waitUntil(async () => (await rowOf(database.db, id)).status === "sent");
        expect((await rowOf(database.db, id)).attempts).toBe(2);
        expect(deliveriesOf(smtp.received, id)).toBe(1);
      } finally {
        await running.stop();
      }
    } finally {
      await smtp.stop();
      await database.dispose();
    }
  });
}

/** The database refuses every connection, and drops those it has, for `ms`: a restart as a worker sees it. */
async function takeDatabaseAway(databaseUrl: string, ms: number): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await adminQuery(`alter database ${name} with allow_connections false`);
  await adminQuery("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
  setTimeout(() => void adminQuery(`alter database ${name} with allow_connections true`), ms);
}

test.skipIf(!drivers.includes("pg"))("a delivery the database cannot record at once is recorded when it is back, and goes out once (pg)", async () => {
  const database = await openTestDatabase("pg");
  const smtp = await startSmtpServer();
  const smtpTransport = createSmtpTransport(smtp.url);
  let wentAway = false;
  // The mail server takes the message, then the database goes away before the worker records it.
  const running = worker(database.db, smtp.url, {
    transport: {
      name: "smtp",
      async send(mail) {
        await smtpTransport.send(mail);
        if (!wentAway) {
          wentAway = true;
          await takeDatabaseAway(database.env.DATABASE_URL ?? "", 1_000);
        }
      },
    },
  });
  try {
    const id = await database.db.transaction((tx) => enqueue(testMailTemplates, tx, { template: "note", to: params.to_email, params }));
    running.nudge();
    await waitUntil(async () => (await rowOf(database.db, id).catch(() => null))?.status === "sent", 15_000);
    const row = await rowOf(database.db, id);
    expect(row.attempts).toBe(1);
    expect(row.lockedUntil).toBeNull();
    expect(deliveriesOf(smtp.received, id)).toBe(1);
  } finally {
    await running.stop();
    await smtp.stop();
    await database.dispose();
  }
});
