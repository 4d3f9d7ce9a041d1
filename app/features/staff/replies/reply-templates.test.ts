import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";
import {
  checkTemplate,
  defaultSignature,
  deleteReplyTemplate,
  listReplyTemplates,
  replyDraftFor,
  saveReplyTemplate,
  saveSignature,
} from "#app/features/staff/replies/reply-templates.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { auditLog, staffUsers } from "#app/platform/db/schema.server.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const admin: StaffUser = { id: "user-admin", name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin"], timeZone: null };

for (const driver of drivers) {
  test(`a site starts with one template; picking it fills in the lead, the sender and the signature; admins' changes are audited (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      await db.insert(staffUsers).values(admin);
      const [first] = await listReplyTemplates(db);
      expect(first).toMatchObject({ name: "Thank you for your request", subject: "Your consultation request" });

      const draft = await replyDraftFor(db, null, { lead: "Asha Verma", sender: "Sam Sales" });
      expect(draft.chosen).toBe(first!.id);
      expect(draft.draft.body).toMatch(/^Dear Asha Verma,\n/);
      expect(draft.draft.body).toContain("Kind regards,\nSam Sales\n\n" + defaultSignature);

      await saveSignature(db, "Kraf Technologies\r\nSales team", admin, "10.0.0.1");
      const checked = checkTemplate({ name: "Follow-up", subject: "Following up, {{name}}", body: "Hi {{name}},\n{{signature}}" });
      expect(checked.ok).toBe(true);
      if (!checked.ok) return;
      expect(await saveReplyTemplate(db, null, checked.template, admin, "10.0.0.1")).toMatchObject({ ok: true });
      expect(await saveReplyTemplate(db, null, checked.template, admin, "10.0.0.1")).toMatchObject({ ok: false, status: 409, field: "name" });
      const followUp = (await listReplyTemplates(db)).find((template) => template.name === "Follow-up")!;
      expect((await replyDraftFor(db, followUp.id, { lead: "Asha", sender: "Sam" })).draft).toEqual({
        subject: "Following up, Asha",
        body: "Hi Asha,\nKraf Technologies\nSales team",
      });

      expect(await deleteReplyTemplate(db, followUp.id, admin, "10.0.0.1")).toMatchObject({ ok: true });
      expect(await deleteReplyTemplate(db, followUp.id, admin, "10.0.0.1")).toMatchObject({ ok: false, status: 404 });
      const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, admin.id)).orderBy(auditLog.id)).map(
        (row) => row.action,
      );
      expect(actions).toEqual(["reply-signature-changed", "reply-template-created", "reply-template-deleted"]);
    } finally {
      await database.dispose();
    }
  });
}

test("a template's subject must be one line", () => {
  expect(checkTemplate({ name: "X", subject: "A\nB", body: "Hi" })).toMatchObject({ ok: false, field: "subject" });
  expect(checkTemplate({ name: "", subject: "A", body: "Hi" })).toMatchObject({ ok: false, field: "name" });
});
