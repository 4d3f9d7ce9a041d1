import type { Page } from "playwright-core";
import { gotoHydrated } from "#tests/support/browser.ts";
import { sampleFiles } from "#tests/support/forms.ts";

/**
 * Applies through the site as a visitor does: from the job's page (`jobPath`),
 * or from the first open role on /careers; with `futureRoles`, ticking "Keep me in mind for future roles".
 */
export async function applyForJob(
  page: Page,
  email: string,
  jobPath?: string,
  { futureRoles = false }: { futureRoles?: boolean } = {},
): Promise<{ reference: string; title: string }> {
  let title: string;
  if (jobPath) {
    await gotoHydrated(page, jobPath);
    title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  } else {
    await gotoHydrated(page, "/careers");
    const job = page.getByRole("list", { name: "Open roles" }).getByRole("link").first();
    title = (await job.textContent())!.trim();
    await job.click();
  }
  await page.getByRole("link", { name: "Apply for this Position" }).click();
  await page.waitForURL(/\/careers\/registration\?(.+&)?pos=/);
  const form = page.locator("main form[novalidate]");
  await form.waitFor({ state: "attached" });
  await form.getByLabel("Full Name").fill("Asha Verma");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("+91 98100 00000");
  await form.getByLabel("LinkedIn or Portfolio URL").fill("https://www.linkedin.com/in/asha");
  await form.getByLabel("Years of Experience").fill("6");
  await form.getByLabel("Cover Letter").fill("I have built APIs for six years.\nI would like to build yours.");
  await form.locator('input[type="file"][name="resume"]').setInputFiles({ name: "Asha Verma CV.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf });
  if (futureRoles) await form.getByRole("checkbox", { name: "Keep me in mind for future roles" }).check();
  await form.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await page.getByTestId("application-confirmation").waitFor({ timeout: 15_000 });
  return { reference: (await page.getByTestId("application-reference").textContent())!, title };
}
