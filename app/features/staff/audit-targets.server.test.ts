import { expect, test, vi } from "vitest";
import { listAudit } from "#app/features/staff/audit-list.server.ts";
import { audit } from "#app/features/staff/audit.server.ts";
import { resolveAuditRefs } from "#app/features/staff/audit-targets.server.ts";
import { consultations, featuredInsights, jobs, staffUsers } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

const ada = { id: "user-ada", email: "ada@staff.example.com" };

for (const driver of drivers) {
  test(`the audit log names people and records with links to their pages, says which are gone, and keeps times as moments (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      await db.insert(staffUsers).values([
        { id: "user-ada", name: "Ada Admin", email: ada.email, roles: ["admin"] },
        { id: "user-sam", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"] },
        { id: "user-old", name: "Olga Old", email: "olga@staff.example.com", roles: ["sales"], deactivatedAt: new Date() },
      ]);
      const [lead] = await db
        .insert(consultations)
        .values({ fullName: "Asha Verma", email: "asha@example.com", country: "India", phone: "+91 1", projectBrief: "Billing." })
        .returning({ id: consultations.id, reference: consultations.reference });
      const [job] = await db.insert(jobs).values({ title: "Backend Engineer" }).returning({ id: jobs.id });
      const [insight] = await db.insert(featuredInsights).values({ title: "Cloud costs" }).returning({ id: featuredInsights.id });
      const entries = [
        { action: "account-role-changed", target: { type: "staff", id: "user-sam" } },
        { action: "account-deactivated", target: { type: "staff", id: "user-old" } },
        { action: "away-set", target: { type: "staff", id: "user-gone" } },
        { action: "owner-changed", target: { type: "consultation", id: lead!.id }, detail: { from: null, to: "user-sam" } },
        { action: "job-deleted", target: { type: "job", id: job!.id + 1000 }, detail: { title: "Old role" } },
        { action: "job-edited", target: { type: "job", id: job!.id }, detail: { fields: "title" } },
        { action: "insight-scheduled", target: { type: "insight", id: insight!.id }, detail: { title: "Cloud costs", at: "2026-11-25T14:28:00.000Z" } },
        { action: "subscriber-erased", target: { type: "subscriber", id: 5 } },
      ] as const;
      for (const entry of entries) await audit(db, { actor: ada, ipAddress: "127.0.0.1", ...entry });

      const page = await listAudit({ db }, { action: null, search: "" }, null);
      const byAction = Object.fromEntries(page.rows.map((row) => [row.action, row]));
      const factsOf = (action: string) => Object.fromEntries(byAction[action]!.facts.map((fact) => [fact.key, fact]));
      expect(byAction["account-role-changed"]!.target).toEqual({
        label: "Staff account",
        name: "Sam Sales",
        href: "/staff/accounts#account-user-sam",
        note: null,
      });
      expect(byAction["account-deactivated"]!.target).toEqual({
        label: "Staff account",
        name: "Olga Old",
        href: "/staff/accounts#account-user-old",
        note: "deactivated",
      });
      expect(byAction["away-set"]!.target).toEqual({ label: "Staff account", name: "#user-gone", href: null, note: "deleted" });
      expect(byAction["owner-changed"]!.target).toEqual({ label: "Consultation", name: lead!.reference, href: `/staff/consultations/${lead!.id}`, note: null });
      // jsonb keeps a detail's keys in an order of its own.
      expect(factsOf("owner-changed")).toEqual({
        from: { key: "from", ref: null },
        to: { key: "to", ref: { label: "Staff account", name: "Sam Sales", href: "/staff/accounts#account-user-sam", note: null } },
      });
      expect(byAction["job-deleted"]!.target).toEqual({ label: "Job", name: `#${job!.id + 1000}`, href: null, note: "deleted" });
      expect(byAction["job-deleted"]!.facts).toEqual([{ key: "title", text: "Old role" }]);
      expect(byAction["job-edited"]!.target).toEqual({ label: "Job", name: "Backend Engineer", href: `/staff/jobs/${job!.id}`, note: null });
      expect(byAction["insight-scheduled"]!.target).toMatchObject({ name: "Cloud costs", href: `/staff/insights/${insight!.id}` });
      expect(factsOf("insight-scheduled")).toEqual({
        title: { key: "title", text: "Cloud costs" },
        at: { key: "at", at: "2026-11-25T14:28:00.000Z" },
      });
      expect(byAction["subscriber-erased"]!.target).toEqual({ label: "Subscriber", name: "#5", href: null, note: "erased" });
    } finally {
      await database.dispose();
    }
  });
}

test("a page of entries costs one query per kind of record it names, however many entries name them (pglite)", async () => {
  const database = await openTestDatabase("pglite");
  try {
    const { db } = database;
    await db.insert(staffUsers).values({ id: "user-sam", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"] });
    const leads = await db
      .insert(consultations)
      .values(
        Array.from({ length: 20 }, (_, i) => ({ fullName: `Lead ${i}`, email: `l${i}@example.com`, country: "India", phone: "+91 1", projectBrief: "B" })),
      )
      .returning({ id: consultations.id });
    const rows = [
      ...leads.map((lead) => ({ action: "owner-changed", targetType: "consultation", targetId: String(lead.id), detail: { from: null, to: "user-sam" } })),
      ...Array.from({ length: 5 }, () => ({ action: "away-set", targetType: "staff", targetId: "user-sam", detail: null })),
    ];
    const select = vi.spyOn(db, "select");
    const resolved = await resolveAuditRefs(db, rows);
    // Consultations, and staff accounts (targets and the owners in the details) together.
    expect(select).toHaveBeenCalledTimes(2);
    expect(resolved.every((row) => row.target?.href)).toBe(true);
  } finally {
    await database.dispose();
  }
});
