import { afterAll, beforeAll, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations, gotoHydrated, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * The one inbox on a phone: every inbox list fits 375 px with its rows as
 * cards, a filter lives in the address so a reload keeps it, and an event
 * registration has a page of its own with status, notes, history and the
 * same stale-change refusal as consultations and applications.
 */

const { newPage } = setupBrowser();
let server: RunningServer;
let database: FreshPostgres;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startServer({ FORM_RATE_LIMIT: "1000", DATABASE_URL: database.url });
  for (const [status, name] of [
    ["registered", "Zara Khan"],
    ["waitlisted", "Omar Ali"],
  ] as const) {
    await database.pool.query(
      "insert into event_registrations (event_id, status, full_name, email, company, consent_at, consent_version, reference) select id, $1, $2, $3, 'Khan Foods', now(), '2026-11', $4 from events where slug = 'kraf-think-2025'",
      [status, name, `${name.split(" ")[0]!.toLowerCase()}@example.com`, `EVT-2026-${name.slice(0, 4).toUpperCase()}33`],
    );
  }
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("on a 375 px phone the inbox lists are cards without sideways scrolling, and a filter survives a reload (PostgreSQL)", { timeout: 120_000 }, async () => {
  const admin = await newPage({ baseURL: server.baseURL, viewport: PHONE });
  await signInAs(admin, server, "admin", { name: "Ada Admin" });
  for (const list of ["/staff/consultations", "/staff/applications", "/staff/events"]) {
    await admin.goto(list);
    expect(await pageWidth(admin), list).toBeLessThanOrEqual(PHONE.width);
  }

  await gotoHydrated(admin, "/staff/events");
  const omar = admin.getByRole("row", { name: /Omar Ali/ });
  expect(await omar.evaluate((row) => getComputedStyle(row).display)).toBe("block");
  // The card names each value with its column.
  expect(await omar.getByRole("cell", { name: "Waiting list" }).evaluate((cell) => getComputedStyle(cell, "::before").content)).toContain("Place");
  expect(await axeViolations(admin)).toEqual([]);

  await admin.getByRole("combobox", { name: "Status" }).selectOption("waitlisted");
  await Promise.all([admin.waitForURL(/status=waitlisted/), admin.getByRole("button", { name: "Show" }).click()]);
  await admin.reload();
  expect(await admin.getByRole("combobox", { name: "Status" }).inputValue()).toBe("waitlisted");
  await admin.getByText("1 registration matches.", { exact: true }).waitFor();
  expect(await admin.getByRole("row", { name: /Zara Khan/ }).count()).toBe(0);
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
});

test("with two editions of an event, the registrations list shows one edition's when it is chosen, and the address keeps it (PostgreSQL)", async () => {
  const {
    rows: [next],
  } = await database.pool.query<{ id: number; startsAt: Date; timeZone: string }>(
    `insert into events (slug, title, summary, starts_at, ends_at, time_zone, venue, capacity)
     select 'kraf-think-next', title, summary, starts_at + interval '1 year', ends_at + interval '1 year', time_zone, venue, capacity
     from events where slug = 'kraf-think-2025' returning id, starts_at as "startsAt", time_zone as "timeZone"`,
  );
  await database.pool.query(
    "insert into event_registrations (event_id, status, full_name, email, consent_at, consent_version, reference) values ($1, 'registered', 'Lena Later', 'lena@example.com', now(), '2026-11', 'EVT-2026-LENA33')",
    [next!.id],
  );
  const admin = await newPage({ baseURL: server.baseURL, viewport: PHONE });
  await signInAs(admin, server, "admin", { name: "Ada Admin" });
  await gotoHydrated(admin, "/staff/events");
  const eventFilter = admin.getByRole("combobox", { name: "Event" });
  const options = await eventFilter.locator("option").allTextContents();
  // One title, two editions: each option names its day.
  const day = new Intl.DateTimeFormat("en-GB", { timeZone: next!.timeZone, day: "numeric", month: "short", year: "numeric" }).format(next!.startsAt);
  expect(options).toHaveLength(3);
  expect(options[0]).toBe("All events");
  expect(options[1]).toMatch(new RegExp(`, ${day}$`));
  expect(new Set(options).size).toBe(3);

  await eventFilter.selectOption(String(next!.id));
  await Promise.all([admin.waitForURL(new RegExp(`[?&]event=${next!.id}(&|$)`)), admin.getByRole("button", { name: "Show" }).click()]);
  await admin.reload();
  expect(await eventFilter.inputValue()).toBe(String(next!.id));
  await admin.getByText("1 registration matches.", { exact: true }).waitFor();
  expect(await admin.getByRole("row", { name: /Lena Later/ }).count()).toBe(1);
  expect(await admin.getByRole("row", { name: /Omar Ali|Zara Khan/ }).count()).toBe(0);
  expect(await admin.getByRole("link", { name: "Export these as CSV" }).getAttribute("href")).toBe(`/staff/events/export.csv?event=${next!.id}`);
  expect(await axeViolations(admin)).toEqual([]);
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
});

test(
  "an event registration's page changes its place, refuses a stale change with the inbox's sentence, and keeps notes in its history (PostgreSQL)",
  { timeout: 120_000 },
  async () => {
    const sales = await newPage({ baseURL: server.baseURL, viewport: PHONE });
    await signInAs(sales, server, "sales", { name: "Sam Sales" });
    await gotoHydrated(sales, "/staff/events?q=omar");
    await Promise.all([sales.waitForURL(/\/staff\/events\/registrations\/\d+$/), sales.getByRole("link", { name: "Omar Ali" }).click()]);
    await sales.getByRole("heading", { level: 1, name: "Omar Ali" }).waitFor();
    expect(await pageWidth(sales)).toBeLessThanOrEqual(PHONE.width);
    const other = await sales.context().newPage();
    await gotoHydrated(other, sales.url());

    // "Has a place" from the list is the same as the page's give-a-place button: checked against the places left, and emailed.
    await sales.getByRole("combobox", { name: "Status" }).selectOption("registered");
    await Promise.all([sales.waitForURL(/\?done=status-registered$/), sales.getByRole("button", { name: "Change status" }).click()]);
    await sales.getByText("Status: Has a place").waitFor();

    await other.getByRole("combobox", { name: "Status" }).selectOption("next-edition");
    await other.getByRole("button", { name: "Change status" }).click();
    const conflict = other.getByRole("alert");
    await conflict.waitFor();
    expect(await conflict.textContent()).toBe(
      "Someone changed the status to “Has a place” while you were looking. Nothing was changed; the page now shows their change.",
    );
    await expect.poll(() => other.getByRole("combobox", { name: "Status" }).inputValue(), { timeout: 10_000 }).toBe("registered");
    await other.getByText("Status: Has a place").waitFor();

    await sales.getByLabel("Internal note").fill("Moved up: a place opened.");
    await Promise.all([sales.waitForURL(/\?done=note$/), sales.getByRole("button", { name: "Add note" }).click()]);
    const history = sales.getByRole("region", { name: "History" }).getByRole("listitem");
    expect(await history.allInnerTexts()).toEqual([
      expect.stringContaining("Changed the status from “Waiting list” to “Has a place”."),
      expect.stringContaining("Moved up: a place opened."),
    ]);
    expect(await axeViolations(sales)).toEqual([]);
  },
);
