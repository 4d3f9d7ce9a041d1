import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { axeViolations, PHONE, setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { freshPostgres, listFiles, mailDir, waitFor } from "#tests/support/forms.ts";
import { closedPort, parseMail, startSmtpServer } from "#tests/support/mail.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { notice } from "#tests/support/publishing.ts";
import { startServer } from "#tests/support/server.ts";
import { choosePassword, createStaffAccount, signIn, signInAs, STAFF_PASSWORD } from "#tests/support/staff.ts";

/*
 * The staff area's admin pages end to end, on a server backed by a fresh
 * PostgreSQL database so rows can be read while it runs. Mail goes to .eml
 * files in the server's data folder.
 */

const { newPage } = setupBrowser();

const MAIL_WEBHOOK_SECRET = "e2e-mail-webhook-secret";
const site = setupOwnServer({ FORM_RATE_LIMIT: "1000", MAIL_WEBHOOK_SECRET }, { postgres: true });

let counter = 0;
const unique = (name: string) => `${name}-${Date.now()}-${counter++}@example.com`;

/** Refused changes answer 4xx, which Chromium reports in the console. */
const REFUSALS = /status of (400|409)/;

async function adminPage() {
  const page = await newPage({ baseURL: site.server.baseURL, allowConsoleErrors: REFUSALS });
  const email = await signInAs(page, site.server, "admin", { name: `Admin ${counter++}` });
  return { page, email };
}

/** A colleague with a password, signed in on a page of their own. */
async function colleague(role: "sales" | "recruiter" | "editor" | "admin", name: string) {
  const page = await newPage({ baseURL: site.server.baseURL });
  const email = await signInAs(page, site.server, role, { name, email: unique(role) });
  return { page, email, name };
}

/** The invitation form's checkbox for `role` ("Recruiter"), among its roles. */
function inviteRole(page: Page, role: string) {
  return page.getByRole("group", { name: "Roles", exact: true }).getByRole("checkbox", { name: new RegExp(`^${role}:`) });
}

/** The checkbox for `role` in an account's row. */
function accountRole(page: Page, account: string, role: string) {
  return page.getByRole("group", { name: `Roles of ${account}` }).getByRole("checkbox", { name: role, exact: true });
}

/** The link of the `nth` invitation to the address (1 = the first). */
async function invitationTo(email: string, nth = 1): Promise<string> {
  const dir = mailDir(site.server.dataDir);
  const found = await waitFor(
    // Only finished files: the transport writes .eml.tmp and renames it.
    () =>
      listFiles(dir)
        .filter((name) => name.endsWith("_staff-invitation.eml"))
        // {stamp}_{outbox id}_{template}.eml: in the order they were queued.
        .sort((a, b) => Number(a.split("_")[1]) - Number(b.split("_")[1]))
        .map((name) => parseMail(fs.readFileSync(path.join(dir, name), "utf8")))
        .filter((mail) => mail.headers.get("to")?.includes(email)),
    (mails) => mails.length >= nth,
  );
  const mail = found[nth - 1]!;
  const link = /https?:\/\/\S+\/staff\/set-password\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in the invitation:\n${mail.text}`);
  return link;
}

/** What makes the page scroll sideways: elements sticking out of the screen outside a table's own scroller. */
function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > screen + 1 && !element.closest(".overflow-x-auto"))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    const width = document.documentElement.scrollWidth;
    return width > screen ? [`the page is ${width} px wide`, ...outside] : outside;
  });
}

test("an admin invites a recruiter by email; the link sets a password; the recruiter sees only Jobs and Applications, no subscribers", async () => {
  const { page } = await adminPage();
  const email = unique("recruiter");
  await page.goto("/staff/accounts");
  await page.getByLabel("Name").fill("Rita Recruiter");
  await page.getByLabel("Email").fill(email);
  await inviteRole(page, "Recruiter").check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await notice(page, "Rita Recruiter is invited as Recruiter");
  await expect.poll(() => page.getByRole("row").filter({ hasText: email }).textContent()).toContain("Not set yet");

  // The same address again: said so, and the account stays as it is.
  await page.getByLabel("Name").fill("Someone Else");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await inviteRole(page, "Admin").check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await notice(page, `${email} already has a staff account; nothing was changed.`);
  const account = await site.database.pool.query("select name, roles from staff_user where email = $1", [email]);
  expect(account.rows).toEqual([{ name: "Rita Recruiter", roles: ["recruiter"] }]);

  // The first mail was lost: a new invitation, and only its link works.
  const firstLink = await invitationTo(email);
  await page.getByRole("button", { name: "Send a new invitation to Rita Recruiter" }).click();
  await notice(page, `A new invitation is on its way to ${email}.`);
  const link = await invitationTo(email, 2);
  expect(link).not.toBe(firstLink);
  const recruiter = await newPage({ baseURL: site.server.baseURL, allowConsoleErrors: /status of 403/ });
  await recruiter.goto(firstLink);
  await recruiter.getByRole("heading", { name: "This link cannot be used" }).waitFor();
  await choosePassword(recruiter, link);
  await page.goto("/staff/accounts");
  const row = page.getByRole("row").filter({ hasText: email });
  expect(await row.getByRole("cell").nth(4).textContent()).toBe("Set");
  expect(await row.getByRole("button", { name: /Send a new invitation/ }).count()).toBe(0);
  const nav = recruiter.getByRole("navigation", { name: "Staff" });
  expect(await nav.getByRole("link").allTextContents()).toEqual(["Jobs", "Applications", "Stage emails", "Job alert subscribers"]);
  const response = await recruiter.goto("/staff/subscribers");
  expect(response?.status()).toBe(403);
  await recruiter.getByRole("heading", { name: "No access" }).waitFor();
  expect(await recruiter.getByText(email).count()).toBe(0);
});

test("an admin gives a salesperson a second role with the checkboxes; their menu shows its areas at once", async () => {
  const { page } = await adminPage();
  const sam = await colleague("sales", `Sam ${counter}`);
  const nav = sam.page.getByRole("navigation", { name: "Staff" });
  expect(await nav.getByRole("link").allTextContents()).toEqual([
    "Consultations",
    "Subscribers",
    "Suppressed addresses",
    "Event registrations",
    "Lead figures",
  ]);

  await page.goto("/staff/accounts");
  expect(await accountRole(page, sam.name, "Sales").isChecked()).toBe(true);
  await accountRole(page, sam.name, "Recruiter").check();
  await page.getByRole("button", { name: `Save roles of ${sam.name}` }).click();
  await notice(page, `${sam.name} is now Sales and Recruiter.`);
  expect((await site.database.pool.query("select roles from staff_user where email = $1", [sam.email])).rows[0].roles).toEqual(["sales", "recruiter"]);

  await sam.page.goto("/staff");
  expect(await nav.getByRole("link").allTextContents()).toEqual([
    "Consultations",
    "Subscribers",
    "Suppressed addresses",
    "Event registrations",
    "Lead figures",
    "Jobs",
    "Applications",
    "Stage emails",
    "Job alert subscribers",
  ]);
  await nav.getByRole("link", { name: "Applications" }).click();
  await sam.page.getByRole("heading", { name: "Applications", level: 1 }).waitFor();
});

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: an admin who unticks their own admin role is told they cannot, keeps it and stays on the accounts page`, async () => {
    const name = `Self Admin ${counter++}`;
    const page = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled, allowConsoleErrors: REFUSALS });
    const email = await signInAs(page, site.server, "admin", { name, at: "/staff/accounts" });
    await accountRole(page, name, "Admin").uncheck();
    await accountRole(page, name, "Sales").check();
    await page.getByRole("button", { name: `Save roles of ${name}` }).click();
    await page.getByRole("alert").getByText("You cannot remove your own admin role: ask another admin to do it. Nothing was changed.").waitFor();
    expect((await site.database.pool.query("select roles from staff_user where email = $1", [email])).rows[0].roles).toEqual(["admin"]);
    // Still an admin: the page is the accounts page, not "No access", and the admin role is ticked again once it is read afresh.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Staff accounts");
    await page.goto("/staff/accounts");
    expect(await accountRole(page, name, "Admin").isChecked()).toBe(true);
    expect(await accountRole(page, name, "Sales").isChecked()).toBe(false);
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: a sent invitation empties the invite form, whose Name and Email boxes are wide enough to read`, async () => {
    const page = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled, allowConsoleErrors: REFUSALS });
    await signInAs(page, site.server, "admin", { name: `Admin ${counter++}`, at: "/staff/accounts" });
    const name = page.getByLabel("Name");
    const email = page.getByLabel("Email");
    // At 1280 px a typical address shows whole, not cut off at about 100 px.
    for (const box of [name, email]) expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(280);

    const address = unique("invited");
    await name.fill("Ivy Invited");
    await email.fill(address);
    await inviteRole(page, "Editor").check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await notice(page, "Ivy Invited is invited as Editor");
    // Nothing left to send a second time by a second click.
    await expect.poll(() => name.inputValue()).toBe("");
    expect(await email.inputValue()).toBe("");
    expect(await inviteRole(page, "Editor").isChecked()).toBe(false);
    // axe needs the page's scripts.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    expect(await widerThanScreen(page)).toEqual([]);
  });
}

test("staff:create gives an account several roles, as --role flags or joined by commas", async () => {
  const flags = unique("flags");
  const flagged = await createStaffAccount(site.server, { email: flags, role: ["sales", "recruiter"] });
  expect(flagged.output).toContain(`Created a staff account for ${flags} (roles: sales, recruiter).`);
  const commas = unique("commas");
  await createStaffAccount(site.server, { email: commas, role: ["editor,admin"] });
  const rows = await site.database.pool.query("select email, roles from staff_user where email = any($1) order by email", [[commas, flags]]);
  expect(rows.rows).toEqual([
    { email: commas, roles: ["admin", "editor"] },
    { email: flags, roles: ["sales", "recruiter"] },
  ]);
});

test("an admin changes roles (refused when none is ticked or they changed meanwhile) and deactivates an account, which is signed out at once", async () => {
  const { page } = await adminPage();
  const sam = await colleague("sales", `Sam ${counter}`);
  await page.goto("/staff/accounts");
  await waitForStaffHydration(page);
  await accountRole(page, sam.name, "Sales").uncheck();
  await accountRole(page, sam.name, "Editor").check();
  await page.getByRole("button", { name: `Save roles of ${sam.name}` }).click();
  await notice(page, `${sam.name} is now Editor.`);
  expect((await site.database.pool.query("select roles from staff_user where email = $1", [sam.email])).rows[0].roles).toEqual(["editor"]);

  // No role at all is refused with a sentence.
  expect(await accountRole(page, sam.name, "Editor").isChecked()).toBe(true);
  await accountRole(page, sam.name, "Editor").uncheck();
  await page.getByRole("button", { name: `Save roles of ${sam.name}` }).click();
  await notice(page, "Choose at least one role: an account without a role could open nothing.");
  expect((await site.database.pool.query("select roles from staff_user where email = $1", [sam.email])).rows[0].roles).toEqual(["editor"]);

  // Another admin changes them while this page still shows Editor.
  await page.goto("/staff/accounts");
  await site.database.pool.query("update staff_user set roles = '{recruiter}' where email = $1", [sam.email]);
  await accountRole(page, sam.name, "Sales").check();
  await page.getByRole("button", { name: `Save roles of ${sam.name}` }).click();
  await notice(page, /now Recruiter\. Nothing was changed/);
  expect((await site.database.pool.query("select roles from staff_user where email = $1", [sam.email])).rows[0].roles).toEqual(["recruiter"]);

  await page.getByRole("button", { name: `Deactivate ${sam.name}` }).click();
  await notice(page, `${sam.name} is deactivated and signed out everywhere.`);
  await sam.page.goto("/staff");
  expect(new URL(sam.page.url()).pathname).toBe("/staff/sign-in");

  const actions = await site.database.pool.query(
    "select action from audit_log where target_type = 'staff' and target_id = (select id from staff_user where email = $1) order by id",
    [sam.email],
  );
  expect(actions.rows.map((row) => row.action)).toEqual(["account-created", "account-role-changed", "account-deactivated"]);

  // The audit log names the account by its name, not its id, with a link to it.
  await page.goto("/staff/audit?status=account-deactivated");
  await page
    .getByRole("row")
    .filter({ hasText: `Staff account ${sam.name} (deactivated)` })
    .getByRole("link", { name: sam.name })
    .waitFor();
});

test("sales erase a subscriber after confirming: the row goes, the audit entry stays without the address; the CSV export is audited", async () => {
  const sales = await colleague("sales", `Sue ${counter}`);
  const email = unique("reader");
  const inserted = await site.database.pool.query<{ id: string }>(
    "insert into newsletter_subscriptions (email, consent_at, consent_version) values ($1, now(), 'v-test') returning id::text",
    [email],
  );
  const id = inserted.rows[0]!.id;

  await sales.page.goto(`/staff/subscribers?q=${encodeURIComponent(email)}`);
  const row = sales.page.getByRole("row").filter({ hasText: email });
  expect(await row.textContent()).toContain("v-test");
  // Not confirmed by its link yet (double opt-in): staff see it, and the export's column is empty.
  expect(await row.textContent()).toContain("Awaiting confirmation");
  const csv = await sales.page.context().request.get(`/staff/subscribers/export.csv?q=${encodeURIComponent(email)}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain("Confirmed at (UTC)");
  expect(lines[1]).toContain(email);

  await row.getByRole("link", { name: `Erase ${email}` }).click();
  await sales.page.getByRole("heading", { name: "Erase a subscriber" }).waitFor();
  await sales.page.getByRole("button", { name: "Erase this subscriber" }).click();
  await sales.page.waitForURL(/\/staff\/subscribers\?notice=erased/);
  await notice(sales.page, "The subscriber is erased.");
  expect(await sales.page.getByText(email).count()).toBe(0);
  expect((await site.database.pool.query("select 1 from newsletter_subscriptions where id = $1", [id])).rowCount).toBe(0);

  const entries = await site.database.pool.query(
    "select action, target_type, target_id, actor_email, audit_log::text as everything from audit_log where action in ('subscriber-erased', 'export') and actor_email = $1 order by id",
    [sales.email],
  );
  expect(entries.rows.map((entry) => [entry.action, entry.target_type, entry.target_id])).toEqual([
    ["export", null, null],
    ["subscriber-erased", "subscriber", id],
  ]);
  for (const entry of entries.rows) expect(entry.everything).not.toContain(email);
});

// Axe and the screen's width are checked on this page, with an entry to lift, in "every new page passes axe".
test("without JavaScript, on a phone: a signed bounce webhook puts an address on the list; sales find it and lift it with a reason, audited", async () => {
  const bounced = unique("Bounced");
  const post = (body: string, signature: string) =>
    fetch(`${site.server.baseURL}/webhooks/mail/generic`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "X-Mail-Webhook-Signature": signature },
    });
  const body = JSON.stringify({ type: "hard-bounce", address: bounced, detail: "550 5.1.1 user unknown" });
  expect((await post(body, "sha256=00")).status).toBe(401);
  expect((await post(body, `sha256=${createHmac("sha256", MAIL_WEBHOOK_SECRET).update(body).digest("hex")}`)).status).toBe(200);

  const page = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false, allowConsoleErrors: REFUSALS });
  await page.setViewportSize(PHONE);
  const email = await signInAs(page, site.server, "sales", { name: `Sid ${counter++}`, at: "/staff/suppressions" });
  await page.getByLabel("Search by email").fill(bounced.toUpperCase());
  await page.getByRole("button", { name: "Show" }).click();
  const row = page.getByRole("row").filter({ hasText: bounced.toLowerCase() });
  expect(await row.textContent()).toContain("Hard bounce");

  // The browser's own check would stop an empty reason; the server's answers a hand-made post.
  await row.getByLabel(`Reason for lifting ${bounced.toLowerCase()}`).fill("   ");
  await row.getByRole("button", { name: `Lift the suppression of ${bounced.toLowerCase()}` }).click();
  await notice(page, "Say why the address may be sent mail again.");
  await page.goto(`/staff/suppressions?q=${encodeURIComponent(bounced)}`);
  await row.getByLabel(`Reason for lifting ${bounced.toLowerCase()}`).fill("They fixed their mailbox and asked by phone");
  await row.getByRole("button", { name: `Lift the suppression of ${bounced.toLowerCase()}` }).click();
  await notice(page, `${bounced.toLowerCase()} may be sent mail again.`);
  await page.goto(`/staff/suppressions?q=${encodeURIComponent(bounced)}`);
  expect(await row.textContent()).toContain("They fixed their mailbox and asked by phone");

  const entries = await site.database.pool.query(
    "select target_type, detail, audit_log::text as everything from audit_log where action = 'suppression-lifted' and actor_email = $1",
    [email],
  );
  expect(entries.rows.map((entry) => [entry.target_type, entry.detail])).toEqual([["suppression", { reason: "hard-bounce" }]]);
  expect(entries.rows[0].everything).not.toContain(bounced.toLowerCase());
});

test("changing one's own password ends the account's other sessions; a wrong current password changes nothing", async () => {
  const { page, email } = await adminPage();
  const other = await newPage({ baseURL: site.server.baseURL });
  await signIn(other, email);

  await page.goto("/staff/account");
  await page.getByLabel("Current password").fill("not the password at all");
  await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase here");
  await page.getByLabel("Repeat the new password").fill("a brand new passphrase here");
  await page.getByRole("button", { name: "Change password" }).click();
  await notice(page, "Your current password is not correct, so nothing was changed.");

  // Due for its idle-expiry refresh: the refreshed cookie of the old session must not undo the new one.
  await site.database.pool.query(
    "update staff_session set expires_at = now() + interval '7 hours 50 minutes' where user_id = (select id from staff_user where email = $1)",
    [email],
  );
  await page.getByLabel("Current password").fill(STAFF_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase here");
  await page.getByLabel("Repeat the new password").fill("a brand new passphrase here");
  await page.getByRole("button", { name: "Change password" }).click();
  await notice(page, "Your password is changed.");

  await other.goto("/staff");
  expect(new URL(other.url()).pathname).toBe("/staff/sign-in");
  await page.goto("/staff");
  expect(new URL(page.url()).pathname).toBe("/staff");
  const changed = await site.database.pool.query("select count(*)::int as n from audit_log where action = 'password-changed' and actor_email = $1", [email]);
  expect(changed.rows[0].n).toBe(1);
});

test("guessing the current password on My account waits after five wrong ones, and so does signing in to the account", async () => {
  const page = await newPage({ baseURL: site.server.baseURL, allowConsoleErrors: /status of (400|429)/ });
  const email = await signInAs(page, site.server, "editor", { name: "Guessed Editor" });
  const tryCurrent = async (current: string) => {
    await page.goto("/staff/account");
    await page.getByLabel("Current password").fill(current);
    await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase here");
    await page.getByLabel("Repeat the new password").fill("a brand new passphrase here");
    await page.getByRole("button", { name: "Change password" }).click();
  };
  for (let attempt = 1; attempt <= 5; attempt++) {
    await tryCurrent(`wrong guess number ${attempt}`);
    await notice(page, "Your current password is not correct, so nothing was changed.");
  }
  await tryCurrent(STAFF_PASSWORD);
  await notice(page, /^Too many wrong passwords for this account\. Please try again in \d+ minutes?\.$/);

  const signInPost = await fetch(`${site.server.baseURL}/staff/sign-in`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.server.baseURL },
    body: new URLSearchParams({ email, password: STAFF_PASSWORD }).toString(),
    redirect: "manual",
  });
  expect(signInPost.status).toBe(429);
  expect(await signInPost.text()).toContain("Too many failed sign-ins for this account.");
  const changed = await site.database.pool.query("select count(*)::int as n from audit_log where action = 'password-changed' and actor_email = $1", [email]);
  expect(changed.rows[0].n).toBe(0);
});

test("a session that ends while a page is open: the next click with JavaScript leads to sign-in and back to the page clicked", async () => {
  const { page, email } = await adminPage();
  await page.goto("/staff/accounts");
  await waitForStaffHydration(page);
  await site.database.pool.query("delete from staff_session where user_id = (select id from staff_user where email = $1)", [email]);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Outbox" }).click();
  await page.waitForURL(/\/staff\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/staff/outbox");
  await signIn(page, email);
  expect(new URL(page.url()).pathname).toBe("/staff/outbox");
});

test("while the next staff page's data is on its way, the main region says it is busy, and no longer once that page is drawn", async () => {
  const { page } = await adminPage();
  await page.goto("/staff/accounts");
  await waitForStaffHydration(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/staff\/outbox\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Outbox" }).click();
  await page.locator('main[aria-busy="true"]').waitFor();
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Staff accounts");
  release();
  await page.locator('main[aria-busy="true"]').waitFor({ state: "detached" });
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Outbox");
});

test("without JavaScript: a bad invitation keeps what was typed and says why; deactivating and erasing work as plain posts", async () => {
  const page = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false, allowConsoleErrors: REFUSALS });
  await signInAs(page, site.server, "admin", { name: `Admin ${counter++}` });
  const sam = await colleague("sales", `Sid ${counter}`);

  await page.goto("/staff/accounts");
  await page.getByLabel("Name").fill("Nora");
  await page.getByLabel("Email").fill("nora@invalid");
  await inviteRole(page, "Editor").check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await notice(page, "Please enter a valid email address.");
  expect(await inviteRole(page, "Editor").isChecked()).toBe(true);
  expect(await page.getByLabel("Name").inputValue()).toBe("Nora");
  expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
  expect((await site.database.pool.query("select 1 from staff_user where email = 'nora@invalid'")).rowCount).toBe(0);

  await page.getByRole("button", { name: `Deactivate ${sam.name}` }).click();
  await notice(page, `${sam.name} is deactivated and signed out everywhere.`);
  await page.getByRole("button", { name: `Reactivate ${sam.name}` }).click();
  await notice(page, `${sam.name} is active again and can sign in.`);

  const email = unique("nojs");
  const id = (await site.database.pool.query<{ id: string }>("insert into newsletter_subscriptions (email) values ($1) returning id::text", [email])).rows[0]!
    .id;
  await page.goto(`/staff/subscribers/${id}/erase`);
  await page.getByRole("button", { name: "Erase this subscriber" }).click();
  await page.waitForURL(/notice=erased/);
  expect((await site.database.pool.query("select 1 from newsletter_subscriptions where id = $1", [id])).rowCount).toBe(0);
});

test("an admin reads a message as it is sent: subject, recipient, both bodies and a webhook's JSON as text, never drawn, with private links left out", async () => {
  const to = unique("ivy");
  const params = {
    name: '<img src=x onerror="window.pwned=1">Ivy',
    url: "https://example.com/staff/set-password?token=SECRET-TOKEN-123",
    valid_for: "24 hours",
  };
  const [email, hook] = (
    await site.database.pool.query<{ id: string }>(
      // Failed, so the worker leaves them as they are, private link included.
      `insert into outbox (kind, to_address, subject, template, params, channel, body, status, attempts) values
         ('staff-invitation', $1, 'Your Kraf Technologies staff account', 'staff-invitation', $2, 'email', null, 'failed', 8),
         ('lead-webhook', 'https://hooks.example.com/in', 'Lead webhook', 'webhook', '{}', 'webhook', '{"lead":{"name":"<b>Asha</b>"}}', 'failed', 8)
       returning id::text`,
      [to, JSON.stringify(params)],
    )
  ).rows.map((row) => row.id);
  const { page } = await adminPage();
  await page.goto(`/staff/outbox?search=${encodeURIComponent(to)}`);
  await page.locator(`main a[href="/staff/outbox/${email}"]`).click();
  await page.waitForURL(`**/staff/outbox/${email}`);
  await page.getByRole("heading", { level: 1, name: "Your Kraf Technologies staff account" }).waitFor();
  const details = page.getByRole("region", { name: "Details" });
  expect(await details.getByText(to, { exact: true }).count()).toBe(1);
  const text = await page.getByTestId("text-body-source").textContent();
  expect(text).toContain('Hello <img src=x onerror="window.pwned=1">Ivy,');
  const html = await page.getByTestId("html-body-source").textContent();
  expect(html).toMatch(/^<!DOCTYPE html/i);
  expect(html).toContain(">Hello &lt;img src=x onerror=&quot;window.pwned=1&quot;&gt;Ivy,</p>");
  // Shown as text: nothing of the bodies became an element, ran or loaded, and the recipient's link is not there to follow.
  expect(await page.locator("main img, main a[href*='set-password']").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(await page.content()).not.toContain("SECRET-TOKEN-123");
  expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(1);
  for (const viewport of [undefined, PHONE]) {
    if (viewport) await page.setViewportSize(viewport);
    expect(await axeViolations(page)).toEqual([]);
    expect(await widerThanScreen(page)).toEqual([]);
  }

  await page.goto(`/staff/outbox/${hook}`);
  expect(await page.getByTestId("json-body-source").textContent()).toBe('{\n  "lead": {\n    "name": "<b>Asha</b>"\n  }\n}');
  expect(await page.locator("main pre b").count()).toBe(0);
  expect(await page.getByRole("region", { name: "Details" }).getByText("https://hooks.example.com/in").count()).toBe(1);
  expect(await axeViolations(page)).toEqual([]);

  // Without JavaScript the page is the same, drawn by the server.
  const plain = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false });
  await signInAs(plain, site.server, "admin", { name: `Admin ${counter++}`, at: `/staff/outbox/${email}` });
  expect(await plain.getByTestId("text-body-source").textContent()).toBe(text);
  expect(await plain.getByTestId("html-body-source").textContent()).toBe(html);

  // Only admins: the server refuses anyone else.
  const sales = await newPage({ baseURL: site.server.baseURL, allowConsoleErrors: /status of 403/ });
  await signInAs(sales, site.server, "sales", { name: "Sal Sales" });
  expect((await sales.goto(`/staff/outbox/${email}`))?.status()).toBe(403);
  expect(await sales.content()).not.toContain("window.pwned");
});

test("every new page passes axe and fits a 375 px screen", async () => {
  const { page } = await adminPage();
  await site.database.pool.query("insert into newsletter_subscriptions (email, consent_at, consent_version) values ($1, now(), 'v1')", [unique("axe")]);
  await site.database.pool.query(
    "insert into outbox (kind, to_address, subject, template, params, status, attempts, last_error) values ('test', 'x@example.com', 'Hello', 'staff-invitation', '{}', 'failed', 8, 'connection refused')",
  );
  await site.database.pool.query("insert into mail_suppressions (address, reason, source, detail) values ($1, 'complaint', 'ses', 'abuse')", [
    unique("axe-suppressed"),
  ]);
  const erase = (await site.database.pool.query<{ id: string }>("select id::text from newsletter_subscriptions order by id desc limit 1")).rows[0]!.id;
  const paths = [
    "/staff/subscribers",
    `/staff/subscribers/${erase}/erase`,
    "/staff/suppressions",
    "/staff/outbox",
    "/staff/audit",
    "/staff/accounts",
    "/staff/account",
    "/staff/business-hours",
  ];
  for (const viewport of [undefined, PHONE]) {
    if (viewport) await page.setViewportSize(viewport);
    for (const target of paths) {
      await page.goto(target);
      expect(await axeViolations(page), `${target} at ${viewport?.width ?? 1280} px`).toEqual([]);
      expect(await widerThanScreen(page), `${target} at ${viewport?.width ?? 1280} px`).toEqual([]);
    }
  }
});

test("an admin retries a message that failed for good; the worker sends it once the mail server is back", async () => {
  const port = await closedPort();
  const own = await freshPostgres();
  const smtpDown = await startServer({
    DATABASE_URL: own.url,
    FORM_RATE_LIMIT: "1000",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    OUTBOX_MAX_ATTEMPTS: "1",
  });
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  try {
    const page = await newPage({ baseURL: smtpDown.baseURL, allowConsoleErrors: REFUSALS });
    await signInAs(page, smtpDown, "admin", { at: "/staff/accounts" });
    const invited = unique("invited");
    await page.getByLabel("Name").fill("Ivy Invited");
    await page.getByLabel("Email").fill(invited);
    await inviteRole(page, "Editor").check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await notice(page, "Ivy Invited is invited as Editor");
    const failed = await waitFor(
      async () => (await own.pool.query("select id::text, status, attempts from outbox where to_address = $1", [invited])).rows[0],
      (row) => row?.status === "failed",
    );

    smtp = await startSmtpServer({ port });
    await page.goto("/staff/outbox?status=sent");
    await page
      .getByRole("button", { name: `Retry message ${failed.id}` })
      .count()
      .then((n) => expect(n).toBe(0));
    await page.goto("/staff/outbox?status=failed");
    await page.getByRole("button", { name: `Retry message ${failed.id}` }).click();
    await notice(page, "The message is queued again");
    const receivedBy = (address: string) => smtp!.received.some((mail) => mail.to.includes(address));
    await waitFor(() => receivedBy(invited), Boolean);
    const row = await waitFor(
      async () => (await own.pool.query("select status, attempts from outbox where id = $1", [failed.id])).rows[0],
      (current) => current?.status === "sent",
    );
    expect(row.attempts).toBe(1);
    const audit = await own.pool.query("select target_type, target_id from audit_log where action = 'outbox-retried'");
    expect(audit.rows).toEqual([{ target_type: "outbox", target_id: failed.id }]);
  } finally {
    await smtp?.stop();
    await smtpDown.stop();
    await own.dispose();
  }
});
