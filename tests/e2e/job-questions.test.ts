import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { setupBrowser } from "#tests/support/browser.ts";
import { sampleFiles } from "#tests/support/forms.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { expectAccessible, notice } from "#tests/support/publishing.ts";
import { signInAs } from "#tests/support/staff.ts";
import { encodePosition } from "#app/features/careers/position.ts";

/*
 * A job's own questions, the parts the candidate journey
 * (candidate-journey.test.ts, which applies with JavaScript) leaves out: a
 * knockout answer that is neither Yes nor No is refused, a question is added
 * without JavaScript, the preview shows the questions; a candidate without
 * JavaScript answers "no" and applies, is marked "does not meet requirements"
 * for the recruiter only, and the answers show on the application and in the
 * CSV. The rules themselves are unit-tested in job-questions.test.ts.
 */
const { newPage } = setupBrowser();
const own = setupOwnServer({ FORM_RATE_LIMIT: "1000" });

const RIGHT_TO_WORK = "Do you have the right to work in India?";
const PORTFOLIO = "Link to a piece of your work";

/** Fills the application's usual fields; the job's questions are the caller's. */
async function fillUsualFields(page: Page, name: string, email: string) {
  const form = page.locator("main form");
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("+91 98100 00000");
  await form.locator('input[type="file"][name="resume"]').setInputFiles({ name: "CV.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf });
  await form.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
}

test(
  "a recruiter adds a knockout question and a portfolio question; candidates answering no are marked for the recruiter only",
  { timeout: 240_000 },
  async () => {
    const { server } = own;
    const title = `Field Engineer ${Date.now()}`;
    // Refused posts answer 400; their words are on the page.
    const recruiter = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 400/ });
    await signInAs(recruiter, server, "recruiter", { name: "Rita Recruiter" });

    // The first question, with its knockout answer, in the new job's form.
    await recruiter.goto("/staff/jobs/new");
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });
    await recruiter.getByLabel("Job title").fill(title);
    await recruiter.getByLabel("Job type").selectOption("full-time");
    await recruiter.locator('[name="q1-label"]').fill(RIGHT_TO_WORK);
    await recruiter.locator('[name="q1-type"]').selectOption("yes-no");
    await recruiter.locator('[name="q1-required"]').check();
    // A knockout answer that is not Yes or No is refused beside its field, and the row keeps what was typed.
    await recruiter.locator('[name="q1-knockout"]').fill("Perhaps");
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.getByText("For a yes-or-no question the knockout answer is Yes or No.").waitFor();
    expect(await recruiter.locator('[name="q1-label"]').inputValue()).toBe(RIGHT_TO_WORK);
    await recruiter.locator('[name="q1-knockout"]').fill("No");
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const jobPath = new URL(recruiter.url()).pathname;

    // The second question is added without JavaScript: the empty row after the first, and a plain post.
    const plain = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false, storageState: await recruiter.context().storageState() });
    await plain.goto(jobPath);
    expect(await plain.locator('[name="q1-label"]').inputValue()).toBe(RIGHT_TO_WORK);
    await plain.locator('[name="q2-label"]').fill(PORTFOLIO);
    await plain.locator('[name="q2-type"]').selectOption("link");
    await plain.locator('[name="q2-required"]').check();
    await plain.getByRole("button", { name: "Save changes" }).click();
    await notice(plain, "The draft is saved.");
    expect(await plain.locator('[name="q2-label"]').inputValue()).toBe(PORTFOLIO);
    await expect.poll(() => plain.locator('[name="q3-label"]').count()).toBe(1);
    await plain.close();

    // The preview shows the questions as candidates will see them, and what the knockout does.
    await recruiter.goto(`${jobPath}/preview`);
    await recruiter.getByText(`Knockout: “${RIGHT_TO_WORK}” answered “No”`).waitFor();
    expect(await recruiter.getByTestId("job-questions").getByLabel(PORTFOLIO).isDisabled()).toBe(true);
    await expectAccessible(recruiter);

    await recruiter.goto(jobPath);
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });
    expect(await recruiter.locator('[name="q2-type"]').inputValue()).toBe("link");
    await expectAccessible(recruiter);
    await recruiter.getByRole("button", { name: "Publish" }).click();
    await notice(recruiter, "is published");

    const registration = `/careers/registration?pos=${encodeURIComponent(encodePosition(title))}`;

    // A candidate without JavaScript: the same questions as plain controls, a plain post.
    const noScript = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
    await noScript.goto(registration);
    await fillUsualFields(noScript, "Ravi Kumar", "ravi@example.com");
    await noScript.getByRole("group", { name: RIGHT_TO_WORK }).getByRole("radio", { name: "No" }).check();
    // An address the browser takes but the server does not (no dot in its host): refused beside the field, answers kept.
    await noScript.getByLabel(PORTFOLIO).fill("http://portfolio");
    await noScript.getByRole("button", { name: "Submit Application" }).click();
    await noScript.locator("main").getByText("Enter a full web address starting with https:// or http://").first().waitFor();
    expect(await noScript.getByLabel(PORTFOLIO).inputValue()).toBe("http://portfolio");
    expect(await noScript.getByRole("group", { name: RIGHT_TO_WORK }).getByRole("radio", { name: "No" }).isChecked()).toBe(true);
    const application = noScript.getByRole("form", { name: /^Apply for/ });
    expect(await application.getByLabel("Full Name").inputValue()).toBe("Ravi Kumar");
    await application.locator('input[type="file"][name="resume"]').setInputFiles({ name: "CV.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf });
    await application.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
    await noScript.getByLabel(PORTFOLIO).fill("https://ravi.example.com/work");
    await noScript.getByRole("button", { name: "Submit Application" }).click();
    await noScript.getByTestId("application-confirmation").waitFor({ timeout: 15_000 });
    const withoutScript = (await noScript.getByTestId("application-reference").textContent())!;
    expect(await noScript.getByTestId("application-confirmation").textContent()).not.toMatch(/requirement/i);

    // The recruiter sees it marked, finds it by the filter, and reads the answers.
    await recruiter.goto("/staff/applications?requirements=unmet");
    const rows = recruiter.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Does not meet requirements");
    await recruiter.getByRole("link", { name: "Ravi Kumar" }).click();
    const answers = recruiter.getByTestId("application-answers");
    await answers.waitFor();
    expect(await answers.textContent()).toContain(`${RIGHT_TO_WORK}No(knockout answer)`);
    expect(await answers.getByRole("link", { name: /ravi\.example\.com\/work/ }).getAttribute("href")).toBe("https://ravi.example.com/work");
    await expectAccessible(recruiter);

    const csv = await (await recruiter.request.get("/staff/applications/export.csv?requirements=unmet")).text();
    expect(csv).toContain("meets requirements");
    const line = csv.slice(csv.indexOf(withoutScript));
    expect(line).toContain(`,"no","${RIGHT_TO_WORK}: No (knockout)\n${PORTFOLIO}: https://ravi.example.com/work"`);
  },
);
