import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { axeViolations, PHONE, setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { createStaffAccount, signIn, signInAs } from "#tests/support/staff.ts";

/*
 * Times in the staff area as a member of staff reads them: drawn by the
 * server in their own zone (the company's until they choose one), the same
 * before and after the page's scripts run, whatever zone the browser is in;
 * and the audit log naming the people and records its entries are about.
 */

const { newPage } = setupBrowser();

const site = setupOwnServer({ FORM_RATE_LIMIT: "1000" }, { postgres: true });

/** An audit entry at a known moment whose detail holds another moment, as a scheduled insight's does. */
async function scheduledEntry(title: string) {
  await site.database.pool.query(
    "insert into audit_log (at, actor_email, action, target_type, target_id, detail) values ('2026-11-25T14:28:00Z', 'times@staff.example.com', 'insight-scheduled', 'insight', '999999', $1)",
    [JSON.stringify({ title, at: "2026-11-25T14:28:00.000Z" })],
  );
}

/** The entry's row in the audit log: its two times' text and its whole markup. */
async function entryOn(page: Page, title: string) {
  await page.goto("/staff/audit?status=insight-scheduled");
  const row = page.getByRole("row").filter({ hasText: title });
  return { times: await row.locator("time").allTextContents(), text: await row.textContent(), html: await row.innerHTML() };
}

test("staff times are drawn by the server in the reader's zone, the company's until they choose theirs; scripts change nothing, the browser's zone neither", async () => {
  const title = `Cloud costs ${Date.now()}`;
  await scheduledEntry(title);
  const plain = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false });
  const email = await signInAs(plain, site.server, "admin", { name: "Tara Times" });
  // The same person in a browser set to New York, with scripts.
  const scripted = await newPage({ baseURL: site.server.baseURL, timezoneId: "America/New_York", allowConsoleErrors: /status of 400/ });
  await signIn(scripted, email);

  // No zone chosen: the company's, Asia/Kolkata (UTC+05:30), for the entry's time and the moment in its detail.
  const before = await entryOn(plain, title);
  expect(before.times).toEqual(["25 Nov 2026, 19:58", "25 Nov 2026, 19:58"]);
  expect(before.text).toContain("at: 25 Nov 2026, 19:58");
  expect(before.text).not.toContain("2026-11-25T14:28");
  const hydrated = await entryOn(scripted, title);
  await waitForStaffHydration(scripted);
  expect(await scripted.getByRole("row").filter({ hasText: title }).innerHTML()).toBe(before.html);
  expect(hydrated.html).toBe(before.html);
  expect(await axeViolations(scripted)).toEqual([]);

  // They choose Kyiv under its old name; it is kept under the current one, and every time follows.
  await scripted.goto("/staff/account");
  await waitForStaffHydration(scripted);
  expect(await scripted.getByText("Every time in the staff area is shown in this zone: the company's, Asia/Kolkata.").count()).toBe(1);
  await scripted.getByLabel("Show times in").fill("Asia/Mumbai");
  await scripted.getByRole("button", { name: "Save time zone" }).click();
  await scripted.getByRole("alert").filter({ hasText: "Enter a time zone by its IANA name" }).waitFor();
  await scripted.getByLabel("Show times in").fill("Europe/Kiev");
  await scripted.getByRole("button", { name: "Save time zone" }).click();
  await scripted.getByText("Your time zone is saved.").waitFor();
  expect(await scripted.getByLabel("Show times in").inputValue()).toBe("Europe/Kyiv");
  expect((await site.database.pool.query("select time_zone from staff_user where email = $1", [email])).rows).toEqual([{ time_zone: "Europe/Kyiv" }]);
  expect(await axeViolations(scripted)).toEqual([]);

  const after = await entryOn(plain, title);
  expect(after.times).toEqual(["25 Nov 2026, 16:28", "25 Nov 2026, 16:28"]);
  await entryOn(scripted, title);
  await waitForStaffHydration(scripted);
  expect(await scripted.getByRole("row").filter({ hasText: title }).innerHTML()).toBe(after.html);

  // An empty field goes back to the company's zone, without scripts too.
  await plain.goto("/staff/account");
  await plain.getByLabel("Show times in").fill("");
  await plain.getByRole("button", { name: "Save time zone" }).click();
  await plain.getByText("Your time zone is saved.").waitFor();
  expect((await entryOn(plain, title)).times).toEqual(["25 Nov 2026, 19:58", "25 Nov 2026, 19:58"]);
});

test("the audit log names a staff account by its name with a link to it, and says when a record is gone", async () => {
  const page = await newPage({ baseURL: site.server.baseURL });
  await signInAs(page, site.server, "admin", { name: "Ada Audit" });
  const name = `Sam Target ${Date.now()}`;
  await createStaffAccount(site.server, { email: `target-${Date.now()}@staff.example.com`, role: "sales", name });
  const { id } = (await site.database.pool.query("select id from staff_user where name = $1", [name])).rows[0];
  await site.database.pool.query(
    "insert into audit_log (actor_email, action, target_type, target_id) values ('ada@staff.example.com', 'away-set', 'staff', $1), ('ada@staff.example.com', 'away-set', 'staff', 'no-such-account'), ('ada@staff.example.com', 'away-set', 'job', '987654')",
    [id],
  );

  await page.goto("/staff/audit?status=away-set");
  const rows = page.getByRole("row");
  const link = rows.filter({ hasText: `Staff account ${name}` }).getByRole("link", { name });
  expect(await rows.filter({ hasText: id }).count(), "no row shows the account's id").toBe(0);
  expect(await rows.filter({ hasText: "Staff account #no-such-account (deleted)" }).getByRole("link").count()).toBe(0);
  expect(await rows.filter({ hasText: "Job #987654 (deleted)" }).count()).toBe(1);
  expect(await axeViolations(page)).toEqual([]);

  await link.click();
  await page.waitForURL(`**/staff/accounts#account-${id}`);
  expect(await page.locator(`[id="account-${id}"]`).textContent()).toContain(name);

  // On a phone the entry and its link fit the screen.
  const phone = await newPage({ baseURL: site.server.baseURL, viewport: PHONE, storageState: await page.context().storageState() });
  await phone.goto("/staff/audit?status=away-set");
  await phone.getByRole("link", { name }).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
