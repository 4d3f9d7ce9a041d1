import { and, asc, eq, isNotNull } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { sweepOverdueLeads } from "#app/features/leads/overdue-alerts.server.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { openDatabase, type Database } from "#app/platform/db/client.server.ts";
import { consultations, outbox, staffUsers, teamMembers, teams } from "#app/platform/db/schema.server.ts";
import { enqueue } from "#app/platform/email/outbox.server.ts";
import type { Outbox } from "#app/platform/services.server.ts";
import { createTestDatabaseEnv, openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const SITE_URL = "https://www.example.com";
const HOUR = 60 * 60_000;

const outboxOf: Pick<Outbox, "enqueue" | "nudge"> = { enqueue: (tx, message) => enqueue(mailTemplates, tx, message), nudge() {} };
const sweepServices = (db: Database) => ({ db, env: { SITE_URL }, outbox: outboxOf });

/**
 * Two teams: "India" with an owner, a lead and a webhook; "Elsewhere" with
 * no lead, so its overdue leads go to the admins. Leads of every kind: overdue
 * and waiting, answered in time, not yet due, spam and lost.
 */
async function seed(db: Database, overdueCount: number) {
  await db.insert(staffUsers).values([
    { id: "owner", name: "Olivia Owner", email: "owner@staff.example.com", roles: ["sales"] },
    { id: "lead", name: "Lena Lead", email: "lead@staff.example.com", roles: ["sales"] },
    { id: "admin", name: "Ada Admin", email: "admin@staff.example.com", roles: ["admin"] },
    { id: "gone", name: "Gary Gone", email: "gone@staff.example.com", roles: ["admin"], deactivatedAt: new Date() },
  ]);
  const [india] = await db
    .insert(teams)
    .values({ name: "India", webhookUrl: "https://hooks.example.com/in", webhookSecret: "s".repeat(64) })
    .returning({ id: teams.id });
  const [elsewhere] = await db.insert(teams).values({ name: "Elsewhere" }).returning({ id: teams.id });
  await db.insert(teamMembers).values([
    { teamId: india!.id, userId: "owner" },
    { teamId: india!.id, userId: "lead", isLead: true },
    { teamId: elsewhere!.id, userId: "owner" },
  ]);
  const now = Date.now();
  const lead = (n: number, fields: Partial<typeof consultations.$inferInsert>) => ({
    fullName: `Visitor ${n}`,
    email: `visitor${n}@example.com`,
    country: "India",
    phone: "+91 90000 00000",
    projectBrief: "A private brief that must not reach a webhook.",
    submittedAt: new Date(now - 3 * HOUR),
    dueAt: new Date(now - 2 * HOUR),
    ownerId: "owner",
    teamId: n % 2 === 0 ? india!.id : elsewhere!.id,
    ...fields,
  });
  const overdue = Array.from({ length: overdueCount }, (_, n) => lead(n, {}));
  await db
    .insert(consultations)
    .values([
      ...overdue,
      lead(1001, { firstResponseAt: new Date(now - 2.5 * HOUR), status: "contacted" }),
      lead(1002, { dueAt: new Date(now + HOUR) }),
      lead(1003, { status: "spam" }),
      lead(1004, { status: "lost" }),
    ]);
}

const alertsOf = (db: Database) =>
  db
    .select({ consultationId: outbox.consultationId, channel: outbox.channel, to: outbox.toAddress, template: outbox.template, body: outbox.body })
    .from(outbox)
    .where(eq(outbox.kind, "overdue"))
    .orderBy(asc(outbox.consultationId), asc(outbox.toAddress));

for (const driver of drivers) {
  test(`each overdue lead gets one alert set: owner and team lead (or the active admins) by email, the team's webhook, and nothing for an answered, not yet due, spam or lost lead (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      await seed(database.db, 4);
      expect(await sweepOverdueLeads(sweepServices(database.db))).toBe(4);
      const alerts = await alertsOf(database.db);
      const leads = await database.db.select({ id: consultations.id, fullName: consultations.fullName, teamId: consultations.teamId }).from(consultations);
      const idOf = (name: string) => leads.find((row) => row.fullName === name)!.id;
      const expected = [0, 1, 2, 3].flatMap((n) => {
        const id = idOf(`Visitor ${n}`);
        return n % 2 === 0
          ? [
              { consultationId: id, channel: "email", to: "lead@staff.example.com", template: "consultation-overdue", body: null },
              { consultationId: id, channel: "email", to: "owner@staff.example.com", template: "consultation-overdue", body: null },
              { consultationId: id, channel: "webhook", to: "https://hooks.example.com/in", template: "webhook", body: expect.any(String) as string },
            ]
          : [
              { consultationId: id, channel: "email", to: "admin@staff.example.com", template: "consultation-overdue", body: null },
              { consultationId: id, channel: "email", to: "owner@staff.example.com", template: "consultation-overdue", body: null },
            ];
      });
      const sorted = (rows: typeof alerts) => [...rows].sort((a, b) => a.consultationId! - b.consultationId! || a.to.localeCompare(b.to));
      expect(sorted(alerts)).toEqual(sorted(expected as typeof alerts));
      const post = JSON.parse(alerts.find((row) => row.channel === "webhook")!.body!) as { text: string };
      expect(post.text).toBe(
        `Overdue: the consultation request from Visitor 0 (India) has no response yet, owner Olivia Owner: ${SITE_URL}/staff/consultations/${idOf("Visitor 0")}`,
      );
      // The emails name the reference the visitor would quote.
      const [firstLead] = await database.db
        .select({ reference: consultations.reference })
        .from(consultations)
        .where(eq(consultations.id, idOf("Visitor 0")));
      const subjects = await database.db
        .select({ subject: outbox.subject })
        .from(outbox)
        .where(and(eq(outbox.kind, "overdue"), eq(outbox.channel, "email"), eq(outbox.consultationId, idOf("Visitor 0"))));
      expect(subjects.map((row) => row.subject)).toEqual(
        Array(2).fill(`Overdue: the consultation request ${firstLead!.reference} from Visitor 0 has no response yet`),
      );
      expect(alerts.some((row) => row.body?.includes("private brief") || row.body?.includes("visitor0@example.com"))).toBe(false);
      const alerted = await database.db.select({ name: consultations.fullName }).from(consultations).where(isNotNull(consultations.overdueAlertedAt));
      expect(alerted.map((row) => row.name).sort()).toEqual(["Visitor 0", "Visitor 1", "Visitor 2", "Visitor 3"]);

      // A later sweep sends nothing more.
      expect(await sweepOverdueLeads(sweepServices(database.db))).toBe(0);
      expect(await alertsOf(database.db)).toHaveLength(alerts.length);
    } finally {
      await database.dispose();
    }
  });
}

test("several sweeps at once on separate connection pools alert each overdue lead exactly once (pg)", async (context) => {
  if (!drivers.includes("pg")) return context.skip();
  const target = await createTestDatabaseEnv("pg");
  const pools = await Promise.all([1, 2, 3].map(() => openDatabase(target.env)));
  try {
    await seed(pools[0]!.db, 450);
    // Three processes, each sweeping three times at once: the 450 leads take several batches of 100.
    const counts = await Promise.all(pools.flatMap((pool) => [1, 2, 3].map(() => sweepOverdueLeads(sweepServices(pool.db)))));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(450);
    const db = pools[1]!.db;
    const alerts = await alertsOf(db);
    const perLead = new Map<number, number>();
    for (const alert of alerts) perLead.set(alert.consultationId!, (perLead.get(alert.consultationId!) ?? 0) + 1);
    expect(perLead.size).toBe(450);
    // Even leads (India): owner, team lead, webhook; odd ones (Elsewhere): owner and the one active admin.
    const overdue = await db
      .select({ id: consultations.id, fullName: consultations.fullName })
      .from(consultations)
      .where(isNotNull(consultations.overdueAlertedAt));
    for (const lead of overdue) expect(perLead.get(lead.id)).toBe(Number(lead.fullName.split(" ")[1]) % 2 === 0 ? 3 : 2);

    // Later, and from another process: nothing more.
    expect(await Promise.all(pools.map((pool) => sweepOverdueLeads(sweepServices(pool.db))))).toEqual([0, 0, 0]);
    expect(await alertsOf(db)).toHaveLength(alerts.length);
    const answered = await db
      .select({ id: consultations.id })
      .from(consultations)
      .where(and(isNotNull(consultations.firstResponseAt), isNotNull(consultations.overdueAlertedAt)));
    expect(answered).toEqual([]);
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
    await target.dispose();
  }
});
