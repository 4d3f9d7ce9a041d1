import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, DESKTOP, gotoHydrated, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { freshPostgres, mailDir, type FreshPostgres } from "#tests/support/forms.ts";
import { parseMail, waitUntil } from "#tests/support/mail.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * The event page (decision 021). Its facts come from the `events` row, so each test
 * sets the event's dates (and places) the way an installation does, with SQL,
 * and the page follows: registration while upcoming (a place, then the waiting
 * list), closed while it runs, the recap and a next-edition sign-up once over.
 */

const PATH = "/kraf-think-2025";
const HOUR = 60 * 60_000;
const { newPage } = setupBrowser();
let server: RunningServer;
let database: FreshPostgres;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startServer({ FORM_RATE_LIMIT: "1000", DATABASE_URL: database.url });
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

/** Moves the event to start `startsInHours` from now (eight hours long) with `capacity` places, and tells the site, as staff tooling would. */
async function scheduleEvent(startsInHours: number, capacity = 200) {
  const startsAt = new Date(Date.now() + startsInHours * HOUR);
  await database.pool.query("update events set starts_at = $1, ends_at = $2, capacity = $3 where slug = 'kraf-think-2025'", [
    startsAt,
    new Date(startsAt.getTime() + 8 * HOUR),
    capacity,
  ]);
  await database.pool.query("delete from event_registrations");
  await database.pool.query(
    "insert into app_state (key, value) values ('content_version', '1') on conflict (key) do update set value = (app_state.value::bigint + 1)::text",
  );
  return startsAt;
}

/** Reloads until the page shows the event's new state (the content watch checks every second). */
async function openWhenShowing(page: Page, status: RegExp) {
  await expect
    .poll(
      async () => {
        await gotoHydrated(page, PATH);
        return page.getByTestId("event-status").textContent();
      },
      { timeout: 10_000 },
    )
    .toMatch(status);
}

function mailsFor(address: string) {
  const directory = mailDir(server.dataDir);
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => fs.readFileSync(path.join(directory, name), "utf8"))
    .filter((raw) => parseMail(raw).headers.get("to") === address);
}

async function register(page: Page, form: string, fields: { fullName: string; email: string; company?: string; role?: string }) {
  const scope = page.locator(`${form} form`);
  await scope.getByLabel("Full name").fill(fields.fullName);
  await scope.getByLabel("Email address").fill(fields.email);
  if (fields.company) await scope.getByLabel("Company").fill(fields.company);
  if (fields.role) await scope.getByLabel("Role").fill(fields.role);
  await scope.getByRole("checkbox").check();
  await scope.getByRole("button").click();
  return scope;
}

test("upcoming: a visitor registers, gets the calendar invitation by email, and once the places are gone the next one joins the waiting list", async () => {
  const startsAt = await scheduleEvent(7 * 24, 1);
  const page = await newPage({ baseURL: server.baseURL });
  await openWhenShowing(page, /Registration is open/);
  expect(await page.getByRole("main").getByRole("link", { name: "Register", exact: true }).getAttribute("href")).toBe("#register");
  expect(await page.getByRole("heading", { name: "Register for KRAF Think 2025" }).isVisible()).toBe(true);
  expect(await page.getByRole("link", { name: /Open in a map/ }).getAttribute("target")).toBe("_blank");
  expect(await page.getByRole("heading", { name: "Agenda" }).isVisible()).toBe(true);

  // The form's own checks first: the name, then the address.
  const form = page.locator("#register form");
  await form.getByRole("button", { name: "Register" }).click();
  expect(await form.getByLabel("Full name").getAttribute("aria-invalid")).toBe("true");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("fullName");

  await register(page, "#register", { fullName: "Asha Rao", email: "asha@example.com", company: "Rao Textiles", role: "COO" });
  const confirmation = form.getByTestId("form-confirmation");
  await confirmation.waitFor();
  const text = (await confirmation.textContent()) ?? "";
  expect(text).toMatch(/You are registered for KRAF Think 2025\. Your reference is EVT-\d{4}-[2-9A-HJKMNP-Z]{6}\./);
  expect(text).toContain("We have emailed your confirmation with a calendar invitation.");

  const [row] = (await database.pool.query("select status, full_name, email, company, role, reference from event_registrations")).rows;
  expect(row).toMatchObject({ status: "registered", full_name: "Asha Rao", email: "asha@example.com", company: "Rao Textiles", role: "COO" });
  expect(text).toContain(row.reference);

  await waitUntil(() => mailsFor("asha@example.com").length === 1);
  const raw = mailsFor("asha@example.com")[0]!;
  const mail = parseMail(raw);
  expect(mail.headers.get("subject")).toBe("You are registered for KRAF Think 2025");
  expect(mail.text).toContain(row.reference);
  expect(mail.text).toContain("India Habitat Centre");
  // The invitation: a calendar part mail programs offer to add, and the same as an .ics attachment.
  expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
  expect(raw).toMatch(/filename=kraf-think-2025\.ics/);
  const ics = raw.slice(raw.indexOf("BEGIN:VCALENDAR"), raw.indexOf("END:VCALENDAR"));
  const utc = (at: Date) =>
    at
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  expect(ics).toContain(`DTSTART:${utc(startsAt)}`);
  expect(ics).toContain(`DTEND:${utc(new Date(startsAt.getTime() + 8 * HOUR))}`);
  expect(ics).toContain("SUMMARY:KRAF Think 2025");
  expect(ics).toContain("METHOD:PUBLISH");
  expect(ics).toContain("LOCATION:India Habitat Centre\\, Lodhi Road");

  // A visitor who does not register can still add the day: the same event, under the same id.
  const download = page.getByRole("link", { name: /Add to your calendar/ });
  expect(await download.getAttribute("download")).toBe("");
  const file = await page.request.get((await download.getAttribute("href"))!);
  expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(file.headers()["content-disposition"]).toBe('attachment; filename="kraf-think-2025.ics"');
  const downloaded = await file.text();
  expect(downloaded).toContain(`DTSTART:${utc(startsAt)}`);
  expect(downloaded).toContain(ics.match(/UID:.+/)![0]);

  // The one place is taken: every page now offers the waiting list.
  await openWhenShowing(page, /Every place is taken/);
  expect(await page.getByRole("heading", { name: "Join the waiting list" }).isVisible()).toBe(true);
  await register(page, "#register", { fullName: "Ravi Kumar", email: "ravi@example.com" });
  await page
    .locator("#register")
    .getByTestId("form-confirmation")
    .getByText(/KRAF Think 2025 is full, so you are on the waiting list \(reference EVT-/)
    .waitFor();
  expect((await database.pool.query("select status from event_registrations where email = 'ravi@example.com'")).rows).toEqual([{ status: "waitlisted" }]);
  await waitUntil(() => mailsFor("ravi@example.com").length === 1);
  const waitlisted = mailsFor("ravi@example.com")[0]!;
  expect(parseMail(waitlisted).headers.get("subject")).toBe("You are on the waiting list for KRAF Think 2025");
  expect(waitlisted).not.toContain("BEGIN:VCALENDAR");
});

test("upcoming, without JavaScript: the form posts to the page, which shows the answer and keeps what was typed after a mistake", async () => {
  await scheduleEvent(3 * 24);
  const page = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
  await expect
    .poll(
      async () => {
        await page.goto(PATH);
        return page.getByTestId("event-status").textContent();
      },
      { timeout: 10_000 },
    )
    .toMatch(/Registration is open/);
  const form = page.locator("#register form");
  await form.getByLabel("Full name").fill("Meera Shah");
  await form.getByLabel("Email address").fill("meera@example");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Register" }).click();
  await page.getByRole("alert").getByText("Please enter a valid email address.").waitFor();
  expect(await page.locator("#register form").getByLabel("Full name").inputValue()).toBe("Meera Shah");

  await page.locator("#register form").getByLabel("Email address").fill("meera@example.com");
  await page.locator("#register form").getByRole("checkbox").check();
  await page.locator("#register form").getByRole("button", { name: "Register" }).click();
  await page.getByText(/You are registered for KRAF Think 2025\. Your reference is EVT-/).waitFor();
  expect((await database.pool.query("select status from event_registrations where email = 'meera@example.com'")).rows).toEqual([{ status: "registered" }]);
});

test("under way: the agenda, no form; over: the recap and a next-edition sign-up whose email arrives", async () => {
  await scheduleEvent(-1);
  const page = await newPage({ baseURL: server.baseURL });
  await openWhenShowing(page, /Happening now/);
  expect(await page.locator("#register").count()).toBe(0);
  expect(await page.getByRole("main").getByRole("link", { name: "See the agenda" }).first().getAttribute("href")).toBe("#agenda");

  await scheduleEvent(-30 * 24);
  await openWhenShowing(page, /This edition has taken place/);
  expect(await page.getByRole("heading", { name: "How the day went" }).isVisible()).toBe(true);
  expect(await page.locator("#register").count()).toBe(0);
  // Nothing to add to a calendar any more.
  expect(await page.getByRole("link", { name: /Add to your calendar/ }).count()).toBe(0);
  expect((await page.request.get("/kraf-think-2025/calendar.ics")).status()).toBe(404);
  const form = await register(page, "#next-edition", { fullName: "Kabir Das", email: "kabir@example.com" });
  await form.getByTestId("form-confirmation").getByText("Thank you. We will email you when the next edition is announced.").waitFor();
  expect((await database.pool.query("select status, full_name from event_registrations")).rows).toEqual([{ status: "next-edition", full_name: "Kabir Das" }]);
  await waitUntil(() => mailsFor("kabir@example.com").length === 1);
  expect(parseMail(mailsFor("kabir@example.com")[0]!).headers.get("subject")).toBe("We will tell you about the next KRAF Think");
});

test("Event structured data as Google documents it, and no WCAG 2.2 AA violations at 1280 and 375 px while upcoming and once over", async () => {
  for (const [hours, status] of [
    [48, /Registration is open/],
    [-48, /This edition has taken place/],
  ] as const) {
    const startsAt = await scheduleEvent(hours);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage({ baseURL: server.baseURL, viewport });
      await openWhenShowing(page, status);
      expect(await axeViolations(page)).toEqual([]);
      const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as Record<string, unknown>;
      expect(data).toMatchObject({
        "@type": "Event",
        name: "KRAF Think 2025",
        startDate: startsAt.toISOString(),
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        eventStatus: "https://schema.org/EventScheduled",
        location: { "@type": "Place", name: "India Habitat Centre", address: { "@type": "PostalAddress", addressLocality: "New Delhi", addressCountry: "IN" } },
        organizer: { "@type": "Organization", name: "Kraf Technologies" },
        offers: { "@type": "Offer", price: 0, availability: hours > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut" },
      });
    }
  }
});

test("sales staff see each event's places, waiting list and next-edition requests, search them and export them; an editor may not", async () => {
  await scheduleEvent(5 * 24, 1);
  for (const [name, email, status] of [
    ["Zara Khan", "zara@example.com", "registered"],
    ["Omar Ali", "omar@example.com", "waitlisted"],
  ] as const) {
    await database.pool.query(
      "insert into event_registrations (event_id, status, full_name, email, company, consent_at, consent_version, reference) select id, $1, $2, $3, 'Khan Foods', now(), '2026-11', $4 from events where slug = 'kraf-think-2025'",
      [status, name, email, `EVT-2026-${name.slice(0, 4).toUpperCase()}22`],
    );
  }
  const page = await newPage({ baseURL: server.baseURL });
  await signInAs(page, server, "sales", { name: "Sam Sales" });
  await page.getByRole("navigation").getByRole("link", { name: "Event registrations" }).first().click();
  await page.getByRole("heading", { level: 1, name: "Event registrations" }).waitFor();
  expect(await page.getByText("1 of 1 places taken · 1 on the waiting list · 0 asked about the next edition").isVisible()).toBe(true);
  const table = page.getByRole("table");
  expect(await table.getByRole("row").count()).toBe(3);
  expect(
    await table
      .getByRole("row", { name: /Omar Ali/ })
      .getByRole("cell", { name: "Waiting list" })
      .count(),
  ).toBe(1);

  await page.getByLabel("Search name, email, company or reference").fill("zara");
  await page.getByRole("button", { name: "Show" }).click();
  await page.waitForURL(/q=zara/);
  await page.getByText("1 registration matches.", { exact: true }).waitFor();
  expect(await table.getByRole("row").count()).toBe(2);
  const csv = await page.context().request.get("/staff/events/export.csv?status=waitlisted");
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toMatch(
    /^"Event","Place","Full name","Email","Company","Role","Reference","Registered at \(UTC\)","Consent wording version","Source","Medium",/,
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('"KRAF Think 2025","Waiting list","Omar Ali","omar@example.com","Khan Foods"');
  expect(await axeViolations(page)).toEqual([]);

  const editor = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 403/ });
  await signInAs(editor, server, "editor", { name: "Eddie Editor" });
  expect((await editor.goto("/staff/events"))?.status()).toBe(403);
});
