import { eq, sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { dueTimeFor, recordFirstResponse } from "#app/features/leads/business-hours.server.ts";
import { readFigures } from "#app/features/staff/figures/figures.server.ts";
import { shareInPromise, type Figures } from "#app/features/staff/figures/figures.ts";
import { figuresCsv } from "#app/features/staff/figures/figures-csv.server.ts";
import { readPeriod } from "#app/features/staff/figures/period.ts";
import type { Attribution } from "#app/features/attribution/attribution.ts";
import { rowsOf } from "#app/platform/db/client.server.ts";
import { buildListIndexes } from "#app/platform/db/list-indexes.server.ts";
import { consultations, inboxStatusChanges, staffUsers, type ConsultationStatus } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

/*
 * A fixed set of leads under the default business hours (Monday to Friday,
 * 09:30 to 18:30, Asia/Kolkata, UTC+05:30) and a promise of 60 business
 * minutes, for the period Monday 23 to Wednesday 25 November 2026, seen on
 * Thursday 26 at 10:00 in Kolkata. Times below are Kolkata time.
 *
 *  #  arrives        owner  source/medium/campaign   landing  country  status     first response          business minutes
 *  0  Sun 22 23:50   Asha   linkedin                 -        India    contacted  Mon 09:35               (outside the period)
 *  1  Mon 23 00:10   Asha   linkedin/paid/q4-crm     /crm     India    contacted  Mon 09:45               15  (09:30-09:45)
 *  2  Mon 23 18:00   Asha   google/cpc               /erp     India    qualified  Tue 10:30               90  (18:00-18:30, 09:30-10:30)
 *  3  Mon 23 20:00   Bala   linkedin/paid/q4-crm     /crm     India    won        Tue 09:50               20  (09:30-09:50)
 *  4  Tue 24 11:00   Bala   -                        -        US       lost*      Tue 13:00               120
 *  5  Tue 24 12:00   Asha   google/cpc               /erp     India    contacted  Tue 12:45               45
 *  6  Wed 25 09:00   -      linkedin/-/=SUM(1)       -        India    new        waiting, due Wed 10:30  overdue
 *  7  Wed 25 18:20   Bala   newsletter/email         -        Germany  new        waiting, due Thu 10:20  not due yet
 *  8  Wed 25 13:00   Asha   linkedin                 -        India    spam       -                       (spam: left out)
 *  9  Wed 25 14:00   Asha   newsletter/email         -        India    contacted  answered, no minutes    (before minutes were kept)
 *  * lead 4's history shows it was qualified before it was lost.
 *
 * By hand:
 * - per day: Mon 3 leads (1, 2, 3), judged 3, within 2 (15, 20); Tue 2 (4, 5), judged 2, within 1 (45);
 *   Wed 3 (6, 7, 9), judged 1 (6, overdue), within 0.
 * - overall: 8 leads, 6 answered, 1 unmeasured (9), 1 overdue (6), 1 not yet due (7); minutes 15, 20, 45, 90, 120:
 *   median 45; p90 at position 0.9 × 4 = 3.6: 90 + 0.6 × (120 - 90) = 108; within 3 of judged 6 (5 measured + 1 overdue) = 50 %.
 * - Asha (1, 2, 5, 9): minutes 15, 45, 90: median 45; p90 at 0.9 × 2 = 1.8: 45 + 0.8 × 45 = 81; within 2 of 3.
 * - Bala (3, 4, 7): minutes 20, 120: median 70; p90 at 0.9: 20 + 0.9 × 100 = 110; within 1 of 2; 7 waits, not yet due.
 * - Unassigned (6): no minutes; judged 1 (overdue), within 0.
 * - by source: linkedin 3 (1, 3, 6), google 2 (2, 5), newsletter 2 (7, 9), none 1 (4).
 *   Qualified: google 1 (2), linkedin 1 (3, won), none 1 (4, by its history); won: linkedin 1.
 * - by medium: cpc 2, email 2, paid 2, none 2. By campaign: none 5, q4-crm 2, =SUM(1) 1.
 *   By landing page (query dropped): none 4, /crm 2, /erp 2. By country: India 6, Germany 1, United States 1.
 */

type Lead = {
  arrives: string;
  owner: string | null;
  attribution: Attribution | null;
  country?: string;
  status: ConsultationStatus;
  response?: string;
  /** Answered before the business minutes were kept. */
  legacyResponse?: string;
  qualifiedInHistory?: boolean;
};

/** Kolkata wall time "2026-11-23 18:00" as an instant. */
function ist(text: string): Date {
  return new Date(`${text.replace(" ", "T")}:00+05:30`);
}

const linkedinCrm: Attribution = { source: "linkedin", medium: "paid", campaign: "q4-crm", lastTouch: { landingPage: "/crm?utm_source=linkedin" } };
const googleErp: Attribution = { source: "google", medium: "cpc", formPage: "/erp" };
const newsletter: Attribution = { source: "newsletter", medium: "email" };

const leads: Lead[] = [
  { arrives: "2026-11-22 23:50", owner: "asha", attribution: { source: "linkedin" }, status: "contacted", response: "2026-11-23 09:35" },
  { arrives: "2026-11-23 00:10", owner: "asha", attribution: linkedinCrm, status: "contacted", response: "2026-11-23 09:45" },
  { arrives: "2026-11-23 18:00", owner: "asha", attribution: googleErp, status: "qualified", response: "2026-11-24 10:30" },
  {
    arrives: "2026-11-23 20:00",
    owner: "bala",
    attribution: { ...linkedinCrm, lastTouch: { landingPage: "/crm" } },
    status: "won",
    response: "2026-11-24 09:50",
  },
  {
    arrives: "2026-11-24 11:00",
    owner: "bala",
    attribution: null,
    country: "United States",
    status: "lost",
    response: "2026-11-24 13:00",
    qualifiedInHistory: true,
  },
  {
    arrives: "2026-11-24 12:00",
    owner: "asha",
    attribution: { ...googleErp, formPage: undefined, lastTouch: { landingPage: "/erp?x=1" } },
    status: "contacted",
    response: "2026-11-24 12:45",
  },
  { arrives: "2026-11-25 09:00", owner: null, attribution: { source: "linkedin", campaign: "=SUM(1)" }, status: "new" },
  { arrives: "2026-11-25 18:20", owner: "bala", attribution: newsletter, country: "Germany", status: "new" },
  { arrives: "2026-11-25 13:00", owner: "asha", attribution: { source: "linkedin" }, status: "spam", response: "2026-11-25 13:05" },
  { arrives: "2026-11-25 14:00", owner: "asha", attribution: newsletter, status: "contacted", legacyResponse: "2026-11-25 14:30" },
];

const now = ist("2026-11-26 10:00");

for (const driver of await featureDrivers()) {
  test(`the figures of a fixed set of leads match the ones worked out by hand (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values([
        { id: "asha", name: "Asha Rao", email: "asha@kraf.example", roles: ["sales"] },
        { id: "bala", name: "Bala Iyer", email: "bala@kraf.example", roles: ["sales"] },
      ]);
      for (const [index, lead] of leads.entries()) {
        const submittedAt = ist(lead.arrives);
        const [row] = await db
          .insert(consultations)
          .values({
            fullName: `Lead ${index}`,
            email: `lead${index}@example.com`,
            country: lead.country ?? "India",
            phone: "+91 98765 43210",
            projectBrief: "A brief.",
            submittedAt,
            dueAt: (await dueTimeFor(db, submittedAt)).dueAt,
            status: lead.status,
            ownerId: lead.owner,
            attribution: lead.attribution,
            firstResponseAt: lead.legacyResponse ? ist(lead.legacyResponse) : null,
          })
          .returning({ id: consultations.id });
        if (lead.response) expect(await recordFirstResponse(db, row!.id, ist(lead.response))).toBe(true);
        if (lead.qualifiedInHistory) {
          await db.insert(inboxStatusChanges).values([
            { consultationId: row!.id, fromStatus: "contacted", toStatus: "qualified", actorName: "Bala Iyer" },
            { consultationId: row!.id, fromStatus: "qualified", toStatus: "lost", actorName: "Bala Iyer" },
          ]);
        }
      }
      // What recordFirstResponse stored for lead 2: 30 minutes on Monday evening and 60 on Tuesday morning.
      const [second] = await db.select().from(consultations).where(eq(consultations.fullName, "Lead 2"));
      expect(second!.firstResponseBusinessMinutes).toBe(90);

      const period = readPeriod(new URLSearchParams({ from: "2026-11-23", to: "2026-11-25" }), "2026-11-26");
      if (!period.ok) throw new Error(period.message);
      const figures = await readFigures(db, period.period, "Asia/Kolkata", now);

      expect(figures.days).toEqual([
        { date: "2026-11-23", leads: 3, judged: 3, inPromise: 2 },
        { date: "2026-11-24", leads: 2, judged: 2, inPromise: 1 },
        { date: "2026-11-25", leads: 3, judged: 1, inPromise: 0 },
      ]);
      const [overall, asha, bala, unassigned, ...more] = figures.response;
      expect(more).toEqual([]);
      expect(overall).toEqual({
        ownerId: null,
        ownerName: null,
        overall: true,
        leads: 8,
        answered: 6,
        unmeasured: 1,
        waitingOverdue: 1,
        waitingNotDue: 1,
        inPromise: 3,
        judged: 6,
        medianMinutes: 45,
        p90Minutes: 108,
      });
      expect(shareInPromise(overall!)).toBe(0.5);
      expect(asha).toMatchObject({ ownerId: "asha", ownerName: "Asha Rao", leads: 4, answered: 4, unmeasured: 1, inPromise: 2, judged: 3, medianMinutes: 45 });
      expect(asha!.p90Minutes).toBeCloseTo(81, 9);
      expect(bala).toMatchObject({
        ownerId: "bala",
        ownerName: "Bala Iyer",
        leads: 3,
        answered: 2,
        waitingNotDue: 1,
        inPromise: 1,
        judged: 2,
        medianMinutes: 70,
      });
      expect(bala!.p90Minutes).toBeCloseTo(110, 9);
      expect(unassigned).toMatchObject({
        ownerId: null,
        overall: false,
        leads: 1,
        answered: 0,
        waitingOverdue: 1,
        judged: 1,
        inPromise: 0,
        medianMinutes: null,
      });

      expect(figures.counts.source).toEqual([
        { value: "linkedin", leads: 3 },
        { value: "google", leads: 2 },
        { value: "newsletter", leads: 2 },
        { value: null, leads: 1 },
      ]);
      expect(figures.outcomes).toEqual([
        { source: "linkedin", leads: 3, qualified: 1, won: 1 },
        { source: "google", leads: 2, qualified: 1, won: 0 },
        { source: "newsletter", leads: 2, qualified: 0, won: 0 },
        { source: null, leads: 1, qualified: 1, won: 0 },
      ]);
      expect(figures.counts.medium).toEqual([
        { value: "cpc", leads: 2 },
        { value: "email", leads: 2 },
        { value: "paid", leads: 2 },
        { value: null, leads: 2 },
      ]);
      expect(figures.counts.campaign).toEqual([
        { value: null, leads: 5 },
        { value: "q4-crm", leads: 2 },
        { value: "=SUM(1)", leads: 1 },
      ]);
      expect(figures.counts.landing).toEqual([
        { value: null, leads: 4 },
        { value: "/crm", leads: 2 },
        { value: "/erp", leads: 2 },
      ]);
      expect(figures.counts.country).toEqual([
        { value: "India", leads: 6 },
        { value: "Germany", leads: 1 },
        { value: "United States", leads: 1 },
      ]);

      // One table as CSV: the campaign a visitor's link named cannot run as a spreadsheet formula.
      const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await figuresCsv(figures, "campaign").arrayBuffer());
      expect(csv).toBe('\uFEFF"Campaign","Leads"\n"(none)","5"\n"q4-crm","2"\n"\'=SUM(1)","1"\n');
      const responseCsv = await figuresCsv(figures, "response").text();
      expect(responseCsv.split("\n")[1]).toBe('"All leads","8","6","1","1","1","45","108","3","6","50%"');
    } finally {
      await database.dispose();
    }
  });

  test(`a lead whose attribution is too long for the figures' covering index is stored and counted under its whole values (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    /** Characters outside the Basic Multilingual Plane, four bytes each, varied so that they do not compress. */
    const longText = (length: number, seed: number) =>
      Array.from({ length }, (_, index) => String.fromCodePoint(0x20000 + (((index + seed) * 7919) % 42000))).join("");
    const long = { source: longText(200, 1), medium: longText(200, 2), campaign: longText(200, 3) };
    const longCountry = longText(80, 4);
    try {
      // As a server's start leaves the database (a test database on PostgreSQL has only the migrations).
      await buildListIndexes(database, database.env.DATABASE_URL);
      const indexes = await db.execute(sql`select indexname from pg_indexes where indexname like 'consultations_figures%' order by indexname`);
      expect(rowsOf<{ indexname: string }>(indexes).map((row) => row.indexname)).toEqual(["consultations_figures_idx", "consultations_figures_long_idx"]);
      for (const [index, attribution] of [long, newsletter].entries()) {
        const submittedAt = ist("2026-11-24 11:00");
        const [row] = await db
          .insert(consultations)
          .values({
            fullName: `Lead ${index}`,
            email: `lead${index}@example.com`,
            country: index === 0 ? longCountry : "India",
            phone: "+91 98765 43210",
            projectBrief: "A brief.",
            submittedAt,
            dueAt: (await dueTimeFor(db, submittedAt)).dueAt,
            status: "lost",
            attribution,
          })
          .returning({ id: consultations.id });
        await db.insert(inboxStatusChanges).values({ consultationId: row!.id, fromStatus: "contacted", toStatus: "qualified", actorName: "Bala Iyer" });
      }
      const period = readPeriod(new URLSearchParams({ from: "2026-11-24", to: "2026-11-24" }), "2026-11-26");
      if (!period.ok) throw new Error(period.message);
      const figures = await readFigures(db, period.period, "Asia/Kolkata", now);
      expect(figures.days).toEqual([{ date: "2026-11-24", leads: 2, judged: 2, inPromise: 0 }]);
      expect(figures.counts.source).toHaveLength(2);
      expect(figures.counts.source).toContainEqual({ value: "newsletter", leads: 1 });
      expect(figures.counts.source).toContainEqual({ value: long.source, leads: 1 });
      expect(figures.counts.campaign).toContainEqual({ value: long.campaign, leads: 1 });
      expect(figures.counts.country).toContainEqual({ value: longCountry, leads: 1 });
      expect(figures.outcomes).toContainEqual({ source: long.source, leads: 1, qualified: 1, won: 0 });
    } finally {
      await database.dispose();
    }
  });

  test(`a period without leads has empty figures, one day per date (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const period = readPeriod(new URLSearchParams({ from: "2026-11-01", to: "2026-11-07" }), "2026-11-26");
      if (!period.ok) throw new Error(period.message);
      const figures: Figures = await readFigures(database.db, period.period, "Asia/Kolkata", now);
      expect(figures.days.map((day) => day.leads)).toEqual([0, 0, 0, 0, 0, 0, 0]);
      expect(figures.response).toEqual([expect.objectContaining({ overall: true, leads: 0, medianMinutes: null, judged: 0 })]);
      expect(figures.counts.source).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
}
