import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { gotoHydrated, setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { expectAccessible } from "#tests/support/publishing.ts";
import { applyForJob } from "#tests/support/careers.ts";
import { firstMailTo, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * A job's pipeline board end to end, with a real SMTP server: three candidates
 * apply (one from a campaign); without JavaScript a recruiter ticks all three
 * and moves them to Screening through the move page; with JavaScript they pick
 * one up by keyboard, carry it to Interview, edit the stage's email and send
 * it, and the candidate's mail holds it and their status page says
 * "Interviewing"; another is dragged to Offer without an email. The source
 * counts and the source filter show what the candidates came from.
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

test("a recruiter moves several without JavaScript, then one by keyboard with its edited email and one by dragging", { timeout: 300_000 }, async () => {
  const emails = ["board.one@example.com", "board.two@example.com", "board.three@example.com"];
  const statusLinks = new Map<string, string>();
  let jobTitle = "";
  for (const [index, email] of emails.entries()) {
    const applicant = await newPage();
    const applied = await applyForJob(applicant, email, index === 0 ? "/careers/1?utm_source=jobfair" : "/careers/1");
    jobTitle = applied.title;
    const confirmation = await firstMailTo(smtp, email, (subject) => subject.startsWith("We received"));
    statusLinks.set(email, /http:\/\/\S+\/applications\/status\/[A-Za-z0-9_-]{43}/.exec(confirmation.text)![0]);
    await applicant.close();
  }

  // Without JavaScript: from the job's page to its board, all three ticked and moved to Screening.
  const signing = await newPage({ javaScriptEnabled: false });
  await signInAs(signing, server, "recruiter", "Rita Recruiter");
  const storageState = await signing.context().storageState();
  const plain = await newPage({ javaScriptEnabled: false, storageState });
  await plain.goto("/staff/jobs");
  await plain.getByRole("link", { name: jobTitle, exact: true }).first().click();
  await plain.getByRole("link", { name: "pipeline board" }).click();
  await plain.waitForURL(/\/staff\/jobs\/\d+\/board$/);
  const boardPath = new URL(plain.url()).pathname;
  expect(await column(plain, "new").getByTestId("board-card").count()).toBe(3);
  // The most common source first.
  expect(await plain.getByTestId("board-sources").getByRole("listitem").allTextContents()).toEqual(["Direct or unknown: 2", "jobfair: 1"]);
  for (const box of await column(plain, "new").getByRole("checkbox").all()) await box.check();
  await plain.getByRole("combobox", { name: "Move selected to" }).selectOption("screening");
  await plain.getByRole("button", { name: "Move selected" }).click();
  await plain.getByRole("heading", { name: "Move 3 applications to Screening" }).waitFor();
  // Screening sends no email unless asked: the choice starts at "without".
  expect(await plain.getByRole("radio", { name: "Move without an email" }).isChecked()).toBe(true);
  await plain.getByRole("button", { name: "Move to Screening" }).click();
  await plain.waitForURL(/\/board\?moved=3&stage=screening/);
  expect(await plain.getByRole("status").textContent()).toBe("3 applications were moved to Screening, without an email.");
  expect(await column(plain, "screening").getByTestId("board-card").count()).toBe(3);
  expect(await column(plain, "new").getByTestId("board-card").count()).toBe(0);
  expect(await column(plain, "screening").getByTestId("board-card").first().textContent()).toContain("Under a day in stage");

  // The source filter keeps the campaign's candidate only.
  await plain.getByRole("combobox", { name: "Source" }).selectOption("jobfair");
  await plain.getByRole("button", { name: "Filter" }).click();
  await plain.waitForURL(/source=jobfair/);
  expect(await plain.getByTestId("board-card").count()).toBe(1);

  // With JavaScript, by keyboard: pick up the first card in Screening, carry it to Interview, edit the email and send it.
  const recruiter = await newPage({ storageState });
  await recruiter.goto(boardPath);
  await waitForStaffHydration(recruiter);
  await expectAccessible(recruiter);
  const moveButton = column(recruiter, "screening")
    .getByRole("button", { name: /^Move / })
    .first();
  await moveButton.focus();
  await recruiter.keyboard.press("Enter");
  expect(await moveButton.getAttribute("aria-pressed")).toBe("true");
  await recruiter.keyboard.press("ArrowRight");
  await expect.poll(() => recruiter.locator("[aria-live=assertive]").textContent()).toMatch(/^Interview\. Enter to move there/);
  await recruiter.keyboard.press("Enter");
  await recruiter.getByRole("heading", { name: "Move Asha Verma to Interview" }).waitFor();
  const sendRadio = recruiter.getByRole("radio", { name: /^Send this email to / });
  expect(await sendRadio.isChecked()).toBe(true);
  const recipient = /to (\S+)$/.exec((await recruiter.locator("label", { has: sendRadio }).textContent())!.trim())![1]!;
  expect(emails).toContain(recipient);
  const body = recruiter.getByRole("textbox", { name: "Message" });
  expect(await body.inputValue()).toMatch(/^Dear Asha Verma,/);
  await expectAccessible(recruiter);
  await recruiter.getByRole("textbox", { name: "Subject" }).fill("Interview at Kraf: choose a time");
  await body.fill(`${await body.inputValue()}\n\nP.S. Thursday morning suits us.`);
  await recruiter.getByRole("button", { name: "Move to Interview" }).focus();
  await recruiter.keyboard.press("Enter");
  await recruiter.waitForURL(/\/board\?moved=1&stage=interview&emailed=1/);
  await expect.poll(() => recruiter.getByRole("status").textContent()).toBe("The application was moved to Interview, and its email was sent.");
  // A scripted navigation: the board is drawn just after the address changes.
  await expect.poll(() => column(recruiter, "interview").getByTestId("board-card").count()).toBe(1);

  const interviewMail = await firstMailTo(smtp, recipient, (subject) => subject === "Interview at Kraf: choose a time");
  expect(interviewMail.text).toContain("P.S. Thursday morning suits us.");
  const candidate = await newPage();
  await gotoHydrated(candidate, statusLinks.get(recipient)!);
  expect(await candidate.getByTestId("status-stage").textContent()).toBe("Interviewing");

  // By pointer: a card dragged from Screening to Offer opens the same move page; this one goes without an email.
  await waitForStaffHydration(recruiter);
  await column(recruiter, "screening").getByTestId("board-card").first().dragTo(column(recruiter, "offer"));
  await recruiter.getByRole("heading", { name: "Move Asha Verma to Offer" }).waitFor();
  await recruiter.getByRole("radio", { name: "Move without an email" }).check();
  await recruiter.getByRole("button", { name: "Move to Offer" }).click();
  await recruiter.waitForURL(/\/board\?moved=1&stage=offer$/);
  await expect.poll(() => column(recruiter, "offer").getByTestId("board-card").count()).toBe(1);
  await expect.poll(() => column(recruiter, "screening").getByTestId("board-card").count()).toBe(1);
  // Three confirmations and the one Interview email: nothing else reached the candidates.
  expect(smtp.received.filter((mail) => emails.some((email) => mail.to.includes(email)))).toHaveLength(4);
});
