import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { expectAccessible } from "#tests/support/publishing.ts";
import { applyForJob } from "#tests/support/careers.ts";
import { firstMailTo, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * A job's pipeline board end to end, with a real SMTP server: two candidates
 * apply (one from a campaign); without JavaScript a recruiter ticks both and
 * moves them to Screening through the move page; the source counts and the
 * source filter, "Direct or unknown" included, show what they came from; with
 * JavaScript one is dragged to Offer without an email. The keyboard move with
 * its edited email is a step of the candidate journey (candidate-journey.test.ts).
 */
const { newPage: openPage } = setupBrowser();

let smtp: TestSmtpServer;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, FORM_RATE_LIMIT: "1000", DEMO_CONTENT: "true" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const newPage = (options: Parameters<typeof openPage>[0] = {}) => openPage({ baseURL: server.baseURL, reducedMotion: "reduce", ...options });

const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);

test("a recruiter moves several without JavaScript, filters by source, and drags one", { timeout: 300_000 }, async () => {
  const emails = ["board.one@example.com", "board.two@example.com"];
  let jobTitle = "";
  for (const [index, email] of emails.entries()) {
    const applicant = await newPage();
    const applied = await applyForJob(applicant, email, index === 0 ? "/careers/1?utm_source=jobfair" : "/careers/1");
    jobTitle = applied.title;
    await firstMailTo(smtp, email, (subject) => subject.startsWith("We received"));
    await applicant.close();
  }

  // Without JavaScript: from the job's page to its board, all three ticked and moved to Screening.
  const plain = await newPage({ javaScriptEnabled: false });
  await signInAs(plain, server, "recruiter", { name: "Rita Recruiter", at: "/staff/jobs" });
  const storageState = await plain.context().storageState();
  await plain.getByRole("link", { name: jobTitle, exact: true }).first().click();
  await plain.getByRole("link", { name: "pipeline board" }).click();
  await plain.waitForURL(/\/staff\/jobs\/\d+\/board$/);
  const boardPath = new URL(plain.url()).pathname;
  expect(await column(plain, "new").getByTestId("board-card").count()).toBe(2);
  // The most common source first; as many, by name, "Direct or unknown" last.
  expect(await plain.getByTestId("board-sources").getByRole("listitem").allTextContents()).toEqual(["jobfair: 1", "Direct or unknown: 1"]);
  for (const box of await column(plain, "new").getByRole("checkbox").all()) await box.check();
  await plain.getByRole("combobox", { name: "Move selected to" }).selectOption("screening");
  await plain.getByRole("button", { name: "Move selected" }).click();
  await plain.getByRole("heading", { name: "Move 2 applications to Screening" }).waitFor();
  // Screening sends no email unless asked: the choice starts at "without".
  expect(await plain.getByRole("radio", { name: "Move without an email" }).isChecked()).toBe(true);
  await plain.getByRole("button", { name: "Move to Screening" }).click();
  await plain.waitForURL(/\/board\?moved=2&stage=screening/);
  expect(await plain.getByRole("status").textContent()).toBe("2 applications were moved to Screening, without an email.");
  expect(await column(plain, "screening").getByTestId("board-card").count()).toBe(2);
  expect(await column(plain, "new").getByTestId("board-card").count()).toBe(0);
  expect(await column(plain, "screening").getByTestId("board-card").first().textContent()).toContain("Under a day in stage");

  // The source filter keeps the campaign's candidate only.
  await plain.getByRole("combobox", { name: "Source" }).selectOption("jobfair");
  await plain.getByRole("button", { name: "Filter" }).click();
  await plain.waitForURL(/source=jobfair/);
  expect(await plain.getByTestId("board-card").count()).toBe(1);
  // And "Direct or unknown" keeps the one who came with no campaign or referrer.
  await plain.getByRole("combobox", { name: "Source" }).selectOption({ label: "Direct or unknown" });
  await plain.getByRole("button", { name: "Filter" }).click();
  await plain.waitForURL(/source=%28direct%29/);
  expect(await plain.getByTestId("board-card").count()).toBe(1);
  expect(await plain.getByTestId("board-card").textContent()).toContain("Source: Direct or unknown");

  // With JavaScript, by pointer: a card dragged from Screening to Offer opens the same move page; this one goes without an email.
  const recruiter = await newPage({ storageState });
  await recruiter.goto(boardPath);
  await waitForStaffHydration(recruiter);
  await expectAccessible(recruiter);
  await column(recruiter, "screening").getByTestId("board-card").first().dragTo(column(recruiter, "offer"));
  await recruiter.getByRole("heading", { name: "Move Asha Verma to Offer" }).waitFor();
  await recruiter.getByRole("radio", { name: "Move without an email" }).check();
  await recruiter.getByRole("button", { name: "Move to Offer" }).click();
  await recruiter.waitForURL(/\/board\?moved=1&stage=offer$/);
  await expect.poll(() => column(recruiter, "offer").getByTestId("board-card").count()).toBe(1);
  await expect.poll(() => column(recruiter, "screening").getByTestId("board-card").count()).toBe(1);
  // The two confirmations: nothing else reached the candidates.
  expect(smtp.received.filter((mail) => emails.some((email) => mail.to.includes(email)))).toHaveLength(2);
});
