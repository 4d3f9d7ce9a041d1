import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, test, vi } from "vitest";
import { Sections } from "#app/components/sections/sections.tsx";
import type { PageContent } from "#app/content/page-types.ts";
import { testimonialsAbout, withPickedProof } from "#app/features/proof/proof-blocks.server.ts";
import { changeProofStatus, createProof, listProof, proofContent, saveProof } from "#app/features/proof/proof-content.server.ts";
import { publishDueChanges, scheduleChanges } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { changesPublishers } from "#app/features/staff/publishing/scheduled-publishing.server.ts";
import { emptyProofData, type ProofData } from "#app/features/proof/proof-kinds.ts";
import { readBlocks } from "#app/features/site-pages/page-blocks.ts";
import { readProofInput } from "#app/features/staff/proof/proof-editor.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { appState, auditLog, caseStudies, clientLogos, people, staffUsers, testimonials } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers, uncachedReads } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();
const ip = "10.0.0.9";
const actor = { id: "erin", email: "erin@staff.example.com" };
const photo = { src: "/media/0b6f4a0e-5c2e-4b8e-9a57-1c1d2e3f4a5b/640.webp", width: 640, height: 640 };
const contentVersion = async (db: Database) =>
  (await db.select({ value: appState.value }).from(appState).where(eq(appState.key, "content_version")))[0]?.value ?? "0";

const quote = (words: string, extra: Partial<ProofData> = {}): ProofData => ({
  ...emptyProofData("testimonials"),
  quote: words,
  name: `Said by ${words}`,
  ...extra,
});

/** A page with a hero and the given blocks, at /crm. */
const crmWith = (...sections: object[]): PageContent =>
  ({ path: "/crm", title: "CRM", description: "CRM", sections: [{ kind: "hero", eyebrow: "E", title: "CRM", lead: "L" }, ...sections] }) as PageContent;

const drawn = (page: PageContent) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Sections, { sections: page.sections })));

async function created(db: Database, kind: "people" | "testimonials" | "logos", data: ProofData): Promise<number> {
  const made = await createProof(db, kind, data, actor, ip);
  if (!made.ok) throw new Error(made.message);
  return made.id;
}

for (const driver of drivers) {
  test(`people, testimonials and client logos are saved, published and unpublished on the content core; the status is CHECKed (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values({ id: actor.id, name: "Erin Editor", email: actor.email, roles: ["editor"] });
      const person = await created(db, "people", {
        ...emptyProofData("people"),
        name: "Asha Rao",
        role: "CTO",
        photo,
        linkedin: "https://www.linkedin.com/in/asha",
      });
      const [row] = await db.select().from(people).where(eq(people.id, person));
      expect(row).toMatchObject({ status: "draft", isDemo: true, name: "Asha Rao", photo });

      // Publishing moves the content version, so every page that picks the person is drawn again.
      const before = await contentVersion(db);
      expect(await changeProofStatus(db, "people", person, "publish", actor, ip)).toMatchObject({ ok: true });
      expect(await contentVersion(db)).not.toBe(before);
      expect(await changeProofStatus(db, "people", person, "publish", actor, ip)).toMatchObject({ ok: false, status: 409 });
      expect(await changeProofStatus(db, "people", person, "delete", actor, ip)).toMatchObject({ ok: false, message: expect.stringContaining("Unpublish") });

      // A published person's change kept as a draft does not reach visitors; publishing it does.
      const draft = await saveProof(db, "people", {
        id: person,
        shownRevision: row!.revision + 1,
        data: (working) => ({ ...working, role: "Chief technology officer", isDemo: false }),
        publish: false,
        actor,
        ipAddress: ip,
      });
      expect(draft).toMatchObject({ ok: true, message: expect.stringContaining("draft") });
      expect((await db.select().from(people).where(eq(people.id, person)))[0]).toMatchObject({ role: "CTO", isDemo: true });
      const stale = await saveProof(db, "people", { id: person, shownRevision: 1, data: (working) => working, publish: true, actor, ipAddress: ip });
      expect(stale).toMatchObject({ ok: false, status: 409 });

      const logo = await created(db, "logos", { ...emptyProofData("logos"), name: "Northwind", logo: photo, href: "https://northwind.example" });
      expect(await changeProofStatus(db, "logos", logo, "publish", actor, ip)).toMatchObject({ ok: true });
      const afterPublish = await contentVersion(db);
      expect(await changeProofStatus(db, "logos", logo, "unpublish", actor, ip)).toMatchObject({
        ok: true,
        message: expect.stringContaining("left every page"),
      });
      expect(await contentVersion(db)).not.toBe(afterPublish);
      expect(await changeProofStatus(db, "logos", logo, "delete", actor, ip)).toMatchObject({ ok: true });
      expect(await db.select().from(clientLogos)).toEqual([]);

      const said = await created(db, "testimonials", quote("Fast"));
      expect((await db.select().from(testimonials).where(eq(testimonials.id, said)))[0]).toMatchObject({ status: "draft", solutionPaths: [] });

      // The database keeps the rules even against a write that skips the forms.
      await expect(db.execute(sql`update testimonials set status = 'open' where id = ${said}`)).rejects.toThrow();
      await expect(db.execute(sql`update people set linkedin = 'https://evil.example/in/x' where id = ${person}`)).rejects.toThrow();
      await expect(db.execute(sql`update people set bio = ${"x".repeat(401)} where id = ${person}`)).rejects.toThrow();
      await expect(db.execute(sql`insert into client_logos (name, href) values ('X', 'http://x.example')`)).rejects.toThrow();

      const actions = await db.select({ action: auditLog.action, type: auditLog.targetType }).from(auditLog).orderBy(auditLog.id);
      expect(actions.map((entry) => `${entry.type} ${entry.action}`)).toEqual([
        "person proof-created",
        "person proof-published",
        "person proof-edited",
        "logo proof-created",
        "logo proof-published",
        "logo proof-unpublished",
        "logo proof-deleted",
        "testimonial proof-created",
      ]);
    } finally {
      await database.dispose();
    }
  });

  test(`a draft testimonial scheduled to publish is published by the schedule when its time comes (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values({ id: actor.id, name: "Erin Editor", email: actor.email, roles: ["editor"] });
      const id = await created(db, "testimonials", quote("Scheduled"));
      const at = new Date(Date.now() + 60 * 60_000);
      expect(await scheduleChanges(db, proofContent("testimonials"), { id, at, actor, ipAddress: ip })).toMatchObject({ ok: true });
      // The list says when it goes out.
      expect((await listProof(db, "testimonials", { search: "", status: null }, null)).rows).toEqual([expect.objectContaining({ id, scheduledAt: at })]);
      expect(await publishDueChanges(db, changesPublishers, new Date())).toBe(0);
      expect(await publishDueChanges(db, changesPublishers, new Date(at.getTime() + 1_000))).toBe(1);
      expect((await db.select().from(testimonials).where(eq(testimonials.id, id)))[0]?.status).toBe("published");
    } finally {
      await database.dispose();
    }
  });

  test(`a block draws only published items, in order or as chosen, and is not drawn when it has none (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const { db } = database;
    try {
      await db.insert(staffUsers).values({ id: actor.id, name: "Erin Editor", email: actor.email, roles: ["editor"] });
      const second = await created(db, "testimonials", quote("Second", { position: 2, solutionPaths: ["/crm"] }));
      const first = await created(db, "testimonials", quote("First", { position: 1, caseStudy: "distributor-erp-month-end" }));
      const hidden = await created(db, "testimonials", quote("Still a draft", { position: 0 }));
      for (const id of [second, first]) await changeProofStatus(db, "testimonials", id, "publish", actor, ip);

      const all = await withPickedProof(
        uncachedReads(db),
        crmWith({ kind: "testimonials", title: "What clients say", pick: { from: "all", ids: [] }, items: [] }),
      );
      expect(all.sections[1]).toMatchObject({
        items: [{ quote: "First", demo: true, caseStudy: { href: "/portfolio/distributor-erp-month-end" } }, { quote: "Second" }],
      });
      expect(drawn(all)).toContain('href="/portfolio/distributor-erp-month-end"');
      expect(drawn(all)).toContain("Demo example");
      expect(drawn(all)).not.toContain("Still a draft");

      // The case study's own page draws what was said about it, without a link back to itself.
      expect(await testimonialsAbout(uncachedReads(db), "distributor-erp-month-end")).toEqual([expect.objectContaining({ quote: "First" })]);
      expect((await testimonialsAbout(uncachedReads(db), "distributor-erp-month-end"))[0]).not.toHaveProperty("caseStudy");
      // A study visitors cannot open is not linked.
      await db.update(caseStudies).set({ status: "unpublished" }).where(eq(caseStudies.slug, "distributor-erp-month-end"));
      const unlinked = await withPickedProof(
        uncachedReads(db),
        crmWith({ kind: "testimonials", title: "What clients say", pick: { from: "all", ids: [] }, items: [] }),
      );
      expect(unlinked.sections[1]).toMatchObject({ items: [{ quote: "First" }, { quote: "Second" }] });
      expect(drawn(unlinked)).not.toContain('href="/portfolio/distributor-erp-month-end"');

      const ofPage = await withPickedProof(
        uncachedReads(db),
        crmWith({ kind: "testimonials", title: "About CRM", pick: { from: "page", ids: [] }, items: [] }),
      );
      expect(ofPage.sections[1]).toMatchObject({ items: [{ quote: "Second" }] });

      // Chosen in the order of their places; the draft among them is not drawn.
      const values = { blocks: "hero,testimonials", "b0.eyebrow": "E", "b0.title": "T", "b0.lead": "L", "b1.title": "Chosen", "b1.pick.from": "chosen" };
      const read = readBlocks({
        ...values,
        "b1.pick.0": String(first),
        "b1.pick.0.order": "2",
        "b1.pick.1": String(hidden),
        "b1.pick.1.order": "1",
        "b1.pick.2": String(second),
        "b1.pick.2.order": "1",
      });
      expect(read.ok && read.sections[1]).toMatchObject({ pick: { from: "chosen", ids: [hidden, second, first] } });
      const chosen = await withPickedProof(uncachedReads(db), crmWith(read.ok ? read.sections[1]! : {}));
      expect(chosen.sections[1]).toMatchObject({ items: [{ quote: "Second" }, { quote: "First" }] });
      expect(readBlocks({ ...values })).toEqual({ ok: false, errors: { "b1.pick.from": "Tick at least one to show, or show them all." } });

      // Unpublished, both leave the page, and the block is not drawn at all: no heading over nothing.
      for (const id of [second, first]) await changeProofStatus(db, "testimonials", id, "unpublish", actor, ip);
      const empty = await withPickedProof(uncachedReads(db), chosen);
      expect(empty.sections[1]).toMatchObject({ items: [] });
      expect(drawn(empty)).not.toContain("Chosen");

      // A block saved before items were picked holds typed items and no choice: it draws none of them.
      const old = await withPickedProof(uncachedReads(db), crmWith({ kind: "team", title: "Team", items: [{ name: "Typed", role: "CTO" }] }));
      expect(old.sections[1]).toMatchObject({ items: [] });
    } finally {
      await database.dispose();
    }
  });
}

test("an item's form is read by its kind: LinkedIn and client sites are checked, the bio is at most 400 characters", () => {
  expect(readProofInput("people", { name: "Asha", role: "CTO", linkedin: "https://evil.example/in/asha", bio: "x".repeat(401) })).toEqual({
    ok: false,
    errors: {
      linkedin: "LinkedIn profile must be an address starting with https://www.linkedin.com/",
      bio: "Short bio is 401 characters long; the most is 400.",
    },
  });
  expect(readProofInput("logos", { name: "Northwind", href: "http://northwind.example" })).toMatchObject({
    ok: false,
    errors: { href: expect.stringContaining("https://") },
  });
  const read = readProofInput("testimonials", { quote: "Fast.", name: "Asha", "solution.1": "/crm", "solution.2": "/elsewhere", position: "3" });
  expect(read).toMatchObject({ ok: true, input: { data: { solutionPaths: ["/crm"], position: 3, isDemo: false, caseStudy: null } } });
});
