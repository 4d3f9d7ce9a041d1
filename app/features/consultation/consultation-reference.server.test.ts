import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import type { ConsultationResult } from "#app/features/consultation/consultation-schema.ts";
import { handleConsultationPost } from "#app/features/consultation/submit-consultation.server.ts";
import { IDEMPOTENCY_FIELD } from "#app/features/forms/form-rules.ts";
import { VISITOR_TIME_ZONE_FIELD } from "#app/features/leads/response-due.ts";
import { listConsultations } from "#app/features/staff/consultations/consultations.server.ts";
import { openDatabase, rowsOf, type DatabaseDriver } from "#app/platform/db/client.server.ts";
import { consultations, outbox, staffUsers } from "#app/platform/db/schema.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { createTestDatabaseEnv, featureDrivers } from "#tests/support/databases.ts";
import { withTestServices } from "#tests/support/services.ts";
import { consultationValues } from "#tests/support/forms.ts";

vi.setConfig({ testTimeout: 120_000 });

const SITE = "https://www.example.com";
const SALES_INBOX = "sales-inbox@example.com";
/** The format of applications' references, with its own prefix: no 0, O, 1, I or L. */
const REFERENCE = /^CON-\d{4}-[2-9A-HJKMNP-Z]{6}$/;

const withServices = (driver: DatabaseDriver, run: (services: Services) => Promise<void>) => withTestServices(driver, { SITE_URL: SITE, SALES_INBOX }, run);

let posted = 0;

/** A visitor's consultation; `extra` adds the hidden fields a browser with scripts sends. */
async function postLead(services: Services, extra: Record<string, string> = {}) {
  const n = ++posted;
  const email = `lead${n}@example.com`;
  const request = new Request(`${SITE}/consultation`, {
    method: "POST",
    body: new URLSearchParams({ ...consultationValues({ fullName: `Lead ${n}`, email, brief: `Project number ${n}.` }), ...extra }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE, Referer: `${SITE}/contact-us` },
  });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress: "10.1.2.3" });
  const result = await handleConsultationPost(request, context, services);
  expect(result.init?.status ?? 200).toBe(200);
  const answer = result.data as ConsultationResult;
  if (answer.status !== "success" || !answer.receipt) throw new Error(`no receipt: ${JSON.stringify(answer)}`);
  const [row] = await services.db
    .select({ id: consultations.id, reference: consultations.reference, dueAt: consultations.dueAt })
    .from(consultations)
    .where(eq(consultations.email, email));
  const [confirmation] = await services.db
    .select({ params: outbox.params })
    .from(outbox)
    .where(and(eq(outbox.consultationId, row!.id), eq(outbox.template, "consultation-confirmation")));
  return { receipt: answer.receipt, row: row!, confirmationParams: confirmation!.params };
}

for (const driver of await featureDrivers()) {
  test(`each consultation stores a unique reference, tells it with the due time, and mails it with Reply-To the owner or the sales inbox (${driver})`, async () => {
    await withServices(driver, async (services) => {
      // Nobody to own it yet: replies to the confirmation go to the sales inbox; no zone: the company's.
      const first = await postLead(services);
      expect(first.receipt.reference).toMatch(REFERENCE);
      expect(first.row.reference).toBe(first.receipt.reference);
      expect(first.receipt.due).toMatch(/^(within the hour|by \d\d:\d\d on \w+day, \d{1,2} \w+, India Standard Time)$/);
      expect(first.confirmationParams).toMatchObject({
        reference: first.row.reference,
        due_at: first.row.dueAt.toISOString(),
        time_zone: "Asia/Kolkata",
        reply_to: SALES_INBOX,
      });
      const [notification] = await services.db
        .select({ params: outbox.params })
        .from(outbox)
        .where(and(eq(outbox.consultationId, first.row.id), eq(outbox.template, "consultation-notification")));
      expect(notification!.params).toMatchObject({ reference: first.row.reference });

      // A sales account joins the default team and owns the next lead: a reply reaches them.
      await services.db.insert(staffUsers).values({ id: "sales-ana", name: "Ana", email: "ana@staff.example.com", roles: ["sales"] });
      const owned = await postLead(services, { [VISITOR_TIME_ZONE_FIELD]: "Europe/Berlin" });
      expect(owned.confirmationParams).toMatchObject({ time_zone: "Europe/Berlin", reply_to: "ana@staff.example.com" });
      expect(owned.row.reference).not.toBe(first.row.reference);
      expect(owned.receipt.due).toMatch(/^(within the hour|by \d\d:\d\d on \w+day, \d{1,2} \w+, your time)$/);

      // A zone the runtime does not know is ignored: the company's zone, by name.
      const unknownZone = await postLead(services, { [VISITOR_TIME_ZONE_FIELD]: "Mars/Olympus_Mons" });
      expect(unknownZone.confirmationParams).toMatchObject({ time_zone: "Asia/Kolkata" });

      // The same post again (a retry) answers with the same reference and stores nothing new.
      const key = "retry-key-0001";
      const once = await postLead(services, { [IDEMPOTENCY_FIELD]: key });
      posted--;
      const again = await postLead(services, { [IDEMPOTENCY_FIELD]: key });
      expect(again.receipt.reference).toBe(once.receipt.reference);

      // Staff find a lead by its reference, typed in any case.
      const found = await listConsultations(services.db, { search: owned.row.reference.toLowerCase(), status: null, cursor: null });
      expect(found.rows.map((row) => row.id)).toEqual([owned.row.id]);
      expect(found.rows[0]!.reference).toBe(owned.row.reference);
    });
  });

  test(`a row written with only the spec's columns gets a reference too, and many at once never repeat one (${driver})`, async () => {
    await withServices(driver, async (services) => {
      await services.db.execute(sql`insert into consultations (full_name, email, country, phone, project_brief, submitted_at)
        select 'Lead ' || n, 'lead' || n || '@example.com', 'India', '1', 'B', '2025-03-01T10:00:00Z'::timestamptz from generate_series(1, 3000) as n`);
      const [counts] = rowsOf<{ rows: number; references: number; formed: number }>(
        await services.db.execute(sql`select count(*)::int as rows, count(distinct reference)::int as references,
          count(*) filter (where reference ~ '^CON-2025-[2-9A-HJKMNP-Z]{6}$')::int as formed from consultations`),
      );
      expect(counts).toEqual({ rows: 3000, references: 3000, formed: 3000 });
      // The unique index is what a search by reference uses.
      await expect(
        services.db.execute(
          sql`update consultations set reference = (select reference from consultations order by id limit 1) where id = (select max(id) from consultations)`,
        ),
      ).rejects.toThrow();
    });
  });
}

const MIGRATIONS = path.resolve("app/platform/db/migrations");

/** The migrations folder as it was before references: every migration up to this one. */
function migrationsBeforeReferences(): { folder: string; remove(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-references-"));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === "0018_consultation_reference");
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

test("the migration gives every lead stored before it a reference of the year it arrived", async () => {
  const [driver] = await featureDrivers();
  const target = await createTestDatabaseEnv(driver!);
  const before = migrationsBeforeReferences();
  try {
    const old = await openDatabase(target.env, { migrationsFolder: before.folder });
    await old.db.execute(sql`insert into consultations (full_name, email, country, phone, project_brief, submitted_at)
      select 'Lead ' || n, 'lead' || n || '@example.com', 'India', '1', 'B', '2024-06-01T10:00:00Z'::timestamptz + n * interval '1 day'
      from generate_series(1, 400) as n`);
    await old.close();
    const migrated = await openDatabase(target.env);
    try {
      const rows = await migrated.db.select({ reference: consultations.reference, submittedAt: consultations.submittedAt }).from(consultations);
      expect(rows).toHaveLength(400);
      expect(new Set(rows.map((row) => row.reference)).size).toBe(400);
      for (const row of rows) expect(row.reference).toMatch(new RegExp(`^CON-${row.submittedAt.getUTCFullYear()}-[2-9A-HJKMNP-Z]{6}$`));
    } finally {
      await migrated.close();
    }
  } finally {
    before.remove();
    await target.dispose();
  }
});
