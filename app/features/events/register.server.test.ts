import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { EVENT_CONSENT_VERSION, type EventFormResult } from "#app/features/events/event-rules.ts";
import { findEvent } from "#app/features/events/events.server.ts";
import { eventEmails, type EventRegistrationParams } from "#app/features/events/event-emails.server.ts";
import { eventCalendarResponse } from "#app/features/events/event-page.server.ts";
import { defaultSiteFacts } from "#app/content/site-facts.ts";
import { saveSiteFacts, siteFactsFor } from "#app/features/site-facts/site-facts.server.ts";
import { handleEventPost } from "#app/features/events/register.server.ts";
import { CONSENT_VALUE } from "#app/features/forms/form-rules.ts";
import { readContentVersion } from "#app/platform/content-watch.server.ts";
import type { DatabaseDriver } from "#app/platform/db/client.server.ts";
import { eventRegistrations, events, outbox, staffUsers } from "#app/platform/db/schema.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { featureDrivers } from "#tests/support/databases.ts";
import { withTestServices } from "#tests/support/services.ts";

vi.setConfig({ testTimeout: 90_000 });

const SITE = "https://www.example.com";
const SLUG = "kraf-think-2025";
const HOUR = 60 * 60_000;

const withServices = (driver: DatabaseDriver, run: (services: Services) => Promise<void>) => withTestServices(driver, { SITE_URL: SITE }, run);

/** Moves the seeded event: `startsInHours` from now, lasting eight hours, with `capacity` places. */
async function scheduleEvent(services: Services, startsInHours: number, capacity = 200) {
  const startsAt = new Date(Date.now() + startsInHours * HOUR);
  await services.db
    .update(events)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 8 * HOUR), capacity })
    .where(eq(events.slug, SLUG));
  return (await findEvent(services.db, SLUG))!;
}

async function post(services: Services, fields: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress: "10.9.8.7" });
  const request = new Request(`${SITE}/${SLUG}`, {
    method: "POST",
    body: new URLSearchParams({ consent: CONSENT_VALUE, consentVersion: EVENT_CONSENT_VERSION, intent: "register", ...fields }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
  });
  const event = (await findEvent(services.db, SLUG))!;
  const result = await handleEventPost(request, context, services, event);
  return { status: result.init?.status ?? 200, answer: result.data as EventFormResult };
}

const drivers = await featureDrivers();

for (const driver of drivers) {
  test(`the event e-mails' reply-to and the calendar's organiser are the site facts' general e-mail, as the file to download (${driver})`, async () => {
    await withServices(driver, async (services) => {
      await scheduleEvent(services, 48, 1);
      await services.db.insert(staffUsers).values({ id: "ada", name: "Ada", email: "ada@staff.example.com", roles: ["admin"] });
      const emails = { ...defaultSiteFacts.emails, general: "events@new.example" };
      const saved = await saveSiteFacts(services.db, {
        facts: { ...defaultSiteFacts, emails },
        shownRevision: 0,
        actor: { id: "ada", email: "ada@staff.example.com" },
        ipAddress: "10.0.0.1",
      });
      expect(saved).toMatchObject({ ok: true });

      await post(services, { fullName: "Guest One", email: "one@example.com", idempotencyKey: "key-one-123456" });
      await post(services, { fullName: "Guest Two", email: "two@example.com", idempotencyKey: "key-two-123456" });
      const queued = await services.db.select().from(outbox).where(eq(outbox.template, "event-registration")).orderBy(outbox.id);
      expect(queued.map((mail) => (mail.params as EventRegistrationParams).contact_email)).toEqual(["events@new.example", "events@new.example"]);
      const placed = eventEmails["event-registration"].render(queued[0]!.params as EventRegistrationParams);
      const waiting = eventEmails["event-registration"].render(queued[1]!.params as EventRegistrationParams);
      expect([placed.replyTo, waiting.replyTo]).toEqual(["events@new.example", "events@new.example"]);
      expect(placed.calendar?.content).toMatch(/ORGANIZER;CN="?Kraf Technologies"?:mailto:events@new\.example/);
      expect(placed.calendar?.content).not.toContain(defaultSiteFacts.emails.general);
      const download = eventCalendarResponse(services.env, (await findEvent(services.db, SLUG))!, (await siteFactsFor(services)).facts.emails.general);
      expect(await download.text()).toContain("mailto:events@new.example");
      // A message queued before (no e-mail in its parameters) keeps the one the code holds.
      const { contact_email: _dropped, ...older } = queued[0]!.params as EventRegistrationParams;
      expect(eventEmails["event-registration"].render(older).replyTo).toBe(defaultSiteFacts.emails.general);
    });
  });

  test(`places go to the first registrants and the rest join the waiting list, one row and one email each (${driver})`, async () => {
    await withServices(driver, async (services) => {
      await scheduleEvent(services, 48, 2);
      const versionBefore = await readContentVersion(services.db);
      const answers = await Promise.all(
        ["a", "b", "c", "d", "e"].map((name) =>
          post(services, { fullName: `Guest ${name}`, email: `${name}@example.com`, idempotencyKey: `key-${name}-123456` }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const kinds = answers.map((a) => (a.answer.status === "success" ? a.answer.registration : a.answer.message)).sort();
      expect(kinds).toEqual(["registered", "registered", "waitlisted", "waitlisted", "waitlisted"]);

      const rows = await services.db.select().from(eventRegistrations);
      expect(rows.filter((row) => row.status === "registered")).toHaveLength(2);
      expect(rows.filter((row) => row.status === "waitlisted")).toHaveLength(3);
      expect(new Set(rows.map((row) => row.reference)).size).toBe(5);
      for (const row of rows) expect(row.reference).toMatch(/^EVT-\d{4}-[2-9A-HJKMNP-Z]{6}$/);
      const mails = await services.db.select().from(outbox).where(eq(outbox.template, "event-registration"));
      expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["a", "b", "c", "d", "e"].map((name) => `${name}@example.com`));
      // Taking the last place told every process's page cache.
      expect(Number(await readContentVersion(services.db))).toBeGreaterThan(Number(versionBefore));

      // The same person again (another key, other case): the place they have, no second row, no second email yet.
      const again = await post(services, { fullName: "Guest A", email: "A@Example.com", idempotencyKey: "key-a-again-1" });
      const first = rows.find((row) => row.email === "a@example.com")!;
      expect(again.answer).toMatchObject({ status: "success", registration: first.status });
      expect(again.answer.status === "success" && again.answer.messages[0]).toContain(first.reference);
      expect(await services.db.select().from(eventRegistrations)).toHaveLength(5);
      expect(await services.db.select().from(outbox).where(eq(outbox.template, "event-registration"))).toHaveLength(5);
    });
  });
}

test("an event under way or over takes no registration, and one that is over takes next-edition requests (pglite)", async () => {
  await withServices("pglite", async (services) => {
    await scheduleEvent(services, -1);
    const live = await post(services, { fullName: "Late Comer", email: "late@example.com" });
    expect(live).toMatchObject({ status: 400, answer: { status: "error", message: "Registration for KRAF Think 2025 has closed." } });
    const tooEarly = await post(services, { fullName: "Early", email: "early@example.com", intent: "next-edition" });
    expect(tooEarly.answer).toMatchObject({ status: "error", message: "KRAF Think 2025 has not ended yet: register for it instead." });

    await scheduleEvent(services, -24);
    const next = await post(services, { fullName: "Next Time", email: "next@example.com", intent: "next-edition" });
    expect(next.answer).toMatchObject({
      status: "success",
      registration: "next-edition",
      messages: ["Thank you. We will email you when the next edition is announced.", "We have emailed your confirmation."],
    });
    const rows = await services.db.select().from(eventRegistrations);
    expect(rows).toMatchObject([{ status: "next-edition", email: "next@example.com", fullName: "Next Time", consentVersion: EVENT_CONSENT_VERSION }]);
    expect(
      await services.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.template, "event-next-edition"), eq(outbox.toAddress, "next@example.com"))),
    ).toHaveLength(1);
  });
});

test("the form's rules: name first, then the address, then consent; nothing is stored (pglite)", async () => {
  await withServices("pglite", async (services) => {
    await scheduleEvent(services, 48);
    expect((await post(services, { fullName: " ", email: "x@example.com" })).answer).toMatchObject({
      status: "error",
      message: "Please enter your full name.",
      fields: { fullName: "Please enter your full name." },
    });
    expect((await post(services, { fullName: "Asha", email: "not-an-address" })).answer).toMatchObject({
      status: "error",
      fields: { email: "Please enter a valid email address." },
    });
    expect((await post(services, { fullName: "Asha", email: "asha@example.com", consent: "" })).answer).toMatchObject({
      status: "error",
      fields: { consent: "Please accept the Privacy Policy." },
    });
    expect((await post(services, { fullName: "Asha", email: "asha@example.com", company: "x".repeat(121) })).answer).toMatchObject({
      status: "error",
      fields: { company: "Company can be at most 120 characters." },
    });
    expect(await services.db.select().from(eventRegistrations)).toHaveLength(0);
  });
});

test("registration follows its window in the edition's time zone: before it opens the answer says when, after it closes it is closed (pglite)", async () => {
  await withServices("pglite", async (services) => {
    await scheduleEvent(services, 48);
    // 10:00 in India on 1 December 2030 is 04:30 UTC.
    await services.db
      .update(events)
      .set({ registrationOpensAt: new Date("2030-12-01T04:30:00Z"), registrationClosesAt: new Date("2030-12-02T04:30:00Z") })
      .where(eq(events.slug, SLUG));
    const early = await post(services, { fullName: "Too Early", email: "early@example.com" });
    expect(early).toMatchObject({
      status: 400,
      answer: { status: "error", message: "Registration for KRAF Think 2025 opens on Sunday, 1 December 2030, 10:00 IST." },
    });
    await services.db
      .update(events)
      .set({ registrationOpensAt: new Date(Date.now() - 2 * HOUR), registrationClosesAt: new Date(Date.now() - HOUR) })
      .where(eq(events.slug, SLUG));
    const late = await post(services, { fullName: "Too Late", email: "late@example.com" });
    expect(late).toMatchObject({ status: 400, answer: { status: "error", message: "Registration for KRAF Think 2025 has closed." } });
    await services.db
      .update(events)
      .set({ registrationClosesAt: new Date(Date.now() + HOUR) })
      .where(eq(events.slug, SLUG));
    expect((await post(services, { fullName: "On Time", email: "ontime@example.com" })).answer).toMatchObject({
      status: "success",
      registration: "registered",
    });
    expect((await services.db.select().from(eventRegistrations)).map((row) => row.email)).toEqual(["ontime@example.com"]);
  });
});
