import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { consultationEmails } from "#app/features/consultation/consultation-emails.server.ts";
import { handleConsultationPost } from "#app/features/consultation/submit-consultation.server.ts";
import { readSignature } from "#app/features/staff/replies/reply-templates.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { defaultSiteFacts, type SiteFacts } from "#app/content/site-facts.ts";
import { readSiteFacts, saveSiteFacts, SITE_FACTS_ID, siteFactsContent, siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import { resolveAuditRefs } from "#app/features/staff/audit-targets.server.ts";
import { compareRevisions } from "#app/features/staff/publishing/revision-diff.server.ts";
import { restoreRevision, revisionData, revisionsOf, settleChanges, workingCopy } from "#app/features/staff/publishing/revisions.server.ts";
import { readContentVersion, startContentWatch } from "#app/platform/content-watch.server.ts";
import { auditLog, contentDocuments, staffUsers } from "#app/platform/db/schema.server.ts";
import { createPublishedReads } from "#app/platform/published-reads.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const admin = { id: "admin-1", email: "ada@kraf.example" };
const otherAdmin = { id: "admin-2", email: "grace@kraf.example" };

/** The services a consultation post touches, on a real database; the outbox only records what it is given. */
function servicesRecording(db: Services["db"], queued: { template: string; params: unknown }[]): Services {
  const env = { SITE_URL: "https://www.example.com", SALES_INBOX: "sales@kraf.example", FORM_RATE_LIMIT: 50, FORM_RATE_WINDOW_SECONDS: 600 } as Env;
  return {
    env,
    db,
    storage: { put: async () => undefined, delete: async () => undefined },
    outbox: {
      enqueue: async (_tx: unknown, message: { template: string; params: unknown }) => (queued.push(message), queued.length),
      attemptNow: async () => ({ status: "sent" }),
      nudge: () => undefined,
    },
  } as unknown as Services;
}

function consultationPost() {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress: "5.5.5.5" });
  const body = new URLSearchParams({ fullName: "Facts Reader", email: "lead@example.com", country: "India", phone: "+91 98765 43210", brief: "A portal." });
  const request = new Request("https://www.example.com/consultation", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://www.example.com" },
  });
  return { request, context };
}

const edited = (changes: Partial<SiteFacts>): SiteFacts => ({ ...defaultSiteFacts, ...changes });

for (const driver of await featureDrivers()) {
  test(`the defaults stand until an admin saves; a save is a new revision, audited, and moves the content version (${driver})`, async () => {
    const { db, dispose } = await openTestDatabase(driver);
    try {
      await db.insert(staffUsers).values([
        { id: admin.id, name: "Ada", email: admin.email, roles: ["admin"] },
        { id: otherAdmin.id, name: "Grace", email: otherAdmin.email, roles: ["admin"] },
      ]);
      expect(await readSiteFacts(db)).toEqual({ facts: defaultSiteFacts, revision: 0, changedAt: null, changedBy: null });

      const versionBefore = await readContentVersion(db);
      const phone = { display: "+91 22 4000 1234", href: "tel:+912240001234" };
      const saved = await saveSiteFacts(db, { facts: edited({ phone }), shownRevision: 0, actor: admin, ipAddress: "10.0.0.1" });
      expect(saved).toEqual({ ok: true, revision: 1, message: "Saved. Every page shows the change within seconds." });
      expect(await readContentVersion(db)).not.toBe(versionBefore);
      const afterFirst = await readSiteFacts(db);
      expect(afterFirst).toMatchObject({ facts: edited({ phone }), revision: 1, changedBy: admin.id });
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "site-facts-changed"));
      expect(entry).toMatchObject({
        actorId: admin.id,
        actorEmail: admin.email,
        detail: { fields: "phone" },
        ipAddress: "10.0.0.1",
      });

      // Two admins opened revision 1: the first save stands, the second is refused and writes nothing.
      const banner = [{ text: "A new message.", href: "/contact-us" }];
      expect(await saveSiteFacts(db, { facts: edited({ phone, banner }), shownRevision: 1, actor: admin, ipAddress: "10.0.0.1" })).toMatchObject({
        ok: true,
        revision: 2,
      });
      const stale = await saveSiteFacts(db, { facts: edited({ trustPoints: ["Only this"] }), shownRevision: 1, actor: otherAdmin, ipAddress: "10.0.0.2" });
      expect(stale).toMatchObject({ ok: false, status: 409 });
      expect(stale.message).toMatch(/^Someone else saved this set of site facts after you opened it\./);
      expect((await readSiteFacts(db)).facts).toEqual(edited({ phone, banner }));
      expect(await db.select().from(auditLog).where(eq(auditLog.action, "site-facts-changed"))).toHaveLength(2);

      // Saving what is already there writes nothing; resetting brings the defaults back as a new revision.
      expect(await saveSiteFacts(db, { facts: edited({ phone, banner }), shownRevision: 2, actor: admin, ipAddress: "10.0.0.1" })).toMatchObject({
        ok: true,
        revision: 2,
        message: "Nothing changed, so nothing was saved.",
      });
      expect(await saveSiteFacts(db, { facts: defaultSiteFacts, shownRevision: 2, actor: otherAdmin, ipAddress: "10.0.0.2", reset: true })).toMatchObject({
        ok: true,
        revision: 3,
      });
      expect(await readSiteFacts(db)).toMatchObject({ facts: defaultSiteFacts, revision: 3, changedBy: otherAdmin.id });
    } finally {
      await dispose();
    }
  });

  test(`the facts' saves are revisions: a restore fills the form and publishes nothing until saved; putting it away keeps the facts in force (${driver})`, async () => {
    const { db, dispose } = await openTestDatabase(driver);
    try {
      await db.insert(staffUsers).values({ id: admin.id, name: "Ada", email: admin.email, roles: ["admin"] });
      const phone = { display: "+91 22 4000 1234", href: "tel:+912240001234" };
      const figures = { years: "4+", clients: "300+", professionals: "90+" };
      await saveSiteFacts(db, { facts: edited({ phone }), shownRevision: 0, actor: admin, ipAddress: "10.0.0.1" });
      await saveSiteFacts(db, { facts: edited({ phone, figures }), shownRevision: 1, actor: admin, ipAddress: "10.0.0.1" });
      // Revision 1 is the spec's values, kept when the first save was made.
      const history = await revisionsOf(db, "site-facts", SITE_FACTS_ID);
      expect(history.map((entry) => [entry.number, entry.origin, entry.savedByName])).toEqual([
        [3, "saved", "Ada"],
        [2, "saved", "Ada"],
        [1, "first", "Ada"],
      ]);
      const compared = await revisionData(db, "site-facts", SITE_FACTS_ID, [1, 3]);
      const differences = compareRevisions(siteFactsContent.fields, compared.get(1)!, compared.get(3)!, "Asia/Kolkata");
      expect(differences.map((difference) => difference.label)).toEqual(["Phone", "Trust figures"]);
      expect(differences[0]!.parts.some((part) => part.change === "added" && part.value.includes("4000 1234"))).toBe(true);

      // Restoring the spec's values: the pages keep the facts in force; the form shows the restored ones.
      const restoring = {
        id: SITE_FACTS_ID,
        number: 1,
        actor: admin,
        ipAddress: "10.0.0.1",
        withoutMissingFiles: async (data: SiteFacts) => ({ data, missing: [] }),
      };
      expect(await restoreRevision(db, siteFactsContent, restoring)).toMatchObject({
        ok: true,
        message: expect.stringContaining("Revision 1 is restored as revision 4"),
      });
      const inForce = await readSiteFacts(db);
      expect(inForce.facts).toEqual(edited({ phone, figures }));
      expect(inForce.revision).toBe(3);
      const working = await workingCopy(db, siteFactsContent, SITE_FACTS_ID, inForce);
      expect(working).toEqual({ data: defaultSiteFacts, pendingFields: ["phone", "figures"] });

      // Put away: the form shows the facts in force again. Restored again and saved: the pages follow.
      expect(await settleChanges(db, siteFactsContent, { id: SITE_FACTS_ID, action: "discard", actor: admin, ipAddress: "10.0.0.1" })).toMatchObject({
        ok: true,
      });
      expect((await workingCopy(db, siteFactsContent, SITE_FACTS_ID, await readSiteFacts(db))).pendingFields).toEqual([]);
      await restoreRevision(db, siteFactsContent, restoring);
      const shown = await readSiteFacts(db);
      expect(await saveSiteFacts(db, { facts: defaultSiteFacts, shownRevision: shown.revision, actor: admin, ipAddress: "10.0.0.1" })).toMatchObject({
        ok: true,
      });
      expect((await readSiteFacts(db)).facts).toEqual(defaultSiteFacts);
      // The audit log names them and links to their screen.
      const [restoredEntry] = await resolveAuditRefs(db, await db.select().from(auditLog).where(eq(auditLog.action, "revision-restored")).limit(1));
      expect(restoredEntry!.target).toMatchObject({ label: "Site facts", name: "Site facts", href: "/staff/site" });
      const actions = await db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id);
      expect(actions.map((entry) => entry.action)).toEqual([
        "site-facts-changed",
        "site-facts-changed",
        "revision-restored",
        "changes-discarded",
        "revision-restored",
        "site-facts-changed",
      ]);
    } finally {
      await dispose();
    }
  });

  test(`a stored document missing a fact added since keeps that fact's default (${driver})`, async () => {
    const { db, dispose } = await openTestDatabase(driver);
    try {
      const { navLabels: _labels, trustPoints: _points, ...older } = edited({ figures: { years: "4+", clients: "300+", professionals: "90+" } });
      await db
        .insert(contentDocuments)
        .values({ type: "site-facts", key: "site", data: { ...older, navLabels: { "main:solutions": "What we do" } }, revision: 4 });
      const { facts, revision } = await readSiteFacts(db);
      expect(revision).toBe(4);
      expect(facts.figures).toEqual({ years: "4+", clients: "300+", professionals: "90+" });
      expect(facts.trustPoints).toEqual(defaultSiteFacts.trustPoints);
      expect(facts.navLabels).toEqual({ ...defaultSiteFacts.navLabels, "main:solutions": "What we do" });
    } finally {
      await dispose();
    }
  });

  test(`the pages' read of the facts is kept per content version and follows a save within the watch's tick (${driver})`, async () => {
    const { db, dispose } = await openTestDatabase(driver);
    const watch = startContentWatch({ db, intervalMs: 50 });
    try {
      await db.insert(staffUsers).values({ id: admin.id, name: "Ada", email: admin.email, roles: ["admin"] });
      const services = { db, content: { read: createPublishedReads(watch) } };
      const first = await siteFactsFor(services);
      expect(first).toEqual({ facts: defaultSiteFacts, revision: 0 });
      // Kept: the same object until the content version moves.
      expect(await siteFactsFor(services)).toBe(first);
      const phone = { display: "+91 22 4000 1234", href: "tel:+912240001234" };
      await saveSiteFacts(db, { facts: edited({ phone }), shownRevision: 0, actor: admin, ipAddress: "10.0.0.1" });
      await vi.waitFor(async () => expect((await siteFactsFor(services)).facts.phone).toEqual(phone), { timeout: 2_000, interval: 20 });
      expect((await siteFactsFor(services)).revision).toBe(1);
    } finally {
      await watch.stop();
      await dispose();
    }
  });
}

for (const driver of await featureDrivers()) {
  test(`the consultation confirmation quotes the phone in force, and the unwritten reply signature the phone and sales e-mail (${driver})`, async () => {
    const { db, dispose } = await openTestDatabase(driver);
    try {
      await db.insert(staffUsers).values({ id: admin.id, name: "Ada", email: admin.email, roles: ["admin"] });
      const phone = { display: "+91 22 4000 1234", href: "tel:+912240001234" };
      const emails = { ...defaultSiteFacts.emails, sales: "deals@example.com" };
      await saveSiteFacts(db, { facts: edited({ phone, emails }), shownRevision: 0, actor: admin, ipAddress: "10.0.0.1" });

      const queued: { template: string; params: unknown }[] = [];
      const { request, context } = consultationPost();
      expect((await handleConsultationPost(request, context, servicesRecording(db, queued))).data.status).toBe("success");
      const confirmation = queued.find((message) => message.template === "consultation-confirmation")!;
      const mail = consultationEmails["consultation-confirmation"].render(confirmation.params as never);
      // Signed under the phone in force by the sales team, whose inbox (SALES_INBOX) sends it (decision 067).
      expect(mail.signature).toEqual(["+91 22 4000 1234"]);
      expect(mail.sender).toBe("sales");
      expect(mail.text).not.toContain(defaultSiteFacts.phone.display);

      expect(await readSignature(db)).toBe("Kraf Technologies\n+91 22 4000 1234 · deals@example.com");
    } finally {
      await dispose();
    }
  });
}
