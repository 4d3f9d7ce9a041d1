import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { axeViolations, setupBrowser, waitForHydration } from "#tests/support/browser.ts";
import { consultationValues } from "#tests/support/forms.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Where a lead came from, end to end: a visitor lands on a campaign link,
 * moves on to the contact page and sends a consultation there; sales see the
 * campaign and the landing page on the request's page, and find it by its
 * source. Without JavaScript, the request keeps the page it was sent from.
 */

const { newPage } = setupBrowser();
const site = setupOwnServer({ FORM_RATE_LIMIT: "1000" });

const CAMPAIGN_LANDING = "/crm?utm_source=linkedin&utm_medium=paid&utm_campaign=q4";

async function sendConsultation(page: Page, fullName: string, scripted: boolean) {
  const form = page.locator(scripted ? "#consultation form[novalidate]" : "#consultation form");
  const values = consultationValues({ fullName, email: `${fullName.replace(/\W/g, "").toLowerCase()}@example.com` });
  for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
  if (scripted) {
    await form.getByRole("button", { name: "Enquire Now" }).click();
    await page.getByTestId("toast-text").getByText("Consultation request submitted successfully!", { exact: true }).waitFor();
  } else {
    await Promise.all([page.waitForURL("**/consultation"), form.getByRole("button", { name: "Enquire Now" }).click()]);
  }
}

/** The request's Source section, as the staff page shows it: each term with its value. */
async function sourceOf(staff: Page, fullName: string) {
  await staff.goto("/staff/consultations");
  await staff.getByRole("link", { name: fullName }).click();
  const section = staff.locator('section[aria-labelledby="source-heading"]');
  await section.waitFor();
  const terms = await section.locator("dt").allTextContents();
  const values = await section.locator("dd").allTextContents();
  return { section, shown: Object.fromEntries(terms.map((term, i) => [term, values[i]])) };
}

test("a campaign visit that sends a consultation from another page shows its source and landing page to sales, and the list finds it by source", async () => {
  const stamp = Date.now().toString(36);
  const visitor = await newPage({ baseURL: site.server.baseURL });
  await visitor.goto(CAMPAIGN_LANDING);
  await visitor.goto("/contact-us");
  await waitForHydration(visitor);
  await sendConsultation(visitor, `Lina Campaign ${stamp}`, true);

  const staff = await newPage({ baseURL: site.server.baseURL });
  await signInAs(staff, site.server, "sales");
  const { section, shown } = await sourceOf(staff, `Lina Campaign ${stamp}`);
  expect(shown).toMatchObject({
    Source: "linkedin",
    Medium: "paid",
    Campaign: "q4",
    "Sent from page": "/contact-us",
    "Landing page": CAMPAIGN_LANDING,
  });
  expect(await axeViolations(staff, 'section[aria-labelledby="source-heading"]')).toEqual([]);
  expect(await section.locator("a, script").count()).toBe(0);

  // The list's source filter, kept in the address (and in its export link).
  await staff.goto("/staff/consultations");
  await staff.getByLabel("Source").fill("LinkedIn");
  await staff.getByRole("button", { name: "Show" }).click();
  await staff.waitForURL(/source=LinkedIn/);
  await staff.getByRole("link", { name: `Lina Campaign ${stamp}` }).waitFor();
  // A source is matched whatever its case, and the export link carries it as records keep it.
  expect(await staff.getByRole("link", { name: "Export these as CSV" }).getAttribute("href")).toContain("source=linkedin");
  await staff.goto("/staff/consultations?source=bing");
  expect(await staff.getByRole("link", { name: `Lina Campaign ${stamp}` }).count()).toBe(0);
});

test("without JavaScript the request keeps the page it was sent from, and a shared link's campaign when the form is on that page", async () => {
  const stamp = Date.now().toString(36);
  const visitor = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false });
  await visitor.goto(CAMPAIGN_LANDING);
  await visitor.goto("/contact-us");
  await sendConsultation(visitor, `Noah Plain ${stamp}`, false);
  await visitor.goto(CAMPAIGN_LANDING);
  await sendConsultation(visitor, `Mia Shared ${stamp}`, false);

  const staff = await newPage({ baseURL: site.server.baseURL });
  await signInAs(staff, site.server, "sales");
  expect((await sourceOf(staff, `Noah Plain ${stamp}`)).shown).toMatchObject({ Source: "Direct or unknown", "Sent from page": "/contact-us" });
  expect((await sourceOf(staff, `Mia Shared ${stamp}`)).shown).toMatchObject({ Source: "linkedin", Medium: "paid", "Sent from page": CAMPAIGN_LANDING });
});
