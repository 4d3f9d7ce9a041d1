import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { outbox, teams } from "#app/platform/db/schema.server.ts";
import { enqueueWebhook, startOutboxWorker } from "#app/platform/email/outbox.server.ts";
import type { MailTransport } from "#app/platform/email/transport.server.ts";
import { checkWebhookAddress } from "#app/platform/email/webhook.server.ts";
import { WEBHOOK_URL_MAX_LENGTH } from "#app/platform/email/webhook.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";
import { waitUntil } from "#tests/support/mail.ts";
import { testMailTemplates } from "#tests/support/mail-templates.ts";

vi.setConfig({ testTimeout: 60_000 });

const drivers = await testDrivers();

describe("checkWebhookAddress", () => {
  test("takes https anywhere, and plain http only for this machine outside production", () => {
    expect(checkWebhookAddress(" https://hooks.slack.com/services/T0/B0/x ", true)).toEqual({ ok: true, url: "https://hooks.slack.com/services/T0/B0/x" });
    for (const local of ["http://localhost:8080/hook", "http://127.0.0.1:9000/", "http://[::1]:3000/in"]) {
      expect(checkWebhookAddress(local, false).ok).toBe(true);
      expect(checkWebhookAddress(local, true)).toEqual({ ok: false, message: expect.stringContaining("only for testing") });
    }
  });

  test("refuses other schemes and hosts, credentials, nonsense and overlong addresses with a sentence", () => {
    expect(checkWebhookAddress("http://hooks.example.com/in", false)).toEqual({ ok: false, message: expect.stringContaining("must start with https://") });
    expect(checkWebhookAddress("http://localhost.evil.example/in", false).ok).toBe(false);
    expect(checkWebhookAddress("ftp://example.com/in", false).ok).toBe(false);
    expect(checkWebhookAddress("javascript:alert(1)", false).ok).toBe(false);
    expect(checkWebhookAddress("not an address", false)).toEqual({ ok: false, message: expect.stringContaining("not a web address") });
    expect(checkWebhookAddress("", false)).toEqual({ ok: false, message: expect.stringContaining("Enter") });
    expect(checkWebhookAddress("https://user:pw@example.com/in", false)).toEqual({ ok: false, message: expect.stringContaining("user name and password") });
    expect(checkWebhookAddress(`https://example.com/${"a".repeat(WEBHOOK_URL_MAX_LENGTH)}`, false)).toEqual({
      ok: false,
      message: expect.stringContaining(`${WEBHOOK_URL_MAX_LENGTH} characters`),
    });
  });
});

type Received = { body: string; verified: boolean; text: unknown };

/**
 * A webhook receiver on 127.0.0.1 that checks each post's signature as the
 * operations guide says; `answer` decides, per request number, how it replies.
 */
async function startReceiver(secret: string, answer: (n: number, res: ServerResponse) => void) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const timestamp = String(req.headers["x-kraf-timestamp"] ?? "");
      const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`);
      const given = Buffer.from(String(req.headers["x-kraf-signature"] ?? ""));
      const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
      received.push({
        body,
        verified: fresh && given.length === expected.length && timingSafeEqual(given, expected),
        text: (JSON.parse(body) as { text?: unknown }).text,
      });
      answer(received.length, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const noMail: MailTransport = {
  name: "file",
  send: () => Promise.reject(new Error("no email is expected here")),
};

const SECRET = "a".repeat(64);

async function teamWithSecret(db: Database, secret: string): Promise<number> {
  const [team] = await db.insert(teams).values({ name: "Hooks", webhookSecret: secret }).returning({ id: teams.id });
  return team!.id;
}

const rowOf = async (db: Database, id: number) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

const body = JSON.stringify({ text: "New consultation request from Asha Rao (India): https://example.com/staff/consultations/1", event: "lead.created" });

for (const driver of drivers) {
  test(`the worker posts a webhook row's exact body, signed with the team's secret, and records it sent (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const receiver = await startReceiver(SECRET, (_n, res) => res.writeHead(200).end("ok"));
    const worker = startOutboxWorker({
      db: database.db,
      templates: testMailTemplates,
      transport: noMail,
      from: "x@example.com",
      maxAttempts: 5,
      pollIntervalMs: 50,
    });
    try {
      const teamId = await teamWithSecret(database.db, SECRET);
      const id = await database.db.transaction((tx) =>
        enqueueWebhook(tx, { url: receiver.url, body, teamId, summary: "New lead: Asha Rao", kind: "consultation" }),
      );
      worker.nudge();
      await waitUntil(async () => (await rowOf(database.db, id)).status === "sent");
      expect(receiver.received).toEqual([{ body, verified: true, text: expect.stringContaining("/staff/consultations/1") }]);
      const row = await rowOf(database.db, id);
      expect(row).toMatchObject({ channel: "webhook", toAddress: receiver.url, attempts: 1, lastError: null });
    } finally {
      await worker.stop();
      await receiver.stop();
      await database.dispose();
    }
  });

  test(`a receiver that is too slow, then one that answers 500, are retried with backoff and their errors recorded until one answers 2xx (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    // First post: no answer for 2 s (the worker gives up at 300 ms); second: 500; third: 204.
    const receiver = await startReceiver(SECRET, (n, res) => {
      if (n === 1) setTimeout(() => res.writeHead(200).end(), 2_000).unref();
      else if (n === 2) res.writeHead(500).end("boom");
      else res.writeHead(204).end();
    });
    const errors: string[] = [];
    const worker = startOutboxWorker({
      db: database.db,
      templates: testMailTemplates,
      transport: noMail,
      from: "x@example.com",
      maxAttempts: 5,
      pollIntervalMs: 20,
      webhookTimeoutMs: 300,
      backoffMs: () => 400,
    });
    try {
      const teamId = await teamWithSecret(database.db, SECRET);
      const id = await database.db.transaction((tx) => enqueueWebhook(tx, { url: receiver.url, body, teamId, summary: "New lead", kind: "consultation" }));
      worker.nudge();
      await waitUntil(async () => {
        const row = await rowOf(database.db, id);
        if (row.lastError && errors.at(-1) !== row.lastError) errors.push(row.lastError);
        return row.status === "sent";
      });
      expect(errors).toEqual(["The receiver did not answer within 0.3 s", "The receiver answered 500 Internal Server Error"]);
      expect(await rowOf(database.db, id)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
      expect(receiver.received).toHaveLength(3);
      expect(receiver.received.every((post) => post.verified && post.body === body)).toBe(true);
    } finally {
      await worker.stop();
      await receiver.stop();
      await database.dispose();
    }
  });

  test(`an unreachable receiver fails for good after the last attempt, with its error shown (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const receiver = await startReceiver(SECRET, (_n, res) => res.writeHead(200).end());
    const closedUrl = receiver.url;
    await receiver.stop();
    const worker = startOutboxWorker({
      db: database.db,
      templates: testMailTemplates,
      transport: noMail,
      from: "x@example.com",
      maxAttempts: 2,
      pollIntervalMs: 20,
      backoffMs: () => 0,
    });
    try {
      const teamId = await teamWithSecret(database.db, SECRET);
      const id = await database.db.transaction((tx) => enqueueWebhook(tx, { url: closedUrl, body, teamId, summary: "New lead", kind: "consultation" }));
      worker.nudge();
      await waitUntil(async () => (await rowOf(database.db, id)).status === "failed");
      expect(await rowOf(database.db, id)).toMatchObject({ attempts: 2, lastError: expect.stringContaining("Could not reach the receiver") });
    } finally {
      await worker.stop();
      await database.dispose();
    }
  });
}
