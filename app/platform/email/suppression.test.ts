import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import type { Database } from "#app/platform/db/client.server.ts";
import { mailSuppressions, outbox } from "#app/platform/db/schema.server.ts";
import { enqueue, startOutboxWorker } from "#app/platform/email/outbox.server.ts";
import { createSmtpTransport } from "#app/platform/email/smtp-transport.server.ts";
import { isSuppressed, mailClassOf, suppress, suppressedAddress } from "#app/platform/email/suppression.server.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";
import { startSmtpServer, waitUntil, type TestSmtpServer } from "#tests/support/mail.ts";
import { testMailTemplates } from "#tests/support/mail-templates.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();

function worker(db: Database, smtp: TestSmtpServer) {
  return startOutboxWorker({
    db,
    templates: testMailTemplates,
    transport: createSmtpTransport(smtp.url),
    from: '"Kraf Technologies" <info@kraftechnologies.com>',
    maxAttempts: 8,
    pollIntervalMs: 50,
    backoffMs: () => 60_000,
  });
}

/** A message of this outbox kind ("newsletter" is newsletter mail; anything else is mail someone asked for). */
function message(db: Database, to: string, kind: string) {
  return enqueue(testMailTemplates, db, { template: "note", to, kind, params: { to_email: to, full_name: "Asha Rao", note: kind } });
}

async function statusOf(db: Database, id: number) {
  const [row] = await db.select({ status: outbox.status, lastError: outbox.lastError }).from(outbox).where(eq(outbox.id, id));
  return row;
}

for (const driver of drivers) {
  test(`newsletter mail goes to no suppressed address; other mail skips only complaints; the outbox row says why (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer();
    try {
      const { db } = database;
      await suppress(db, { address: "Bounced@Example.com", reason: "hard-bounce", source: "generic" });
      await suppress(db, { address: "spam@example.com", reason: "complaint", source: "generic" });
      // A bounce after a complaint leaves it a complaint: it stops more mail.
      await suppress(db, { address: "spam@example.com", reason: "hard-bounce", source: "ses" });

      const ids = {
        newsletterToBounced: await message(db, "bounced@example.com", "newsletter"),
        newsletterToSpam: await message(db, "spam@example.com", "newsletter"),
        newsletterToClean: await message(db, "clean@example.com", "newsletter"),
        confirmationToBounced: await message(db, "BOUNCED@example.com", "consultation"),
        confirmationToSpam: await message(db, "spam@example.com", "consultation"),
      };
      const running = worker(db, smtp);
      try {
        await waitUntil(async () => {
          const rows = await db.select({ status: outbox.status }).from(outbox);
          return rows.every((row) => row.status === "sent" || row.status === "suppressed");
        });
      } finally {
        await running.stop();
      }

      expect(smtp.received.map((mail) => mail.to).sort()).toEqual([["BOUNCED@example.com"], ["clean@example.com"]]);
      expect(await statusOf(db, ids.newsletterToBounced)).toEqual({
        status: "suppressed",
        lastError: "Not sent: the address is on the suppression list (a hard bounce)",
      });
      expect(await statusOf(db, ids.newsletterToSpam)).toEqual({
        status: "suppressed",
        lastError: "Not sent: the address is on the suppression list (a complaint)",
      });
      expect(await statusOf(db, ids.confirmationToSpam)).toEqual({
        status: "suppressed",
        lastError: "Not sent: the address is on the suppression list (a complaint)",
      });
      expect((await statusOf(db, ids.confirmationToBounced))?.status).toBe("sent");

      // The one check a bulk send uses, as a function and as a condition.
      expect(await isSuppressed(db, "bounced@EXAMPLE.com", "newsletter")).toBe(true);
      expect(await isSuppressed(db, "bounced@example.com", "transactional")).toBe(false);
      const sendable = await db
        .select({ to: outbox.toAddress })
        .from(outbox)
        .where(eq(outbox.kind, "newsletter"))
        .then((rows) => rows.map((row) => row.to));
      const blocked = await db
        .selectDistinct({ to: outbox.toAddress })
        .from(outbox)
        .where(suppressedAddress(outbox.toAddress, "newsletter"))
        .then((rows) => rows.map((row) => row.to).sort());
      expect(sendable).toHaveLength(3);
      expect(blocked).toEqual(["BOUNCED@example.com", "bounced@example.com", "spam@example.com"]);

      // Lifted, the address takes newsletter mail again.
      await db.update(mailSuppressions).set({ liftedAt: new Date(), liftReason: "fixed" }).where(eq(mailSuppressions.address, "bounced@example.com"));
      expect(await isSuppressed(db, "bounced@example.com", "newsletter")).toBe(false);
      // A new bounce puts it back in force, the lift forgotten.
      await suppress(db, { address: "bounced@example.com", reason: "hard-bounce", source: "ses" });
      expect(await isSuppressed(db, "bounced@example.com", "newsletter")).toBe(true);
      const [again] = await db.select().from(mailSuppressions).where(eq(mailSuppressions.address, "bounced@example.com"));
      expect([again?.liftedAt, again?.liftReason, again?.source]).toEqual([null, null, "ses"]);
    } finally {
      await smtp.stop();
      await database.dispose();
    }
  });

  test(`a recipient our SMTP server refuses for good (550 to RCPT TO) fails at once and goes on the list (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const smtp = await startSmtpServer({ refuseRecipients: ["gone@example.com"] });
    try {
      const { db } = database;
      const gone = await message(db, "gone@example.com", "consultation");
      const fine = await message(db, "fine@example.com", "consultation");
      const running = worker(db, smtp);
      try {
        await waitUntil(async () => (await statusOf(db, gone))?.status === "failed" && (await statusOf(db, fine))?.status === "sent");
      } finally {
        await running.stop();
      }
      expect((await statusOf(db, gone))?.lastError).toMatch(/^The SMTP server refused the recipient for good: 550 5\.1\.1/);
      const rows = await db
        .select({ address: mailSuppressions.address, reason: mailSuppressions.reason, source: mailSuppressions.source })
        .from(mailSuppressions);
      expect(rows).toEqual([{ address: "gone@example.com", reason: "smtp-failure", source: "smtp" }]);
      expect(smtp.received.map((mail) => mail.to)).toEqual([["fine@example.com"]]);
    } finally {
      await smtp.stop();
      await database.dispose();
    }
  });
}

test("job alerts are list mail like the newsletter; a job alert's confirmation, like every other message asked for, is not", () => {
  expect(["newsletter", "job-alert", "job-alert-confirmation", "consultation-confirmation"].map(mailClassOf)).toEqual([
    "newsletter",
    "newsletter",
    "transactional",
    "transactional",
  ]);
});
