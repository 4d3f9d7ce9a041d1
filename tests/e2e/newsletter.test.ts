import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { CONSENT_VERSION } from "#app/features/newsletter/newsletter-schema.ts";
import { axeViolations, DESKTOP, gotoHydrated, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { parseMail, waitUntil } from "#tests/support/mail.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";

/*
 * The footer newsletter form end to end, on a server of its own backed by a
 * fresh PostgreSQL database, so every test can read the rows it caused and
 * break the table for real.
 */

const CONSENT = "Please accept the Privacy Policy.";
const INVALID = "Please enter a valid email address.";
const SUCCESS = "Subscription successful! Thank you for signing up.";
const FAILURE = "Error subscribing. Please try again later.";
/** Under the success sentence while the address awaits its confirmation (double opt-in, the default). */
const CHECK_INBOX = "Please check your inbox for the confirmation link: the newsletter starts once you open it.";

const { newPage } = setupBrowser();
const site = setupOwnServer({ FORM_RATE_LIMIT: "1000" }, { postgres: true });

type Row = { email: string; timestamp: Date; consent_at: Date | null; consent_version: string | null };

async function rowsFor(email: string): Promise<Row[]> {
  const result = await site.database.pool.query<Row>(
    "select email, timestamp, consent_at, consent_version from newsletter_subscriptions where lower(email) = lower($1)",
    [email],
  );
  return result.rows;
}

const unique = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

async function openFooterForm(page: Page) {
  await gotoHydrated(page, "/");
  const form = page.locator("footer form[novalidate]");
  return {
    form,
    email: form.locator('input[name="email"]'),
    consent: form.locator('input[name="consent"]'),
    button: form.locator('button[type="submit"]'),
    alert: form.locator('[role="alert"]'),
    status: form.locator('[role="status"]'),
  };
}

test("with JavaScript: consent is checked first, then the email pattern; nothing is stored", async () => {
  const page = await newPage({ baseURL: site.server.baseURL });
  const ui = await openFooterForm(page);
  const address = "not-an-email";

  await ui.email.fill(address);
  await ui.button.click();
  expect(await ui.alert.textContent()).toBe(CONSENT);
  expect(await ui.consent.getAttribute("aria-invalid")).toBe("true");

  await ui.consent.check();
  await ui.button.click();
  expect(await ui.alert.textContent()).toBe(INVALID);
  expect(await ui.email.getAttribute("aria-invalid")).toBe("true");
  expect(await ui.email.inputValue()).toBe(address);
  expect(await site.database.count("newsletter_subscriptions")).toBe(0);
});

test("with JavaScript: busy state, success clears the form, the row carries consent; a repeat in another case adds no row", async () => {
  const page = await newPage({ baseURL: site.server.baseURL });
  const ui = await openFooterForm(page);
  const address = unique("Reader");

  // Hold the POST so the busy state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/newsletter"),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    },
  );

  const before = new Date();
  await ui.email.fill(address);
  await ui.consent.check();
  await ui.button.click();
  await page.waitForFunction(() => document.querySelector("footer form button[type=submit]")?.hasAttribute("disabled"));
  expect(await ui.button.isDisabled()).toBe(true);
  expect(await ui.button.textContent()).toContain("…");
  expect(await ui.form.getAttribute("aria-busy")).toBe("true");
  release();

  await ui.status.getByText(SUCCESS, { exact: true }).waitFor();
  // The spec's sentence, and under it what is left to do.
  expect(await ui.status.locator("p").allTextContents()).toEqual([SUCCESS, CHECK_INBOX]);
  expect(await ui.status.getByText(CHECK_INBOX, { exact: true }).isVisible()).toBe(true);
  expect(await ui.button.isDisabled()).toBe(false);
  expect(await ui.button.textContent()).toBe("Subscribe");
  expect(await ui.email.inputValue()).toBe("");
  expect(await ui.consent.isChecked()).toBe(false);
  expect(await ui.alert.textContent()).toBe("");

  const rows = await rowsFor(address);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.email).toBe(address);
  expect(rows[0]!.consent_version).toBe(CONSENT_VERSION);
  expect(rows[0]!.consent_at).toBeInstanceOf(Date);
  expect(rows[0]!.consent_at!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  expect(rows[0]!.timestamp.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

  // The same address again, shouting: the same answer, never "already subscribed", still one row.
  await ui.email.fill(address.toUpperCase());
  await ui.consent.check();
  await ui.button.click();
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>("footer input[name=email]")?.value ?? "x") === "");
  expect(await ui.status.locator("p").allTextContents()).toEqual([SUCCESS, CHECK_INBOX]);
  expect(await ui.consent.isChecked()).toBe(false);
  expect(await rowsFor(address)).toHaveLength(1);
});

test("with JavaScript: when the insert fails for real, the visitor reads the failure text and keeps what was typed", async () => {
  const page = await newPage({ baseURL: site.server.baseURL, allowConsoleErrors: /status of 503/ });
  const ui = await openFooterForm(page);
  const address = unique("broken");
  const before = await site.database.count("newsletter_subscriptions");

  await site.database.pool.query("alter table newsletter_subscriptions rename to newsletter_subscriptions_away");
  try {
    await ui.email.fill(address);
    await ui.consent.check();
    const response = page.waitForResponse((res) => res.url().includes("/newsletter") && res.request().method() === "POST");
    await ui.button.click();
    expect((await response).status()).toBe(503);
    await ui.alert.getByText(FAILURE, { exact: true }).waitFor();
    expect(await ui.status.textContent()).toBe("");
    expect(await ui.email.inputValue()).toBe(address);
    expect(await ui.consent.isChecked()).toBe(true);
  } finally {
    await site.database.pool.query("alter table newsletter_subscriptions_away rename to newsletter_subscriptions");
  }
  expect(await site.database.count("newsletter_subscriptions")).toBe(before);
  expect(await rowsFor(address)).toHaveLength(0);

  // The table is back: the same visitor can subscribe.
  await ui.button.click();
  await ui.status.getByText(SUCCESS, { exact: true }).waitFor();
  expect(await rowsFor(address)).toHaveLength(1);
});

test("without JavaScript: the answers render on /newsletter, the typed email is kept on failure, success stores the row", async () => {
  const page = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
  await page.goto("/");
  const footerForm = page.locator('footer form[aria-label="Newsletter sign-up"]');
  expect(await footerForm.getAttribute("novalidate")).toBeNull();

  // An older browser without constraint validation: the server must still refuse.
  await footerForm.locator('input[name="email"]').fill("a@b");
  await footerForm.locator('input[name="consent"]').evaluate((input) => input.removeAttribute("required"));
  await Promise.all([page.waitForURL("**/newsletter"), footerForm.locator('button[type="submit"]').click()]);

  const form = () => page.locator('form[aria-label="Newsletter sign-up"]');
  expect(await form().count()).toBe(1);
  expect(await form().locator('[role="alert"]').textContent()).toBe(CONSENT);
  expect(await form().locator('input[name="email"]').inputValue()).toBe("a@b");

  // "a@b" passes the browser's email check but not the spec's pattern.
  await form().locator('input[name="consent"]').check();
  await Promise.all([page.waitForLoadState("load"), form().locator('button[type="submit"]').click()]);
  expect(await form().locator('[role="alert"]').textContent()).toBe(INVALID);
  expect(await form().locator('input[name="email"]').inputValue()).toBe("a@b");
  expect(await rowsFor("a@b")).toHaveLength(0);

  const address = unique("nojs");
  await form().locator('input[name="email"]').fill(address);
  await form().locator('input[name="consent"]').check();
  await Promise.all([page.waitForLoadState("load"), form().locator('button[type="submit"]').click()]);
  await form().locator('[role="status"]').getByText(SUCCESS, { exact: true }).waitFor();
  expect(await form().locator('[role="status"] p').allTextContents()).toEqual([SUCCESS, CHECK_INBOX]);
  expect(await form().locator('[role="alert"]').textContent()).toBe("");
  expect(await form().locator('input[name="email"]').inputValue()).toBe("");
  const rows = await rowsFor(address);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.consent_version).toBe(CONSENT_VERSION);
});

test("a display name around an address is refused with the email message, with and without JavaScript; nothing is stored or sent", async () => {
  const victim = unique("victim");
  const typed = `x0<${victim}>`;

  const page = await newPage({ baseURL: site.server.baseURL });
  const ui = await openFooterForm(page);
  await ui.email.fill(typed);
  await ui.consent.check();
  await ui.button.click();
  expect(await ui.alert.textContent()).toBe(INVALID);
  expect(await ui.email.getAttribute("aria-invalid")).toBe("true");
  expect(await ui.email.inputValue()).toBe(typed);

  // Without JavaScript, in a browser whose own email check lets it through (or a hand-made post): the server refuses it.
  const plain = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
  await plain.goto("/");
  const footerForm = plain.locator('footer form[aria-label="Newsletter sign-up"]');
  await footerForm.evaluate((form) => form.setAttribute("novalidate", ""));
  await footerForm.locator('input[name="email"]').fill(typed);
  await footerForm.locator('input[name="consent"]').check();
  await Promise.all([plain.waitForURL("**/newsletter"), footerForm.locator('button[type="submit"]').click()]);
  const form = plain.locator('form[aria-label="Newsletter sign-up"]');
  expect(await form.locator('[role="alert"]').textContent()).toBe(INVALID);
  expect(await form.locator('input[name="email"]').inputValue()).toBe(typed);

  expect(await rowsFor(victim)).toHaveLength(0);
  expect((await site.database.pool.query("select 1 from outbox where to_address ilike $1", [`%${victim}%`])).rowCount).toBe(0);
});

/** The newsletter confirmation sent to `address` (the .eml the file transport wrote), once it is complete. */
async function confirmationMailFor(address: string) {
  const dir = path.join(site.server.dataDir, "mail");
  const found = () =>
    (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .filter((name) => name.endsWith("newsletter-confirmation.eml"))
      .map((name) => parseMail(fs.readFileSync(path.join(dir, name), "utf8")))
      .filter((mail) => (mail.headers.get("to") ?? "").toLowerCase().includes(address.toLowerCase()));
  await waitUntil(() => found().length > 0, 15_000);
  return found();
}

async function subscribe(page: Page, address: string) {
  const ui = await openFooterForm(page);
  await ui.email.fill(address);
  await ui.consent.check();
  await ui.button.click();
  await ui.status.getByText(SUCCESS, { exact: true }).waitFor();
}

async function expectAccessible(page: Page) {
  expect(await axeViolations(page), `${page.url()} at 1280 px`).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await axeViolations(page), `${page.url()} at 375 px`).toEqual([]);
  await page.setViewportSize(DESKTOP);
}

const confirmedAt = async (address: string) =>
  (await site.database.pool.query<{ confirmed_at: Date | null }>("select confirmed_at from newsletter_subscriptions where lower(email) = lower($1)", [address]))
    .rows;

test("double opt-in: the confirmation email's link confirms; its unsubscribe link and the one-click header remove the address, twice harmlessly, with and without JavaScript", async () => {
  const page = await newPage({ baseURL: site.server.baseURL, allowConsoleErrors: /status of 404/ });
  const address = unique("optin");
  await subscribe(page, address);
  const [mail] = await confirmationMailFor(address);
  expect(await confirmedAt(address)).toEqual([{ confirmed_at: null }]);

  const link = (purpose: string) =>
    new RegExp(`${site.server.baseURL.replace(/[.]/g, "\\.")}/newsletter/${purpose}\\?s=[0-9]+\\.[A-Za-z0-9_-]{43}`).exec(mail!.text)?.[0];
  const confirmUrl = link("confirm");
  const unsubscribeUrl = link("unsubscribe");
  expect(confirmUrl, mail!.text).toBeDefined();
  expect(mail!.html).toContain(`href="${confirmUrl}"`);
  // RFC 8058: the mail program's own Unsubscribe button posts to the same link.
  expect(mail!.headers.get("list-unsubscribe")).toBe(`<${unsubscribeUrl}>`);
  expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  // Once sent, the links live only in the subscriber's mailbox.
  const stored = await site.database.pool.query("select params from outbox where template = 'newsletter-confirmation' and to_address = $1", [address]);
  expect(stored.rows).toEqual([{ params: { confirm_url: "", unsubscribe_url: "" } }]);

  // Confirming, twice: both visits say so; the first moment is kept.
  const response = await gotoHydrated(page, confirmUrl!);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await page.getByRole("heading", { level: 1, name: "Your subscription is confirmed" }).waitFor();
  expect(await page.locator("main").textContent()).toContain(address);
  await expectAccessible(page);
  const [first] = await confirmedAt(address);
  expect(first!.confirmed_at).toBeInstanceOf(Date);
  await page.goto(confirmUrl!);
  await page.getByRole("heading", { level: 1, name: "Your subscription is confirmed" }).waitFor();
  expect(await confirmedAt(address)).toEqual([first]);

  // An unsubscribe token does not confirm, and a changed signature is refused.
  const forged = [unsubscribeUrl!.replace("/unsubscribe?", "/confirm?"), confirmUrl!.replace(/.$/, (c) => (c === "A" ? "B" : "A"))];
  for (const url of forged) {
    const refused = await page.goto(url);
    expect(refused?.status(), url).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Link not valid" }).waitFor();
  }

  // With JavaScript: opening the link asks first (a mail scanner removes nobody); the button removes the address.
  await gotoHydrated(page, unsubscribeUrl!);
  expect(await confirmedAt(address)).toHaveLength(1);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await page.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
  expect(await confirmedAt(address)).toEqual([]);
  // A second click finds nothing to do and says so.
  await gotoHydrated(page, unsubscribeUrl!);
  await page.getByRole("heading", { level: 1, name: "Nothing to unsubscribe" }).waitFor();
  expect(await page.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);

  // Without JavaScript, for another subscriber: the same, through a plain form post.
  const plain = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false });
  const second = unique("nojs-optin");
  await subscribe(page, second);
  const [secondMail] = await confirmationMailFor(second);
  const secondUnsubscribe = /https?:\/\/\S+\/newsletter\/unsubscribe\?s=\S+/.exec(secondMail!.text)![0];
  expect(secondUnsubscribe).not.toBe(unsubscribeUrl);
  await plain.goto(secondUnsubscribe);
  await Promise.all([plain.waitForLoadState("load"), plain.getByRole("button", { name: "Unsubscribe" }).click()]);
  await plain.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
  expect(await confirmedAt(second)).toEqual([]);

  // One click from a mail program's servers (a plain post: no cookies, no Origin), for a third: removed, and again harmless.
  const third = unique("oneclick");
  await subscribe(page, third);
  const [thirdMail] = await confirmationMailFor(third);
  const oneClick = thirdMail!.headers.get("list-unsubscribe")!.replace(/^<|>$/g, "");
  for (const attempt of [1, 2]) {
    const answer = await fetch(oneClick, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status, `one-click post ${attempt}`).toBe(200);
    expect(await confirmedAt(third)).toEqual([]);
  }
});

test("double opt-in: subscribing again moments later sends nothing more; later, before confirming, the link again; after confirming, nothing", async () => {
  const page = await newPage({ baseURL: site.server.baseURL });
  const address = unique("again");
  await subscribe(page, address);
  await confirmationMailFor(address);
  // A second click or a retried post: no second email.
  await subscribe(page, address);
  const queued = async () =>
    (
      await site.database.pool.query("select count(*)::int as n from outbox where template = 'newsletter-confirmation' and lower(to_address) = lower($1)", [
        address,
      ])
    ).rows;
  expect(await queued()).toEqual([{ n: 1 }]);
  // Eleven minutes on, still unconfirmed (the first email may be lost): the link comes again.
  await site.database.pool.query("update newsletter_subscriptions set timestamp = timestamp - interval '11 minutes' where lower(email) = lower($1)", [address]);
  await subscribe(page, address.toUpperCase());
  await waitUntil(async () => (await confirmationMailFor(address)).length === 2, 15_000);
  const confirmUrl = /https?:\/\/\S+\/newsletter\/confirm\?s=\S+/.exec((await confirmationMailFor(address))[1]!.text)![0];
  await page.goto(confirmUrl);
  await page.getByRole("heading", { level: 1, name: "Your subscription is confirmed" }).waitFor();
  await site.database.pool.query("update newsletter_subscriptions set timestamp = timestamp - interval '11 minutes' where lower(email) = lower($1)", [address]);
  await subscribe(page, address);
  expect(await queued()).toEqual([{ n: 2 }]);
  expect(await rowsFor(address)).toHaveLength(1);
});
