import { eq, sql } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { caseStudiesIn, caseStudyHref, solutionAreas } from "#app/content/case-studies.ts";
import { caseStudySections } from "#app/content/case-study-page.ts";
import { anchorOf, solutionGroups } from "#app/content/navigation.ts";
import { pageToShow, writtenPageAt } from "#app/content/pages/index.ts";
import { defaultSiteFacts } from "#app/content/site-facts.ts";
import { readPublishedCaseStudies } from "#app/features/case-studies/case-studies.server.ts";
import { redirectFor } from "#app/features/redirects/redirects.server.ts";
import {
  caseStudyData,
  caseStudyForEdit,
  changeCaseStudyStatus,
  createCaseStudy,
  saveCaseStudy,
  listCaseStudiesForStaff,
} from "#app/features/staff/case-studies/case-studies-admin.server.ts";
import { outcomeField, readCaseStudyInput, solutionField, type CaseStudyInput } from "#app/features/staff/case-studies/case-study-rules.ts";
import { recordRevision, settleChanges } from "#app/features/staff/publishing/revisions.server.ts";
import { publishDueChanges, scheduleChanges } from "#app/features/staff/publishing/scheduled-changes.server.ts";
import { changesPublishers } from "#app/features/staff/publishing/scheduled-publishing.server.ts";
import { caseStudyContent } from "#app/features/staff/case-studies/case-studies-admin.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { auditLog, caseStudies, contentRevisions, staffUsers, testimonials } from "#app/platform/db/schema.server.ts";
import { featureDrivers } from "#tests/support/databases.ts";
import { withTestServices } from "#tests/support/services.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const editor = { id: "user-editor", name: "Eda Editor", email: "eda@staff.example.com", roles: ["editor" as const], timeZone: null };
const actor = { id: editor.id, email: editor.email };
const IP = "10.0.0.1";

/** The six demo studies a new database shows, newest first: what /portfolio showed when they were data in code. */
const demoSlugs = [
  "logistics-cloud-migration",
  "insurance-broker-crm-assistant",
  "d2c-storefront-demand-forecast",
  "clinic-chain-patient-app",
  "saas-subscription-billing",
  "distributor-erp-month-end",
];

const solutionPaths = solutionGroups.flatMap((group) => group.links.map((link) => link.href)).filter((href) => !anchorOf(href));

/** A study's form as an editor fills it in. */
function formValues(title: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    title,
    summary: "A broker put leads, policies and renewals in one CRM, and answers routine questions day and night.",
    clientSector: "Insurance broking",
    clientSize: "About 120 advisers",
    problem: "Leads arrived in different inboxes and renewals lived in spreadsheets.",
    built: "A CRM for leads and renewals\n- A virtual assistant on the website",
    stack: "Salesforce, Python",
    [outcomeField(0, "value")]: "46%",
    [outcomeField(0, "label")]: "of questions answered without an adviser",
    [solutionField("/crm")]: "on",
    ...extra,
  };
}

function inputOf(values: Record<string, string>): CaseStudyInput {
  const read = readCaseStudyInput(values);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

const noPictures = { screenshots: new Map() };

async function created(db: Database, title: string, extra: Record<string, string> = {}) {
  const answer = await createCaseStudy(
    db,
    caseStudyData(inputOf(formValues(title, extra)), noPictures, { cover: null, screenshots: [], socialImage: null }),
    actor,
    IP,
  );
  if (!answer.ok) throw new Error(answer.message);
  return answer.id;
}

const save = async (db: Database, id: number, values: Record<string, string>, publish = true) =>
  saveCaseStudy(db, {
    id,
    shownRevision: (await caseStudyForEdit(db, id))!.revision,
    data: (working) => caseStudyData(inputOf(values), noPictures, working),
    publish,
    actor,
    ipAddress: IP,
  });

test("the form's address is lowercase a-z, 0-9 and hyphens, made from the title when empty, and never one of the site's own words", () => {
  expect(inputOf(formValues("A CRM for a Broker (Pune)")).seo.slug).toBe("a-crm-for-a-broker-pune");
  expect(inputOf(formValues("Anything", { slug: "broker-crm" })).seo.slug).toBe("broker-crm");
  for (const slug of ["new", "preview", "staff", "portfolio", "history"]) {
    const read = readCaseStudyInput(formValues("Anything", { slug }));
    expect(read.ok ? null : read.errors.slug, slug).toContain("the site uses itself");
  }
  for (const slug of ["broker_crm", "broker--crm", "-broker", "2026"]) {
    const read = readCaseStudyInput(formValues("Anything", { slug }));
    expect(read.ok, slug).toBe(false);
  }
  // A title whose address would be a reserved word asks for one.
  const reserved = readCaseStudyInput(formValues("Preview"));
  expect(reserved.ok ? null : reserved.errors.slug).toContain("Type one");
  // A new cover needs its description; a result needs both halves.
  const cover = readCaseStudyInput(formValues("With a cover"), new Set(["cover"]));
  expect(cover.ok ? null : cover.errors.coverAlt).toBe("Describe the cover for people who cannot see it.");
  const half = readCaseStudyInput(formValues("Half a result", { [outcomeField(1, "value")]: "9 points" }));
  expect(half.ok ? null : half.errors[outcomeField(1, "label")]).toContain("Say what the figure measures");
});

test("a save keeps each picture unless it is replaced or removed, and takes the descriptions typed", () => {
  const old = (n: number) => ({ src: `/media/00000000-0000-4000-8000-00000000000${n}/960.webp`, width: 960, height: 504, alt: `Old ${n}` });
  const kept = { cover: old(1), screenshots: [old(2), old(3), old(4)], socialImage: "/media/social/1200.webp" };
  const values = formValues("Pictures", {
    coverAlt: "",
    screenshot0Alt: "The dashboard",
    screenshot1Alt: "",
    removeScreenshot2: "on",
    screenshot3Alt: "A new report",
  });
  const added = { src: "/media/00000000-0000-4000-8000-000000000009/1280.webp", width: 1280, height: 720 };
  const data = caseStudyData(inputOf(values), { screenshots: new Map([[3, added]]) }, kept);
  // The cover and the second screenshot keep their descriptions when the field is left empty.
  expect(data.cover).toEqual(old(1));
  expect(data.screenshots).toEqual([{ ...old(2), alt: "The dashboard" }, old(3), { ...added, alt: "A new report" }]);
  expect(data.socialImage).toBe(kept.socialImage);
  const removed = caseStudyData(inputOf({ ...values, removeCover: "on", removeSocialImage: "on" }), { screenshots: new Map() }, kept);
  expect(removed.cover).toBeNull();
  expect(removed.socialImage).toBeNull();
  // A new screenshot needs its description.
  const refused = readCaseStudyInput(formValues("Pictures"), new Set(["screenshot1"]));
  expect(refused.ok ? null : refused.errors.screenshot1Alt).toBe("Describe the screenshot for people who cannot see it.");
});

for (const driver of await featureDrivers()) {
  test(`a new database has the six demo case studies, published and labelled, and the pages' cards follow them (${driver})`, async () => {
    await withTestServices(driver, {}, async ({ db }) => {
      const studies = await readPublishedCaseStudies(db);
      expect(studies.map((study) => study.slug)).toEqual(demoSlugs);
      for (const study of studies) {
        expect(study.demo, study.slug).toBe(true);
        expect(study.summary.length, study.slug).toBeGreaterThanOrEqual(70);
        expect(study.summary.length, study.slug).toBeLessThanOrEqual(160);
        expect(study.problem.split(/\s+/).length, study.slug).toBeGreaterThanOrEqual(30);
        expect(study.built.length, study.slug).toBeGreaterThanOrEqual(3);
        expect(study.stack.length, study.slug).toBeGreaterThanOrEqual(3);
        expect(study.outcomes.length, study.slug).toBeGreaterThanOrEqual(2);
        expect(study.published, study.slug).toMatch(/^2025-\d\d-\d\d$/);
        for (const path of study.solutions) expect(solutionPaths, `${study.slug} names ${path}`).toContain(path);
        const [hero, ...rest] = caseStudySections(study);
        expect(hero.eyebrow).toBe("Case study · Demo example");
        expect(JSON.stringify(rest)).toContain("This case study is a demo example");
      }
      // Every solution area of the portfolio's filters has studies.
      for (const area of solutionAreas) expect(caseStudiesIn(studies, area).length, area.title).toBeGreaterThan(0);

      // /crm shows its own studies above its closing call to action; the home page the three newest.
      const crm = pageToShow(writtenPageAt("/crm")!, defaultSiteFacts, studies);
      expect(crm.sections.at(-1)?.kind).toBe("cta");
      const crmCards = crm.sections.at(-2);
      expect(crmCards?.kind === "caseStudies" && crmCards.cards.map((card) => card.href)).toEqual(["/portfolio/insurance-broker-crm-assistant"]);
      const home = pageToShow(writtenPageAt("/")!, defaultSiteFacts, studies).sections.find((section) => section.kind === "caseStudies");
      expect(home?.kind === "caseStudies" && home.cards.map((card) => card.href)).toEqual(demoSlugs.slice(0, 3).map((slug) => caseStudyHref({ slug })));
      expect(home?.kind === "caseStudies" && home.cards.every((card) => card.demo)).toBe(true);
    });
  });

  test(`a draft is seen by nobody; publishing shows it, a published study's changes wait as a draft, unpublishing hides it (${driver})`, async () => {
    await withTestServices(driver, {}, async ({ db }) => {
      await db.insert(staffUsers).values(editor);
      const id = await created(db, "A CRM for a broker", { slug: "broker-crm" });
      expect((await caseStudyForEdit(db, id))?.status).toBe("draft");
      expect((await readPublishedCaseStudies(db)).map((study) => study.slug)).not.toContain("broker-crm");
      // The address is one study's only.
      const again = await createCaseStudy(
        db,
        caseStudyData(inputOf(formValues("Other", { slug: "broker-crm" })), noPictures, { cover: null, screenshots: [], socialImage: null }),
        actor,
        IP,
      );
      expect(again).toMatchObject({ ok: false, fields: { slug: "Another case study already has the address “broker-crm”; choose another." } });

      expect(await changeCaseStudyStatus(db, id, "publish", actor, IP)).toMatchObject({ ok: true });
      const published = (await readPublishedCaseStudies(db))[0]!;
      expect(published).toMatchObject({ slug: "broker-crm", demo: false, published: new Date().toISOString().slice(0, 10), solutions: ["/crm"] });
      expect(published.built).toEqual(["A CRM for leads and renewals", "A virtual assistant on the website"]);
      expect(published.outcomes).toEqual([{ value: "46%", label: "of questions answered without an adviser" }]);

      // Saved as a draft, the change waits; published, it shows.
      expect(await save(db, id, formValues("A CRM and an assistant for a broker", { slug: "broker-crm" }), false)).toMatchObject({ ok: true });
      expect((await readPublishedCaseStudies(db))[0]!.title).toBe("A CRM for a broker");
      expect(await settleChanges(db, caseStudyContent, { id, action: "publish", actor, ipAddress: IP })).toMatchObject({ ok: true });
      expect((await readPublishedCaseStudies(db))[0]!.title).toBe("A CRM and an assistant for a broker");

      // A stale save is refused and changes nothing.
      const opened = (await caseStudyForEdit(db, id))!.revision;
      expect(await save(db, id, formValues("First", { slug: "broker-crm" }))).toMatchObject({ ok: true });
      const stale = await saveCaseStudy(db, {
        id,
        shownRevision: opened,
        data: (working) => caseStudyData(inputOf(formValues("Second", { slug: "broker-crm" })), noPictures, working),
        publish: true,
        actor,
        ipAddress: IP,
      });
      expect(stale).toMatchObject({ ok: false, status: 409 });
      expect((await caseStudyForEdit(db, id))?.title).toBe("First");

      // A published study's new address keeps the old one leading to it, and the quotes about it follow it.
      const [quote] = await db
        .insert(testimonials)
        .values({ quote: "They closed our month in a day.", name: "Ravi", status: "published", caseStudy: "broker-crm" })
        .returning({ id: testimonials.id, revision: testimonials.revision });
      // An editor's unpublished draft of the quote names the study too, beside another quote's draft that does not.
      const draft = { quote: "They closed our month in an hour.", name: "Ravi", caseStudy: "broker-crm" };
      await recordRevision(db, { type: "testimonial", itemId: quote!.id, data: draft, origin: "saved", actor });
      await recordRevision(db, { type: "testimonial", itemId: quote!.id + 1, data: { ...draft, caseStudy: null }, origin: "saved", actor });
      expect(await save(db, id, formValues("First", { slug: "broker-crm-assistant" }))).toMatchObject({ ok: true });
      expect(await redirectFor(db, "/portfolio/broker-crm")).toEqual({ to: "/portfolio/broker-crm-assistant", status: 301 });
      expect(
        await db.select({ caseStudy: testimonials.caseStudy, revision: testimonials.revision }).from(testimonials).where(eq(testimonials.id, quote!.id)),
      ).toEqual([{ caseStudy: "broker-crm-assistant", revision: quote!.revision + 1 }]);
      const quoteDrafts = await db
        .select({ itemId: contentRevisions.itemId, number: contentRevisions.number, data: contentRevisions.data })
        .from(contentRevisions)
        .where(eq(contentRevisions.contentType, "testimonial"))
        .orderBy(contentRevisions.itemId, contentRevisions.number);
      expect(quoteDrafts).toEqual([
        { itemId: quote!.id, number: 1, data: draft },
        { itemId: quote!.id, number: 2, data: { ...draft, caseStudy: "broker-crm-assistant" } },
        { itemId: quote!.id + 1, number: 1, data: { ...draft, caseStudy: null } },
      ]);

      // Not deleted while published; unpublished it leaves the lists, keeps its date, and may be deleted.
      expect(await changeCaseStudyStatus(db, id, "delete", actor, IP)).toMatchObject({ ok: false, status: 409 });
      expect(await changeCaseStudyStatus(db, id, "unpublish", actor, IP)).toMatchObject({ ok: true });
      expect(await caseStudyForEdit(db, id)).toMatchObject({ status: "unpublished", publishedOn: new Date().toISOString().slice(0, 10) });
      expect((await readPublishedCaseStudies(db)).map((study) => study.slug)).toEqual(demoSlugs);
      expect(await changeCaseStudyStatus(db, id, "delete", actor, IP)).toMatchObject({ ok: true });
      expect(await caseStudyForEdit(db, id)).toBeNull();

      const audited = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, "case-study"));
      expect(audited.map((row) => row.action).sort()).toEqual([
        "case-study-created",
        "case-study-deleted",
        "case-study-edited",
        "case-study-edited",
        "case-study-edited",
        "case-study-published",
        "case-study-unpublished",
        "changes-published",
      ]);
    });
  });

  test(`turning "Demo example" off is a change like any other, and the database refuses a status or an address outside the rules (${driver})`, async () => {
    await withTestServices(driver, {}, async ({ db }) => {
      await db.insert(staffUsers).values(editor);
      const [demo] = await db.select().from(caseStudies).where(eq(caseStudies.slug, "insurance-broker-crm-assistant"));
      const values = { ...formValues(demo!.title, { slug: demo!.slug }), demo: "" };
      expect(await save(db, demo!.id, values)).toMatchObject({ ok: true });
      const studies = await readPublishedCaseStudies(db);
      expect(studies.find((study) => study.slug === demo!.slug)?.demo).toBe(false);
      expect(studies.filter((study) => study.demo)).toHaveLength(5);

      const refuses = async (change: Promise<unknown>) => {
        await expect(change).rejects.toThrow();
      };
      await refuses(db.execute(sql`update case_studies set status = 'archived' where id = ${demo!.id}`));
      await refuses(db.execute(sql`update case_studies set slug = 'Not A Slug' where id = ${demo!.id}`));
      await refuses(
        db.execute(
          sql`insert into case_studies (slug, title, summary, client_sector, client_size, problem, status) values ('x', 'X', 's', 's', 's', 'p', 'published')`,
        ),
      );
      await refuses(db.execute(sql`insert into content_revisions (content_type, item_id, number, data, origin) values ('case-studies', 1, 1, '{}', 'first')`));
    });
  });

  test(`a draft study scheduled to publish is published by the schedule when its time comes, and not before (${driver})`, async () => {
    await withTestServices(driver, {}, async ({ db }) => {
      await db.insert(staffUsers).values(editor);
      const id = await created(db, "A scheduled study");
      const at = new Date(Date.now() + 60 * 60_000);
      expect(await scheduleChanges(db, caseStudyContent, { id, at, actor, ipAddress: IP })).toMatchObject({ ok: true });
      // The list says when it goes out.
      const listed = await listCaseStudiesForStaff(db, { search: "scheduled", status: null }, null);
      expect(listed.rows).toEqual([expect.objectContaining({ id, status: "draft", scheduledAt: at })]);
      expect(await publishDueChanges(db, changesPublishers, new Date())).toBe(0);
      expect((await caseStudyForEdit(db, id))!.status).toBe("draft");
      expect(await publishDueChanges(db, changesPublishers, new Date(at.getTime() + 1_000))).toBe(1);
      expect((await caseStudyForEdit(db, id))!.status).toBe("published");
      expect((await readPublishedCaseStudies(db)).map((study) => study.title)).toContain("A scheduled study");
    });
  });
}
