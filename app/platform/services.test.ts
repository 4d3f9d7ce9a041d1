import fs from "node:fs";
import path from "node:path";
import { text } from "node:stream/consumers";
import { expect, test, vi } from "vitest";
import { count } from "drizzle-orm";
import { consultations } from "#app/platform/db/schema.server.ts";
import { createTestDatabaseEnv, testDrivers } from "#tests/support/databases.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { parseMail } from "#tests/support/mail.ts";
import { testMailTemplates } from "#tests/support/mail-templates.ts";
import { openServices } from "#app/platform/services.server.ts";
import { consultationKey } from "#app/platform/storage/storage.server.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const drivers = await testDrivers();

for (const driver of drivers) {
  test(`with nothing configured: a consultation, its file and both emails land under DATA_DIR (${driver})`, async () => {
    const target = await createTestDatabaseEnv(driver);
    const env = parseEnv({ DATA_DIR: target.env.DATA_DIR, DATABASE_URL: target.env.DATABASE_URL, LOG_LEVEL: "silent" });
    const services = await openServices(env, { mailTemplates: testMailTemplates });
    try {
      expect(services.dbDriver).toBe(driver);
      expect(services.storage.driver).toBe("local");
      expect(services.mailTransport.name).toBe("file");

      const key = consultationKey(Date.now(), "brief.txt");
      await services.storage.put(key, new TextEncoder().encode("hello"), { contentType: "text/plain" });
      const params = { to_email: "asha@example.com", full_name: "Asha Rao", note: "A CRM" };
      const confirmationId = await services.db.transaction(async (tx) => {
        await tx.insert(consultations).values({
          fullName: params.full_name,
          email: params.to_email,
          country: "India",
          phone: "+91 1",
          projectBrief: params.note,
        });
        const id = await services.outbox.enqueue(tx, { template: "note", to: params.to_email, params });
        await services.outbox.enqueue(tx, { template: "note", to: env.SALES_INBOX, params });
        return id;
      });
      expect(await services.outbox.attemptNow(confirmationId, 5_000)).toEqual({ status: "sent" });
      services.outbox.nudge();

      const mailDir = path.join(env.DATA_DIR, "mail");
      // Only finished messages: the transport writes a .tmp file and renames it when complete.
      const written = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((name) => name.endsWith(".eml")) : []);
      const deadline = Date.now() + 10_000;
      while (written().length < 2 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const mails = written().map((f) => parseMail(fs.readFileSync(path.join(mailDir, f), "utf8")));
      expect(mails.map((m) => m.headers.get("to")).sort()).toEqual(["asha@example.com", "sales@kraftechnologies.com"]);
      const stored = await services.storage.get(key);
      expect(await text(stored!.body)).toBe("hello");
      expect(fs.existsSync(path.join(env.DATA_DIR, "files", key))).toBe(true);
    } finally {
      await services.close();
      await target.dispose();
    }
  });
}

test("housekeeping: each chore runs on its interval with the database and the store, a failing one does not stop the next, and closing waits for a running one", async () => {
  const target = await createTestDatabaseEnv("pglite", { migrated: true });
  const env = parseEnv({ DATA_DIR: target.env.DATA_DIR, LOG_LEVEL: "silent" });
  const runs: string[] = [];
  let finishedSlowChore = false;
  const services = await openServices(env, {
    mailTemplates: testMailTemplates,
    housekeepingIntervalMs: 100,
    housekeeping: [
      {
        name: "fail",
        run: async () => {
          runs.push("fail");
          throw new Error("the store is away");
        },
      },
      {
        name: "count",
        run: async ({ db, storage }) => {
          runs.push(`count ${storage.driver}`);
          const [row] = await db.select({ n: count() }).from(consultations);
          runs.push(`consultations ${row!.n}`);
          await new Promise((resolve) => setTimeout(resolve, 300));
          finishedSlowChore = true;
        },
      },
    ],
  });
  try {
    await vi.waitFor(() => expect(runs).toEqual(["fail", "count local", "consultations 0"]), { timeout: 5_000 });
  } finally {
    await services.close();
    await target.dispose();
  }
  // The chore in flight finished before the database closed; no new round started on an interval after close.
  expect(finishedSlowChore).toBe(true);
  const settled = runs.length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(runs).toHaveLength(settled);
});
