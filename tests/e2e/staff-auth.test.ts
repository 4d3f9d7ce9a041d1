import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PHONE, axeViolations, setupBrowser } from "#tests/support/browser.ts";
import { freshPostgres, listFiles, mailDir, openPgliteOf, stopKeepingData, waitFor, type FreshPostgres } from "#tests/support/forms.ts";
import { parseMail } from "#tests/support/mail.ts";
import { notice } from "#tests/support/publishing.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { STAFF_PASSWORD, addStaffAccount, choosePassword, createStaffAccount, signIn } from "#tests/support/staff.ts";

/*
 * Staff accounts end to end: the first admin from the command line while the
 * site runs on the embedded database, one-time password links, sign-in and its
 * throttles, password reset through the outbox, sign-out, and what a staff
 * response promises (private, noindex, HttpOnly cookie). A second server on
 * PostgreSQL checks that the command and sign-in work there too.
 */

const FAILED = "The email or password is not correct.";
const RESET_SENT = "If this address belongs to a staff account, we have sent it a link to choose a new password. The link works once, for 30 minutes.";

const { newPage } = setupBrowser();
let server: RunningServer;
let firstServer: RunningServer;
const admin = { email: "ann.admin@kraf.example", name: "Ann Admin" };

beforeAll(async () => {
  server = firstServer = await startServer({ FORM_RATE_LIMIT: "1000" });
});

afterAll(async () => {
  await server?.stop();
  // A restarted server shares the first one's data folder, which the first removes.
  if (firstServer !== server) await firstServer?.stop();
});

/** The finished .eml messages to `address`, parsed. */
function mailsTo(dataDir: string, address: string) {
  return listFiles(mailDir(dataDir))
    .filter((name) => name.endsWith(".eml"))
    .map((name) => parseMail(fs.readFileSync(path.join(mailDir(dataDir), name), "utf8")))
    .filter((mail) => mail.headers.get("to")?.includes(address));
}

describe("on the embedded database", () => {
  test("the first admin is created on the command line while the site runs; the printed link sets the password once", async () => {
    const { link, output } = await createStaffAccount(server, { ...admin, role: "admin" });
    expect(output).toContain(`Created a staff account for ${admin.email} (role: admin).`);
    expect(link.startsWith(`${server.baseURL}/staff/set-password?token=`)).toBe(true);

    const page = await newPage({ baseURL: server.baseURL });
    // The new password signs the person in: straight to the staff home, no second form to fill.
    await choosePassword(page, link);
    expect(new URL(page.url()).pathname).toBe("/staff");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(`Welcome, ${admin.name}`);
    // The staff frame, not the public one.
    expect(await page.locator("footer").count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Staff" }).getByRole("link").allTextContents()).toEqual(
      expect.arrayContaining(["Consultations", "Subscribers", "Applications", "Staff accounts"]),
    );

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("This link cannot be used");

    // A colleague's link opened while signed in: their password is set, and the admin stays signed in as the admin.
    const colleague = "colleague.editor@kraf.example";
    const { link: colleagueLink } = await addStaffAccount(server, { email: colleague, role: "editor" });
    await choosePassword(page, colleagueLink);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(`Welcome, ${admin.name}`);
    expect((await postForm(server, "/staff/sign-in", { email: colleague, password: STAFF_PASSWORD })).status).toBe(303);
  });

  test("a visitor sent to sign in returns to the page they asked for", async () => {
    const page = await newPage({ baseURL: server.baseURL });
    await page.goto("/staff?from=bookmark");
    expect(new URL(page.url()).pathname).toBe("/staff/sign-in");
    await signIn(page, admin.email);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/staff?from=bookmark");
  });

  test("a failed sign-in says the same for a wrong password and an unknown address; an account with five failures waits", async () => {
    const email = "throttled.sales@kraf.example";
    const { link } = await addStaffAccount(server, { email, role: "sales" });
    await choosePassword(await newPage({ baseURL: server.baseURL }), link);
    const page = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 401/ });

    for (const [address, password] of [
      [email, "not the right password at all"],
      ["nobody.here@kraf.example", "not the right password at all"],
    ] as const) {
      await page.goto("/staff/sign-in");
      await page.getByLabel("Email").fill(address);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").textContent()).resolves.toBe(FAILED);
      // What was typed stays; the password does not.
      expect(await page.getByLabel("Email").inputValue()).toBe(address);
      expect(await page.getByLabel("Password").inputValue()).toBe("");
    }
    for (let attempt = 2; attempt <= 5; attempt++) {
      const response = await postForm(server, "/staff/sign-in", { email, password: `wrong password number ${attempt}` });
      expect(response.status).toBe(401);
    }
    // Now even the right password waits: the account is throttled.
    const throttled = await postForm(server, "/staff/sign-in", { email, password: STAFF_PASSWORD });
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toContain("Too many failed sign-ins for this account.");
    expect(throttled.headers.get("set-cookie")).toBeNull();

    // A fresh link sets the password, but the waiting account is not signed in by it: the sign-in page has the address.
    const { link: freshLink } = await addStaffAccount(server, { email, role: "sales" });
    const fresh = await newPage({ baseURL: server.baseURL });
    await fresh.goto(freshLink);
    await fresh.getByLabel("New password", { exact: true }).fill(STAFF_PASSWORD);
    await fresh.getByLabel("Repeat the new password").fill(STAFF_PASSWORD);
    await fresh.getByRole("button", { name: "Set password" }).click();
    await fresh.waitForURL(/\/staff\/sign-in\?notice=password-set/);
    await notice(fresh, "Your password is set. Sign in with it.");
    expect(await fresh.getByLabel("Email").inputValue()).toBe(email);
    expect((await fresh.context().cookies()).filter((cookie) => cookie.name.endsWith("session_token"))).toEqual([]);
  });

  test("a forgotten password is reset through a single-use emailed link; the old password and other sessions stop working", async () => {
    const email = "reset.recruiter@kraf.example";
    const { link } = await addStaffAccount(server, { email, role: "recruiter", name: "Rita Recruiter" });
    const page = await newPage({ baseURL: server.baseURL });
    await choosePassword(page, link);
    const otherDevice = await newPage({ baseURL: server.baseURL });
    await signIn(otherDevice, email);

    for (const address of [email, "nobody.else@kraf.example"]) {
      await page.goto("/staff/forgot-password");
      await page.getByLabel("Email").fill(address);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(page.getByRole("status").textContent()).resolves.toBe(RESET_SENT);
    }
    const [mail] = await waitFor(
      () => mailsTo(server.dataDir, email),
      (mails) => mails.length === 1,
    );
    expect(mailsTo(server.dataDir, "nobody.else@kraf.example")).toEqual([]);
    expect(mail!.headers.get("subject")).toBe("Reset your Kraf Technologies staff password");
    const resetLink = /https?:\/\/\S+\/staff\/set-password\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(resetLink).toBeDefined();
    expect(mail!.text).toContain("It works once, for 30 minutes");

    const newPassword = "a brand new staff passphrase";
    // Signed in on this device with the new password; the link is spent.
    await choosePassword(page, resetLink!, newPassword);
    await page.goto(resetLink!);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("This link cannot be used");
    await page.goto("/staff");
    expect(new URL(page.url()).pathname).toBe("/staff");

    expect((await postForm(server, "/staff/sign-in", { email, password: STAFF_PASSWORD })).status).toBe(401);
    expect((await postForm(server, "/staff/sign-in", { email, password: newPassword })).status).toBe(303);

    await otherDevice.goto("/staff");
    expect(new URL(otherDevice.url()).pathname).toBe("/staff/sign-in");
  });

  test("signing out ends the session on the server, not only in the browser", async () => {
    const page = await newPage({ baseURL: server.baseURL });
    await signIn(page, admin.email);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith("session_token"));
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const cookieHeader = `${session!.name}=${session!.value}`;
    expect((await fetch(`${server.baseURL}/staff`, { headers: { Cookie: cookieHeader }, redirect: "manual" })).status).toBe(200);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/staff\/sign-in\?notice=signed-out/);
    await notice(page, "You are signed out.");
    const replayed = await fetch(`${server.baseURL}/staff`, { headers: { Cookie: cookieHeader }, redirect: "manual" });
    expect(replayed.status).toBe(303);
    expect(replayed.headers.get("location")).toContain("/staff/sign-in");
  });

  test("staff responses are private and not for search engines; a cross-site post is refused; files need a session", async () => {
    const signInPage = await fetch(`${server.baseURL}/staff/sign-in`);
    expect(signInPage.headers.get("cache-control")).toBe("private, no-store");
    expect(signInPage.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await signInPage.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');

    const crossSite = await postForm(
      server,
      "/staff/sign-in",
      { email: admin.email, password: STAFF_PASSWORD },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(crossSite.headers.get("set-cookie")).toBeNull();

    const file = await fetch(`${server.baseURL}/staff/files/consultation/2026/11/plan.pdf`);
    expect(file.status).toBe(401);
    expect(file.headers.get("content-disposition")).toBeNull();
    expect(await file.text()).toContain("Sign in to the staff area");

    const unknown = await fetch(`${server.baseURL}/staff/no-such-page`);
    expect(unknown.status).toBe(404);
  });

  test("the sign-in and password pages meet WCAG 2.2 AA on desktop and phone", async () => {
    const { link } = await addStaffAccount(server, { email: "axe.editor@kraf.example", role: "editor" });
    for (const viewport of [undefined, PHONE]) {
      const page = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 400/, ...(viewport ? { viewport } : {}) });
      for (const address of [
        "/staff/sign-in",
        "/staff/forgot-password",
        link.replace(server.baseURL, ""),
        "/staff/set-password?token=expired-or-made-up-token",
        "/staff/sign-in?notice=password-set&email=axe.editor%40kraf.example",
      ]) {
        await page.goto(address);
        expect(await axeViolations(page), `${address} at ${viewport ? "375" : "1280"} px`).toEqual([]);
      }
      await page.goto("/staff/sign-in");
      await page.getByRole("button", { name: "Sign in" }).click();
      expect(await axeViolations(page), "sign-in page after a refused post").toEqual([]);
      await signIn(page, admin.email);
      expect(await axeViolations(page), `staff home at ${viewport ? "375" : "1280"} px`).toEqual([]);
    }
  });

  test("the command opens the embedded database itself when no server runs, and gives an existing account a fresh link", async () => {
    await stopKeepingData(server);
    const again = await createStaffAccount(server, { email: admin.email, role: "sales" });
    expect(again.output).toContain(`${admin.email} already has a staff account (role: admin); here is a new link for it.`);
    const database = await openPgliteOf(server.dataDir);
    try {
      const rows = await database.db.execute(`select email, roles from staff_user order by email`);
      expect((rows as unknown as { rows: { email: string; roles: string[] }[] }).rows).toContainEqual({ email: admin.email, roles: ["admin"] });
      const audit = await database.db.execute(
        `select a.action, a.actor_email from audit_log a join staff_user u on u.id = a.target_id where a.action = 'account-link-issued' and u.email = '${admin.email}'`,
      );
      expect((audit as unknown as { rows: unknown[] }).rows).toEqual([{ action: "account-link-issued", actor_email: "command line" }]);
    } finally {
      await database.close();
    }
    server = await startServer({ FORM_RATE_LIMIT: "1000", DATA_DIR: server.dataDir });
    const page = await newPage({ baseURL: server.baseURL });
    await signIn(page, admin.email);
    expect(new URL(page.url()).pathname).toBe("/staff");
  });
});

describe("on PostgreSQL", () => {
  let database: FreshPostgres;
  let pgServer: RunningServer;

  beforeAll(async () => {
    database = await freshPostgres();
    // Sign-in allows four times the form limit per client address: 8 posts here.
    pgServer = await startServer({ FORM_RATE_LIMIT: "2", DATABASE_URL: database.url });
  });

  afterAll(async () => {
    await pgServer?.stop();
    await database?.dispose();
  });

  test("the command creates an admin beside the running server, who signs in", async () => {
    const { link } = await createStaffAccount(pgServer, { email: "pat.admin@kraf.example", role: "admin" });
    const page = await newPage({ baseURL: pgServer.baseURL });
    await choosePassword(page, link);
    expect(new URL(page.url()).pathname).toBe("/staff");
    const { rows } = await database.pool.query<{ action: string }>("select action from audit_log order by id");
    expect(rows.map((row) => row.action)).toEqual(["account-created", "password-set", "sign-in"]);
  });

  test("a client address that keeps posting sign-ins waits, whichever accounts it tries", async () => {
    let status = 0;
    for (let attempt = 1; attempt <= 8 && status !== 429; attempt++) {
      status = (await postForm(pgServer, "/staff/sign-in", { email: `guess${attempt}@kraf.example`, password: "some guessed password" })).status;
    }
    const refused = await postForm(pgServer, "/staff/sign-in", { email: "pat.admin@kraf.example", password: STAFF_PASSWORD });
    expect(refused.status, await refused.clone().text()).toBe(429);
    expect(await refused.text()).toContain("Too many submissions from your connection.");
  });
});

function postForm(target: RunningServer, route: string, values: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${target.baseURL}${route}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.baseURL, ...headers },
    body: new URLSearchParams(values).toString(),
    redirect: "manual",
  });
}
