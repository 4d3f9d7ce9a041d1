import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { loader as calendarLoader } from "#app/routes/events.$slug.calendar[.]ics.ts";
import { servicesContext } from "#app/services-context.server.ts";
import { currentEdition, findEvent, nextEventChange } from "#app/features/events/events.server.ts";
import type { EditionInput } from "#app/features/staff/events/edition-rules.ts";
import { redirectFor } from "#app/features/redirects/redirects.server.ts";
import {
  changeEditionStatus,
  createEdition,
  editionContent,
  editionForEdit,
  giveWaitlistPlace,
  saveEdition,
} from "#app/features/staff/events/editions-admin.server.ts";
import { settleChanges } from "#app/features/staff/publishing/revisions.server.ts";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import { auditLog, eventRegistrations, events, inboxStatusChanges, outbox, staffUsers, type EventRegistrationStatus } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";
import { featureDrivers } from "#tests/support/databases.ts";
import { withTestServices } from "#tests/support/services.ts";

// Each PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const DAY = 24 * 60 * 60_000;
const editor: StaffUser = { id: "user-editor", name: "Eda Editor", email: "eda@staff.example.com", roles: ["editor"], timeZone: null };
const sales: StaffUser = { id: "user-sales", name: "Sam Sales", email: "sam@staff.example.com", roles: ["sales"], timeZone: null };

function editionInput(slug: string, startsInDays: number, extra: Partial<EditionInput> = {}): EditionInput {
  const startsAt = new Date(Date.now() + startsInDays * DAY);
  return {
    title: `Summit ${slug}`,
    slug,
    summary: "A day of talks.",
    timeZone: "Asia/Kolkata",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 8 * 60 * 60_000),
    venue: { name: "Hall", streetAddress: "Road 1", locality: "Delhi", region: "Delhi", postalCode: "110003", countryCode: "IN", mapUrl: "" },
    capacity: 1,
    registrationOpensAt: null,
    registrationClosesAt: null,
    agenda: [],
    speakers: [{ name: "Asha Rao", role: "CTO", organisation: "Kraf", bio: "", photo: "/media/abc/800.webp" }],
    speakerSlots: [0],
    recap: [],
    recapPhotos: [],
    newRecapPhotoAlt: "",
    ...extra,
  };
}

async function created(services: Services, input: EditionInput) {
  const answer = await createEdition(services.db, input, { id: editor.id, email: editor.email }, "10.0.0.1");
  if (!answer.ok) throw new Error(answer.message);
  return answer.id;
}

let sequence = 0;
async function registration(services: Services, eventId: number, status: EventRegistrationStatus) {
  sequence += 1;
  const [row] = await services.db
    .insert(eventRegistrations)
    .values({
      eventId,
      status,
      fullName: `Guest ${sequence}`,
      email: `guest${sequence}@example.com`,
      consentAt: new Date(),
      consentVersion: "1",
      reference: `EVT-2026-T${String(sequence).padStart(5, "0")}`,
    })
    .returning({ id: eventRegistrations.id });
  return row!.id;
}

for (const driver of await featureDrivers()) {
  test(`a published edition's new address leaves a 301 from the old one once published; a draft's leaves none (${driver})`, async () => {
    await withTestServices(driver, {}, async (services) => {
      const { db } = services;
      await db.insert(staffUsers).values([editor]);
      const actor = { id: editor.id, email: editor.email };
      const id = await created(services, editionInput("summit-first", 40));
      const revisionOf = async () => (await editionForEdit(db, id))!.revision;
      // Nobody could reach a draft's address: moving it leaves nothing behind.
      expect(await saveEdition(db, id, await revisionOf(), editionInput("summit-draft", 40), actor, "10.0.0.1")).toMatchObject({ ok: true });
      expect(await redirectFor(db, "/events/summit-first")).toBeNull();
      expect(await changeEditionStatus(db, id, "publish", actor, "10.0.0.1")).toMatchObject({ ok: true });

      // A new address kept as a draft moves nothing yet; once published, the old address leads to the new one.
      expect(await saveEdition(db, id, await revisionOf(), editionInput("summit-moved", 40), actor, "10.0.0.1", false)).toMatchObject({ ok: true });
      expect(await redirectFor(db, "/events/summit-draft")).toBeNull();
      expect(await settleChanges(db, editionContent, { id, action: "publish", actor, ipAddress: "10.0.0.1" })).toMatchObject({ ok: true });
      expect(await redirectFor(db, "/events/summit-draft")).toEqual({ to: "/events/summit-moved", status: 301 });
      expect(await findEvent(db, "summit-moved")).not.toBeNull();
      // Saved to publish at once, the same: and a chain stays one hop.
      expect(await saveEdition(db, id, await revisionOf(), editionInput("summit-final", 40), actor, "10.0.0.1")).toMatchObject({ ok: true });
      expect(await redirectFor(db, "/events/summit-draft")).toEqual({ to: "/events/summit-final", status: 301 });
      expect(await redirectFor(db, "/events/summit-moved")).toEqual({ to: "/events/summit-final", status: 301 });

      // The calendar file a visitor saved from the old page moves with it.
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      const calendarAt = async (slug: string) => {
        const url = new URL(`/events/${slug}/calendar.ics`, services.env.SITE_URL);
        return (await calendarLoader({ request: new Request(url), context, params: { slug }, url } as unknown as Parameters<
          typeof calendarLoader
        >[0])) as Response;
      };
      const moved = await calendarAt("summit-draft");
      expect([moved.status, moved.headers.get("Location")]).toEqual([301, "/events/summit-final/calendar.ics"]);
      expect((await calendarAt("summit-final")).headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect((await calendarAt("summit-unknown")).status).toBe(404);
    });
  });

  test(`a draft has no page; publishing makes it the current edition while it is the next one, and a stale save is refused (${driver})`, async () => {
    await withTestServices(driver, { SITE_URL: "https://www.example.com" }, async (services) => {
      const { db } = services;
      await db.insert(staffUsers).values([editor, sales]);
      // The seeded 2025 edition is over: it is current until another is published.
      expect((await currentEdition(db))?.slug).toBe("kraf-think-2025");

      const later = await created(services, editionInput("summit-later", 60));
      const sooner = await created(services, editionInput("summit-sooner", 30));
      expect(await findEvent(db, "summit-sooner")).toBeNull();
      expect((await currentEdition(db))?.slug).toBe("kraf-think-2025");
      // The address is one edition's only.
      expect(await createEdition(db, editionInput("summit-later", 90), { id: editor.id, email: editor.email }, "10.0.0.1")).toMatchObject({
        ok: false,
        fields: { slug: "Another edition already has this address; choose another." },
      });

      expect(await changeEditionStatus(db, later, "publish", { id: editor.id, email: editor.email }, "10.0.0.1")).toMatchObject({ ok: true });
      expect((await currentEdition(db))?.slug).toBe("summit-later");
      expect(await changeEditionStatus(db, sooner, "publish", { id: editor.id, email: editor.email }, "10.0.0.1")).toMatchObject({ ok: true });
      expect((await currentEdition(db))?.slug).toBe("summit-sooner");
      expect((await findEvent(db, "summit-sooner"))?.title).toBe("Summit summit-sooner");

      // Two editors open revision 2 (created 1, published 2); the first saves, the second is told and nothing of the first is lost.
      const opened = (await editionForEdit(db, sooner))!;
      const first = await saveEdition(db, sooner, opened.revision, editionInput("summit-sooner", 30, { title: "First title" }), editor, "10.0.0.1");
      expect(first).toMatchObject({ ok: true });
      const second = await saveEdition(db, sooner, opened.revision, editionInput("summit-sooner", 30, { title: "Second title" }), editor, "10.0.0.2");
      expect(second).toMatchObject({ ok: false, status: 409 });
      expect((await editionForEdit(db, sooner))?.title).toBe("First title");

      // The registration window's moments are the page's next changes.
      const opensAt = new Date(Date.now() + 2 * DAY);
      const now = (await editionForEdit(db, sooner))!;
      await saveEdition(
        db,
        sooner,
        now.revision,
        editionInput("summit-sooner", 30, { title: "First title", registrationOpensAt: opensAt }),
        editor,
        "10.0.0.1",
      );
      expect((await nextEventChange(db))?.getTime()).toBe(opensAt.getTime());

      const audited = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, "edition"));
      expect(audited.map((row) => row.action).sort()).toEqual([
        "edition-created",
        "edition-created",
        "edition-edited",
        "edition-edited",
        "edition-published",
        "edition-published",
      ]);
      // Unpublished, the sooner one leaves; the later one is current again.
      await changeEditionStatus(db, sooner, "unpublish", { id: editor.id, email: editor.email }, "10.0.0.1");
      expect((await currentEdition(db))?.slug).toBe("summit-later");
    });
  });

  test(`a waiting-list person is given a place only while one is free, with the email in the outbox and the history and audit entries (${driver})`, async () => {
    await withTestServices(driver, { SITE_URL: "https://www.example.com" }, async (services) => {
      const { db } = services;
      await db.insert(staffUsers).values([editor, sales]);
      const id = await created(services, editionInput("summit-full", 30, { capacity: 1 }));
      await registration(services, id, "registered");
      const waiting = await registration(services, id, "waitlisted");

      const refused = await giveWaitlistPlace(services, waiting, sales, "10.0.0.3");
      expect(refused).toEqual({ ok: false, status: 409, message: "Every place is taken (1 of 1). Raise the edition's capacity first, then give the place." });
      expect(await db.select().from(outbox)).toEqual([]);

      // The capacity cannot go below the places given, but can go up.
      const opened = (await editionForEdit(db, id))!;
      expect(await saveEdition(db, id, opened.revision, editionInput("summit-full", 30, { capacity: 0 }), editor, "10.0.0.1")).toMatchObject({
        ok: false,
        fields: { capacity: "1 people already hold a place, so the capacity cannot be lower than 1." },
      });
      expect(await saveEdition(db, id, opened.revision, editionInput("summit-full", 30, { capacity: 2 }), editor, "10.0.0.1")).toMatchObject({ ok: true });

      expect(await giveWaitlistPlace(services, waiting, sales, "10.0.0.3")).toEqual({ ok: true });
      const [row] = await db.select({ status: eventRegistrations.status }).from(eventRegistrations).where(eq(eventRegistrations.id, waiting));
      expect(row?.status).toBe("registered");
      const mails = await db.select().from(outbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        template: "event-registration",
        toAddress: `guest${sequence}@example.com`,
        registrationId: waiting,
        subject: "You are registered for Summit summit-full",
        params: { status: "registered", page_url: "https://www.example.com/events/summit-full" },
      });
      const history = await db.select().from(inboxStatusChanges).where(eq(inboxStatusChanges.registrationId, waiting));
      expect(history.map((entry) => [entry.fromStatus, entry.toStatus, entry.actorName])).toEqual([["waitlisted", "registered", "Sam Sales"]]);
      const audited = await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "registration"), eq(auditLog.targetId, String(waiting))));
      expect(audited.map((entry) => entry.action).sort()).toEqual(["status-changed", "waitlist-place-given"]);

      // Given once: a second press changes nothing and sends nothing.
      expect(await giveWaitlistPlace(services, waiting, sales, "10.0.0.3")).toMatchObject({ ok: false, status: 409 });
      expect(await db.select().from(outbox)).toHaveLength(1);
      // Deleting needs a draft nobody registered for.
      expect(await changeEditionStatus(db, id, "delete", { id: editor.id, email: editor.email }, "10.0.0.1")).toMatchObject({ ok: false });
      expect(await db.select({ id: events.id }).from(events).where(eq(events.id, id))).toHaveLength(1);
    });
  });
}
