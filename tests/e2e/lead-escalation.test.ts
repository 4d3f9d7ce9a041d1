import { afterAll, beforeAll, expect, test } from "vitest";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { sweepOverdueLeads } from "#app/features/leads/overdue-alerts.server.ts";
import { openDatabase, type OpenDatabase } from "#app/platform/db/client.server.ts";
import { enqueue } from "#app/platform/email/outbox.server.ts";
import type { Outbox } from "#app/platform/services.server.ts";
import { axeViolations, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * The staff home's "Escalated" mark: a lead past its due time that the
 * overdue sweep has alerted reads "Escalated: alert sent" beside its clock,
 * in words a screen reader reads, not by colour; a lead not yet due has no
 * mark. The leads are written to the server's PostgreSQL database, and the
 * sweep the server runs every minute is run once here, on that database.
 */

const { newPage } = setupBrowser();

let server: RunningServer;
let database: FreshPostgres;
let sweepDb: OpenDatabase;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startServer({ DATABASE_URL: database.url });
  sweepDb = await openDatabase({ DATA_DIR: server.dataDir, DATABASE_URL: database.url }, { maxConnections: 2 });
});

afterAll(async () => {
  await sweepDb?.close();
  await server?.stop();
  await database?.dispose();
});

test("a swept overdue lead shows as escalated on a salesperson's staff home, in words a screen reader reads; a lead not yet due does not", async () => {
  // Business hours all day every day, so a lead due in 20 minutes is due within the hour of business time whenever the test runs.
  await database.pool.query(
    "insert into business_hours (id, time_zone, working_days, start_minute, end_minute) values (1, 'Asia/Kolkata', '{1,2,3,4,5,6,7}', 0, 1439)",
  );
  const {
    rows: [overdue],
  } = await database.pool.query<{ id: string }>(
    `insert into consultations (full_name, email, country, phone, project_brief, submitted_at, due_at)
     values ('Esha Overdue', 'esha@example.com', 'India', '+91 98450 00000', 'A CRM.', now() - interval '3 hours', now() - interval '1 hour'),
            ('Nikhil Soon', 'nikhil@example.com', 'India', '+91 98450 00001', 'An ERP.', now() - interval '40 minutes', now() + interval '20 minutes')
     returning id::text`,
  );

  // The server sweeps every minute too; whichever sweep claims the lead alerts it once.
  const outbox: Pick<Outbox, "enqueue" | "nudge"> = { enqueue: (tx, message) => enqueue(mailTemplates, tx, message), nudge() {} };
  await sweepOverdueLeads({ db: sweepDb.db, outbox, env: { SITE_URL: server.baseURL } });
  const { rows: alerted } = await database.pool.query<{ id: string }>("select id::text from consultations where overdue_alerted_at is not null");
  expect(alerted).toEqual([{ id: overdue!.id }]);

  const page = await newPage({ baseURL: server.baseURL, viewport: PHONE });
  await signInAs(page, server, "sales", { name: "Sam Sales" });
  const urgent = page.getByRole("region", { name: "Leads waiting for their first response" });
  await urgent.waitFor();
  const escalatedLead = urgent.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Esha Overdue" }) });
  const dueSoonLead = urgent.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Nikhil Soon" }) });

  // What a screen reader reads for each: the mark in words beside the clock, the warning sign left out.
  expect(await escalatedLead.ariaSnapshot()).toMatch(
    /^- listitem:\n {2}- link "Esha Overdue":\n.*\n {2}- strong: overdue by [^\n]+\n {2}- text: "Escalated: alert sent"$/,
  );
  expect(await dueSoonLead.ariaSnapshot()).not.toContain("Escalated");
  expect(await dueSoonLead.textContent()).toMatch(/^Nikhil Soon/);
  expect(await escalatedLead.getByText("Escalated: alert sent", { exact: true }).isVisible()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= 375)).toBe(true);
});
