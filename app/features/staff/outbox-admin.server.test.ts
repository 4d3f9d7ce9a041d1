import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { outboxMessage, retryMessage } from "#app/features/staff/outbox-admin.server.ts";
import { auditLog, outbox, type OutboxStatus } from "#app/platform/db/schema.server.ts";
import { frameMail } from "#app/platform/email/branded-layout.server.tsx";
import { defaultMailCompany } from "#app/platform/email/mail-brand.server.ts";
import type { RenderedMail } from "#app/platform/email/templates.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";
import { testMailTemplates } from "#tests/support/mail-templates.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const actor = { id: null, email: "admin@staff.example.com" };

async function message(db: Database, status: OutboxStatus) {
  const [row] = await db
    .insert(outbox)
    .values({
      kind: "test",
      toAddress: "visitor@example.com",
      subject: "Hello",
      template: "t",
      params: {},
      status,
      attempts: 5,
      lastError: "connection refused",
      nextAttemptAt: new Date("2020-01-01"),
    })
    .returning({ id: outbox.id });
  return row!.id;
}

for (const driver of drivers) {
  test(`a failed message goes back to pending, due now with its attempts reset, and the worker is woken; others are left alone (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const nudge = vi.fn();
      const services = { db, outbox: { enqueue: vi.fn(), attemptNow: vi.fn(), nudge, frame: vi.fn() } };
      const failed = await message(db, "failed");
      const before = Date.now();

      expect(await retryMessage(services, failed, actor, "10.0.0.1")).toBe("retried");
      const [row] = await db.select().from(outbox).where(eq(outbox.id, failed));
      expect(row).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null, lastError: "connection refused" });
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(before - 60_000);
      expect(nudge).toHaveBeenCalledTimes(1);
      expect(await db.select({ action: auditLog.action, targetId: auditLog.targetId }).from(auditLog)).toEqual([
        { action: "outbox-retried", targetId: String(failed) },
      ]);

      // Pending now: a second click (or another admin's) changes nothing.
      expect(await retryMessage(services, failed, actor, "10.0.0.1")).toBe("not-failed");
      for (const status of ["sending", "sent"] as const) {
        const id = await message(db, status);
        expect(await retryMessage(services, id, actor, "10.0.0.1")).toBe("not-failed");
        expect((await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)))[0]?.status).toBe(status);
      }
      expect(await retryMessage(services, 999_999, actor, "10.0.0.1")).toBe("missing");
      expect(nudge).toHaveBeenCalledTimes(1);
      // A message skipped for a suppressed address may be tried again once the address is lifted.
      const suppressed = await message(db, "suppressed");
      expect(await retryMessage(services, suppressed, actor, "10.0.0.1")).toBe("retried");
      expect((await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, suppressed)))[0]?.status).toBe("pending");
      expect(await db.select().from(auditLog)).toHaveLength(2);
    } finally {
      await database.dispose();
    }
  });
}

/** The frame the worker draws, with the site at example.com. */
const frame = (mail: RenderedMail) => frameMail(mail, { from: "hello@example.com", brand: { siteUrl: "https://example.com", company: defaultMailCompany } });

for (const driver of drivers) {
  test(`a message reads as it is sent: an email's subject, recipient and both bodies with private links blanked, a webhook's JSON (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const values = { kind: "test", toAddress: "visitor@example.com", subject: "stored", params: {} };
      const [note, link, hook, retired] = await db
        .insert(outbox)
        .values([
          { ...values, template: "note", params: { to_email: "visitor@example.com", full_name: "Asha <b>Rao</b>", note: "<script>alert(1)</script>" } },
          { ...values, template: "private-link", params: { to_email: "visitor@example.com", link: "https://example.com/secret-token" } },
          { ...values, template: "webhook", channel: "webhook", toAddress: "https://hooks.example.com/in", body: '{"lead":{"id":7}}' },
          { ...values, template: "retired-template" },
        ])
        .returning({ id: outbox.id });
      expect(await outboxMessage(db, testMailTemplates, note!.id, frame)).toMatchObject({
        id: note!.id,
        status: "pending",
        content: {
          channel: "email",
          subject: "A note for Asha <b>Rao</b> – Kraf Technologies",
          to: "visitor@example.com",
          text: expect.stringMatching(/^Dear Asha <b>Rao<\/b>,\n\n<script>alert\(1\)<\/script>\n\n--\nKraf Technologies · /),
          html: expect.stringContaining(">Dear Asha &lt;b&gt;Rao&lt;/b&gt;,</p>"),
        },
      });
      const linked = await outboxMessage(db, testMailTemplates, link!.id, frame);
      expect(JSON.stringify(linked)).not.toContain("secret-token");
      expect(await outboxMessage(db, testMailTemplates, hook!.id, frame)).toMatchObject({
        content: { channel: "webhook", to: "https://hooks.example.com/in", json: '{\n  "lead": {\n    "id": 7\n  }\n}' },
      });
      expect(await outboxMessage(db, testMailTemplates, retired!.id, frame)).toMatchObject({
        content: { channel: "email", subject: "stored", unreadable: expect.stringContaining('Unknown email template "retired-template"') },
      });
      expect(await outboxMessage(db, testMailTemplates, 999_999, frame)).toBeNull();
    } finally {
      await database.dispose();
    }
  });
}
