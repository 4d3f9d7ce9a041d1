import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { axeViolations, DESKTOP, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { notice } from "#tests/support/publishing.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * The redirects screen end to end, on its own server: an editor adds a 301
 * from /old-page to /crm and a visitor following /old-page?x=1 lands on
 * /crm?x=1; a loop and a page's path are refused with their sentences, the
 * typed values kept. With JavaScript and as plain form posts, at 1280 and
 * 375 px, axe clean.
 */

const { newPage } = setupBrowser();

const site = setupOwnServer({ FORM_RATE_LIMIT: "1000" });

/** The page passes axe and nothing makes it scroll sideways (both run scripts, which a page without JavaScript does not). */
async function checkPage(page: Page, width: number) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function addRedirect(page: Page, from: string, to: string, kind: "301" | "302" = "301") {
  const form = page.locator("section[aria-labelledby='redirect-form-heading']");
  await form.getByLabel("Old path").fill(from);
  await form.getByLabel("Leads to").fill(to);
  await form.getByLabel("Kind").selectOption(kind);
  await form.getByRole("button", { name: "Add redirect" }).click();
}

/** What a visitor's browser gets for `path`, without following the redirect. */
async function visit(path: string) {
  const response = await fetch(site.server.baseURL + path, { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), cacheControl: response.headers.get("cache-control") };
}

test("with JavaScript: an editor adds a 301 from /old-page to /crm, and a visitor following /old-page?x=1 lands on /crm?x=1; a loop and a page are refused", async () => {
  expect(await visit("/old-page?x=1")).toMatchObject({ status: 404 });

  // A refused form answers 400, which Chromium reports in the console.
  const page = await newPage({ baseURL: site.server.baseURL, viewport: DESKTOP, allowConsoleErrors: /status of 400/ });
  await signInAs(page, site.server, "editor", { name: "Eve Editor" });
  await page.getByRole("link", { name: "Redirects" }).first().click();
  await page.getByRole("heading", { name: "Redirects", level: 1 }).waitFor();
  await page.getByText("No redirects yet.").waitFor();
  await checkPage(page, 1280);

  await addRedirect(page, "/Old-Page/", "/crm");
  await expect.poll(() => page.getByRole("status").textContent()).toContain("/old-page now leads to /crm (301).");
  await page.getByRole("cell", { name: "/old-page" }).waitFor();

  expect(await visit("/old-page?x=1")).toEqual({ status: 301, location: "/crm?x=1", cacheControl: "public, max-age=3600" });
  // A page that exists never asks.
  expect((await visit("/crm")).status).toBe(200);
  // A link followed inside the site asks for the page's data: React Router's redirect answers it.
  const data = await fetch(`${site.server.baseURL}/old-page.data?x=1`, { redirect: "manual" });
  expect(data.status).toBe(202);
  expect(await data.text()).toContain("/crm?x=1");

  const visitor = await newPage({ baseURL: site.server.baseURL, viewport: DESKTOP });
  const landed = await visitor.goto("/old-page?x=1");
  expect(new URL(visitor.url()).pathname + new URL(visitor.url()).search).toBe("/crm?x=1");
  expect(landed?.status()).toBe(200);
  expect(
    await landed
      ?.request()
      .redirectedFrom()
      ?.response()
      .then((response) => response?.status()),
  ).toBe(301);

  // A loop through an existing redirect, then a page's path: each refused beside its field, what was typed kept.
  await addRedirect(page, "/loop-b", "/loop-a");
  await page.getByRole("cell", { name: "/loop-b" }).waitFor();
  await addRedirect(page, "/loop-a", "/loop-b");
  const loopMessage = "This would make a loop: /loop-a → /loop-b → /loop-a. Change where one of them leads.";
  await page.getByRole("alert").filter({ hasText: loopMessage }).waitFor();
  // Beside the field, as its description.
  const describedBy = (await page.getByRole("textbox", { name: "Leads to" }).getAttribute("aria-describedby")) ?? "";
  expect(await page.locator(`[id="${describedBy.split(" ").at(-1)}"]`).textContent()).toBe(loopMessage);
  expect(await page.getByRole("textbox", { name: "Leads to" }).inputValue()).toBe("/loop-b");

  await page.setViewportSize(PHONE);
  await addRedirect(page, "/crm/", "/bi");
  const pageMessage = "/crm is a page of the site. Only an address the site answers with “not found” can be redirected.";
  await page.getByRole("alert").filter({ hasText: pageMessage }).waitFor();
  expect(await page.getByRole("textbox", { name: "Old path" }).inputValue()).toBe("/crm/");
  await checkPage(page, 375);

  // Edit and remove: the change shows at once.
  await page.getByRole("link", { name: "Edit the redirect from /old-page" }).click();
  await page.getByRole("heading", { name: "Edit the redirect from /old-page" }).waitFor();
  await page.getByLabel("Kind").selectOption("302");
  await page.getByRole("button", { name: "Save redirect" }).click();
  await expect.poll(() => page.getByRole("status").textContent()).toContain("/old-page now leads to /crm (302).");
  expect(await visit("/old-page")).toEqual({ status: 302, location: "/crm", cacheControl: "no-store" });
  await page.getByRole("button", { name: "Remove the redirect from /old-page" }).click();
  await expect.poll(() => page.getByRole("status").textContent()).toContain("The redirect from /old-page was removed");
  expect((await visit("/old-page")).status).toBe(404);
});

test("without JavaScript: the add form works as a plain post, on a 375 px phone, and a page's path is refused", async () => {
  const page = await newPage({ baseURL: site.server.baseURL, viewport: PHONE, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
  await signInAs(page, site.server, "admin", { name: "Ada Admin", at: "/staff/redirects" });
  await addRedirect(page, "https://www.example.com/Old-Offer", "https://partner.example/offer?ref=kraf", "302");
  await notice(page, "/old-offer now leads to https://partner.example/offer?ref=kraf (302).");
  // Another site's address is used as written: the visitor's query is not handed to it.
  expect(await visit("/old-offer?x=1")).toEqual({ status: 302, location: "https://partner.example/offer?ref=kraf", cacheControl: "no-store" });

  // An item route's 404 (a missing job answers it, a missing insight throws it) asks too.
  await addRedirect(page, "/careers/424242", "/careers");
  await notice(page, "/careers/424242 now leads to /careers (301).");
  await addRedirect(page, "/featured-insights/424242", "/featured-insights");
  await notice(page, "/featured-insights/424242 now leads to /featured-insights (301).");
  expect(await visit("/careers/424242")).toMatchObject({ status: 301, location: "/careers" });
  expect(await visit("/featured-insights/424242?page=2")).toMatchObject({ status: 301, location: "/featured-insights?page=2" });

  await addRedirect(page, "/staff/redirects", "/crm");
  await page.getByRole("alert").filter({ hasText: "Addresses under /staff belong to the site and cannot be redirected." }).waitFor();
  await addRedirect(page, "/old-offer-2", "javascript:alert(1)");
  await page.getByRole("alert").filter({ hasText: "Where it leads is a path starting with / or an address starting with https:// or http://." }).waitFor();
  // axe and the width are measured in a page with scripts, on the same HTML.
  const measured = await newPage({ baseURL: site.server.baseURL, viewport: PHONE });
  await signInAs(measured, site.server, "editor", { at: "/staff/redirects" });
  await checkPage(measured, 375);
});
