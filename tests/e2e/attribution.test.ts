import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { axeViolations, PHONE, setupBrowser, waitForHydration } from "#tests/support/browser.ts";
import { consultationValues, sampleFiles } from "#tests/support/forms.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Where a lead came from, end to end: a visitor lands on a campaign link,
 * moves on to the contact page and sends a consultation there; sales see the
 * campaign and the landing page on the request's page, and find it by its
 * source. Without JavaScript, the request keeps the page it was sent from.
 * A candidate who opens the jobs shared on LinkedIn and applies shows the
 * recruiter the same, on the application and in the applications list.
 */

const { newPage } = setupBrowser();
// The demo jobs give the candidate open jobs to apply for.
const site = setupOwnServer({ FORM_RATE_LIMIT: "1000", DEMO_CONTENT: "true" });

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

/** The record's Source section, as the staff page shows it: each term with its value. */
async function sourceOf(staff: Page, fullName: string, list = "/staff/consultations") {
  await staff.goto(list);
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
  // A source is matched whatever its case, and the export link carries it as records keep it. The address
  // changes as the filtered list arrives, and the page is drawn a moment later: the link is asked until then.
  await expect.poll(() => staff.getByRole("link", { name: "Export these as CSV" }).getAttribute("href")).toContain("source=linkedin");
  await staff.getByRole("link", { name: `Lina Campaign ${stamp}` }).waitFor();
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

test("a candidate without JavaScript who opens the jobs shared on LinkedIn and applies for one shows the recruiter LinkedIn, on the application and by the list's source filter", async () => {
  const stamp = Date.now().toString(36);
  const fullName = `Ira Candidate ${stamp}`;
  const candidate = await newPage({ baseURL: site.server.baseURL, javaScriptEnabled: false });
  // No script keeps the touch: the listing's job links and the job's Apply link carry the campaign to the form's page.
  await candidate.goto("/careers?utm_source=LinkedIn&utm_medium=social&utm_campaign=hiring");
  await candidate.getByRole("list", { name: "Open roles" }).getByRole("link").first().click();
  await candidate.waitForURL(/\/careers\/\d+\?utm_source=LinkedIn&utm_medium=social&utm_campaign=hiring$/);
  await candidate.getByRole("link", { name: "Apply for this Position" }).first().click();
  await candidate.waitForURL(/\/careers\/registration\?utm_source=LinkedIn&utm_medium=social&utm_campaign=hiring&pos=/);
  const form = candidate.locator("main form");
  await form.getByLabel("Full Name").fill(fullName);
  await form.getByLabel("Email Address").fill(`ira.${stamp}@example.com`);
  await form.getByLabel("Phone Number").fill("+91 98100 00000");
  await form.locator('input[type="file"][name="resume"]').setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf });
  await form.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
  await form.getByRole("button", { name: "Submit Application" }).click();
  await candidate.getByTestId("application-confirmation").waitFor();

  const recruiter = await newPage({ baseURL: site.server.baseURL });
  await signInAs(recruiter, site.server, "recruiter");
  const { shown } = await sourceOf(recruiter, fullName, "/staff/applications");
  expect(shown).toMatchObject({ Source: "linkedin", Medium: "social", Campaign: "hiring" });
  expect(shown["Sent from page"]).toMatch(/^\/careers\/registration\?utm_source=LinkedIn&utm_medium=social&utm_campaign=hiring&pos=/);
  expect(await axeViolations(recruiter, 'section[aria-labelledby="source-heading"]')).toEqual([]);

  // The list's Source column and filter, by keyboard as the other filters.
  await recruiter.goto("/staff/applications");
  await recruiter.getByLabel("Source").focus();
  await recruiter.keyboard.type("LinkedIn");
  await recruiter.keyboard.press("Enter");
  await recruiter.waitForURL(/source=LinkedIn/);
  await expect.poll(() => recruiter.getByRole("link", { name: "Export these as CSV" }).getAttribute("href")).toContain("source=linkedin");
  const row = recruiter.getByRole("row").filter({ has: recruiter.getByRole("link", { name: fullName }) });
  expect(await row.getByRole("cell").last().textContent()).toBe("linkedin");
  expect(await axeViolations(recruiter)).toEqual([]);
  // On a phone the filtered list fits the screen, as the other staff lists.
  await recruiter.setViewportSize(PHONE);
  expect(await recruiter.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await recruiter.goto("/staff/applications?source=bing");
  expect(await recruiter.getByRole("link", { name: fullName }).count()).toBe(0);
});
