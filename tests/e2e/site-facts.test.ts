import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { defaultSiteFacts } from "#app/content/site-facts.ts";
import { axeViolations, DESKTOP, gotoHydrated, PHONE, setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { isPostgresReachable } from "#tests/support/databases.ts";
import { notice, setupServerPair } from "#tests/support/publishing.ts";
import type { RunningServer } from "#tests/support/server.ts";
import { signInAs, staffSession } from "#tests/support/staff.ts";

/*
 * The site facts end to end, on two server processes over one PostgreSQL: an
 * admin changes the banner's first message and the phone number at /staff/site
 * on one, and a visitor's home and contact pages (already in the page cache of
 * both) show the new ones, in the banner,
 * the copy, the consultation panel, the footer and the Organization JSON-LD,
 * with the old ones gone. A wrong value is refused beside its field with what
 * was typed kept. Only admins may open the screen.
 */

const { newPage } = setupBrowser();

const reachable = await isPostgresReachable();
/** Admins work on the first process; the second only serves visitors. */
const pair = setupServerPair(reachable);

const OLD_MESSAGE = defaultSiteFacts.banner[0]!.text;
const OLD_PHONE = defaultSiteFacts.phone;
const NEW_MESSAGE = "KRAF Think 2026: registrations are open.";
const NEW_PHONE = { display: "+91 22 4000 1234", href: "tel:+912240001234" };

async function html(path: string, process: RunningServer = pair.first): Promise<string> {
  const response = await fetch(process.baseURL + path);
  expect(response.status).toBe(200);
  return response.text();
}

/** What a reader sees of the page's copy: its text without the markup (the number in "Call us on …" is a link). */
function readable(page: string): string {
  return page
    .replace(/<(script|style)\b[^>]*>.*?<\/\1>/gs, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");
}

/** The telephone of the page's Organization JSON-LD. */
function jsonLdTelephone(page: string): string | undefined {
  const scripts = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  return scripts.find((data) => data["@type"] === "Organization")?.telephone as string | undefined;
}

/** The banner's first message field (its label's asterisk is hidden from its name, not from its text). */
const firstMessage = (page: Page) => page.getByRole("textbox", { name: "Message 1", exact: true });

async function checkPage(page: Page, width: number) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.skipIf(!reachable)(
  "an admin changes the banner's first message and the phone number; a visitor's home and contact pages follow, the old values gone",
  async () => {
    // The visitor's pages as they were, now kept in the page cache.
    const homeBefore = await html("/");
    expect(homeBefore.includes(OLD_MESSAGE), OLD_MESSAGE).toBe(true);
    expect((await html("/", pair.second)).includes(OLD_MESSAGE), OLD_MESSAGE).toBe(true);
    expect(jsonLdTelephone(homeBefore)).toBe("+919810042275");
    expect(readable(await html("/contact-us")).includes(`Call us on ${OLD_PHONE.display}`), `Call us on ${OLD_PHONE.display}`).toBe(true);

    // A refused save answers 400, which Chromium reports in the console.
    const admin = await newPage({ baseURL: pair.first.baseURL, viewport: DESKTOP, allowConsoleErrors: /status of 400/ });
    await signInAs(admin, pair.first, "admin", { name: "Ada Admin" });
    await admin.getByRole("link", { name: "Site facts" }).first().click();
    await admin.getByRole("heading", { name: "Site facts", level: 1 }).waitFor();
    await waitForStaffHydration(admin);
    await admin.getByText("Nobody has saved them yet: these are the defaults.").waitFor();
    expect(await firstMessage(admin).inputValue()).toBe(OLD_MESSAGE);
    await checkPage(admin, 1280);

    // A phone link that is not a tel: link is refused beside its field, and everything typed stays.
    await firstMessage(admin).fill(NEW_MESSAGE);
    await admin.getByLabel("Phone number as shown").fill(NEW_PHONE.display);
    await admin.getByLabel("Phone link").fill("+91 22 4000 1234");
    await admin.getByRole("button", { name: "Save site facts" }).click();
    await admin.getByRole("alert").filter({ hasText: "Some fields need your attention; nothing was saved." }).waitFor();
    await admin.getByText("Write the phone link as tel: then the number").waitFor();
    expect(await admin.getByLabel("Phone link").getAttribute("aria-invalid")).toBe("true");
    expect(await firstMessage(admin).inputValue()).toBe(NEW_MESSAGE);
    expect(await admin.getByLabel("Phone number as shown").inputValue()).toBe(NEW_PHONE.display);
    await checkPage(admin, 1280);
    expect((await html("/")).includes(OLD_MESSAGE)).toBe(true);

    await admin.getByLabel("Phone link").fill(NEW_PHONE.href);
    await admin.getByRole("button", { name: "Save site facts" }).click();
    await expect.poll(() => admin.getByRole("status").textContent()).toContain("Saved. Every page shows the change within seconds.");
    await admin.getByText("Last saved").waitFor();
    await admin.setViewportSize(PHONE);
    await checkPage(admin, 375);

    // Every process looks at the content version each second; this one was told at once, the other follows within 2 s.
    await expect.poll(async () => (await html("/")).includes(NEW_MESSAGE), { timeout: 2_000, interval: 100 }).toBe(true);
    await expect.poll(async () => (await html("/", pair.second)).includes(NEW_MESSAGE), { timeout: 2_000, interval: 100 }).toBe(true);
    const home = await html("/");
    expect(home.includes(OLD_MESSAGE), OLD_MESSAGE).toBe(false);
    expect(home.includes(OLD_PHONE.display), OLD_PHONE.display).toBe(false);
    expect(home.includes(OLD_PHONE.href), OLD_PHONE.href).toBe(false);
    expect(jsonLdTelephone(home)).toBe("+912240001234");
    const contact = await html("/contact-us");
    expect(readable(contact).includes(`Call us on ${NEW_PHONE.display}`), `Call us on ${NEW_PHONE.display}`).toBe(true);
    expect(contact.includes(OLD_PHONE.display), OLD_PHONE.display).toBe(false);
    expect(contact.includes(OLD_PHONE.href), OLD_PHONE.href).toBe(false);

    // In a visitor's browser: the banner, the contact page's copy and panel and the footer, hydrated without a mismatch.
    const visitor = await newPage({ baseURL: pair.first.baseURL, viewport: PHONE });
    await gotoHydrated(visitor, "/contact-us");
    expect(await visitor.locator("[data-banner-message][data-current]").textContent()).toBe(NEW_MESSAGE);
    await visitor.getByText(`Call us on ${NEW_PHONE.display}`).waitFor();
    expect(
      await visitor
        .getByTestId("consultation-panel")
        .getByRole("link", { name: /Call us/ })
        .getAttribute("href"),
    ).toBe(NEW_PHONE.href);
    expect(await visitor.getByTestId("site-footer").getByRole("link", { name: NEW_PHONE.display }).getAttribute("href")).toBe(NEW_PHONE.href);
    expect(await visitor.locator("body").textContent()).not.toContain(OLD_PHONE.display);
    await checkPage(visitor, 375);

    // The history compares the saves; restoring the spec's values fills the form and publishes nothing until saved.
    await admin.setViewportSize(DESKTOP);
    await admin.getByRole("link", { name: "History" }).click();
    await admin.getByRole("heading", { name: "History: Site facts", level: 1 }).waitFor();
    const differences = admin.getByTestId("revision-differences");
    expect(await differences.locator("dt").allTextContents()).toEqual(["Announcement banner", "Phone"]);
    expect(await differences.locator("ins").allTextContents()).toContain("[added: 22 4000 1234]");
    await checkPage(admin, 1280);
    await admin.getByRole("button", { name: "Restore revision 1" }).click();
    await expect.poll(() => admin.getByRole("status").textContent()).toContain("Revision 1 is restored as revision 3.");
    await admin.getByRole("link", { name: "Back to editing" }).click();
    await admin.getByRole("note").filter({ hasText: "Not saved yet: the form holds a restored revision (Announcement banner, Phone" }).waitFor();
    await waitForStaffHydration(admin);
    expect(await admin.getByLabel("Phone number as shown").inputValue()).toBe(OLD_PHONE.display);
    expect(await firstMessage(admin).inputValue()).toBe(OLD_MESSAGE);
    await checkPage(admin, 1280);
    expect(jsonLdTelephone(await html("/"))).toBe("+912240001234");
    await admin.getByRole("button", { name: "Save site facts" }).click();
    await expect.poll(() => admin.getByRole("status").textContent()).toContain("Saved. Every page shows the change within seconds.");
    await expect.poll(() => admin.getByRole("note").filter({ hasText: "Not saved yet" }).count()).toBe(0);
    await expect.poll(async () => jsonLdTelephone(await html("/")), { timeout: 2_000, interval: 100 }).toBe("+919810042275");

    // The admin's own save comes back the same way.
    await admin.getByRole("link", { name: "History" }).click();
    await admin.getByRole("button", { name: "Restore revision 2" }).click();
    await expect.poll(() => admin.getByRole("status").textContent()).toContain("Revision 2 is restored as revision 4.");
    await admin.getByRole("link", { name: "Back to editing" }).click();
    await waitForStaffHydration(admin);
    expect(await admin.getByLabel("Phone number as shown").inputValue()).toBe(NEW_PHONE.display);
    await admin.getByRole("button", { name: "Save site facts" }).click();
    await expect.poll(async () => jsonLdTelephone(await html("/")), { timeout: 2_000, interval: 100 }).toBe("+912240001234");
  },
);

test.skipIf(!reachable)(
  "without JavaScript on a phone, an admin renames the header's Contact Us; the header follows, where it leads and the footer's own label do not",
  async () => {
    const admin = await newPage({ baseURL: pair.first.baseURL, viewport: PHONE, javaScriptEnabled: false });
    await signInAs(admin, pair.first, "admin", { name: "Noor Admin", at: "/staff/site" });
    await admin.getByRole("heading", { name: "Site facts", level: 1 }).waitFor();
    const header = admin.getByRole("group", { name: "Navigation labels: Header" });
    await header.getByRole("textbox", { name: "Contact Us", exact: true }).fill("Talk to us");
    await admin.getByRole("button", { name: "Save site facts" }).click();
    await notice(admin, "Saved. Every page shows the change within seconds.");
    expect(await header.getByRole("textbox", { name: "Contact Us", exact: true }).inputValue()).toBe("Talk to us");

    await expect.poll(async () => (await html("/crm")).includes(">Talk to us</a>"), { timeout: 2_000, interval: 100 }).toBe(true);
    const visitor = await newPage({ baseURL: pair.first.baseURL, viewport: DESKTOP });
    await visitor.goto("/crm");
    expect(await visitor.getByRole("banner").getByRole("link", { name: "Talk to us" }).getAttribute("href")).toBe("/contact-us");
    // The footer's own "Contact us" is another label, left as it was.
    expect(await visitor.getByTestId("site-footer").getByRole("link", { name: "Contact us", exact: true }).count()).toBe(1);
  },
);

test.skipIf(!reachable)("a staff member who is not an admin cannot open the site facts, nor post to them", async () => {
  for (const role of ["editor", "sales"] as const) {
    const cookie = await staffSession(pair.first, role);
    const page = await fetch(`${pair.first.baseURL}/staff/site`, { headers: { cookie }, redirect: "manual" });
    expect(page.status).toBe(403);
    const post = await fetch(`${pair.first.baseURL}/staff/site`, {
      method: "POST",
      headers: { cookie, origin: pair.first.baseURL },
      body: new URLSearchParams({ intent: "reset", revision: "0" }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
  }
  // Nothing was reset by them: no save at all has been made by anyone but the admin above.
  expect((await html("/")).includes(NEW_MESSAGE)).toBe(true);
});
