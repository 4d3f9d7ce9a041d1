import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, gotoHydrated, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { parseMail, startSmtpServer, waitUntil, type TestSmtpServer } from "#tests/support/mail.ts";
import { notice } from "#tests/support/publishing.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Job alerts end to end on one server whose mail goes to a real SMTP sink:
 * visitors subscribe from /careers (with and without JavaScript) and confirm
 * by the link in their mail; a recruiter finds a subscriber in the staff list
 * and erases them. The alert a published job sends, with its one-click
 * unsubscribe, is a step of the candidate journey (candidate-journey.test.ts).
 */

const { newPage } = setupBrowser();
let smtp: TestSmtpServer;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, FORM_RATE_LIMIT: "1000" });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => parseMail(mail.raw));

async function mailTo(address: string, subject: RegExp) {
  await waitUntil(() => mailsTo(address).some((mail) => subject.test(mail.headers.get("subject") ?? "")), 40_000).catch((error: Error) => {
    throw new Error(
      `${error.message}; mail to ${address}: ${mailsTo(address)
        .map((mail) => mail.headers.get("subject"))
        .join(" | ")}\n${server.output().slice(-3000)}`,
    );
  });
  return mailsTo(address).find((mail) => subject.test(mail.headers.get("subject") ?? ""))!;
}

async function publishJob(recruiter: Page, title: string, department: string) {
  await recruiter.goto("/staff/jobs/new");
  await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });
  await recruiter.getByLabel("Job title").fill(title);
  await recruiter.getByLabel("Department").fill(department);
  await recruiter.getByLabel("Job type").selectOption("full-time");
  await recruiter.getByLabel("Location").fill("Pune, India");
  await recruiter.getByLabel("Workplace").selectOption("remote");
  await recruiter.getByRole("button", { name: "Edit HTML" }).click();
  await recruiter.getByLabel(/^Description/).fill("<p>Join us.</p>");
  await recruiter.getByRole("button", { name: "Save draft" }).click();
  await recruiter.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
  await recruiter.getByRole("button", { name: "Publish" }).click();
  await notice(recruiter, "is published");
}

async function confirmFromMail(page: Page, address: string) {
  const mail = await mailTo(address, /Confirm your job alert/);
  const link = /https?:\/\/\S+\/careers\/alerts\/confirm\?s=\S+/.exec(mail.text)![0];
  await page.goto(link);
  await page.getByRole("heading", { level: 1, name: "Your job alert is confirmed" }).waitFor();
}

test(
  "visitors subscribe from /careers with and without JavaScript and confirm by mail, and a recruiter erases a subscriber on request",
  { timeout: 120_000 },
  async () => {
    const recruiter = await newPage({ baseURL: server.baseURL });
    recruiter.setDefaultTimeout(30_000);
    await signInAs(recruiter, server, "recruiter", { name: "Rhea Recruiter" });
    await publishJob(recruiter, "Backend Engineer", "Engineering");

    // On a phone, with JavaScript: beside the filters, the current department already ticked.
    const phone = await newPage({ baseURL: server.baseURL, viewport: PHONE });
    phone.setDefaultTimeout(30_000);
    await gotoHydrated(phone, "/careers?department=engineering");
    await phone.getByText("Email me when a new job like these opens").click();
    const form = phone.getByRole("form", { name: "Job alert" });
    expect(await form.getByLabel("Engineering").isChecked()).toBe(true);
    // Its code is fetched as the visitor reaches for it: the checks take over the form.
    await form.getByLabel("Email address").fill("eng.seeker@example.com");
    await phone.locator('[data-island="jobAlert"] form[novalidate]').waitFor({ state: "attached" });
    await form.getByLabel(/I agree to the/).check();
    await form.getByRole("button", { name: "Email me new jobs" }).click();
    await form.getByRole("status").getByText("Your job alert is almost set up.").waitFor();
    expect(phone.url()).toContain("/careers");
    expect(await axeViolations(phone)).toEqual([]);
    await confirmFromMail(phone, "eng.seeker@example.com");

    // Without JavaScript, where no job matches: the empty state offers it, and a plain post lands on its own page.
    const plain = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
    plain.setDefaultTimeout(30_000);
    await plain.goto("/careers?department=design");
    await plain.getByRole("heading", { name: "Tell me when one opens" }).waitFor();
    const empty = plain.getByRole("form", { name: "Job alert" });
    await empty.getByLabel("Remote").check();
    await empty.getByLabel("Email address").fill("any.seeker@example.com");
    await empty.getByLabel(/I agree to the/).check();
    await Promise.all([plain.waitForURL(/\/careers\/alerts$/), empty.getByRole("button", { name: "Email me new jobs" }).press("Enter")]);
    await plain.getByRole("status").getByText("Your job alert is almost set up.").waitFor();
    await confirmFromMail(plain, "any.seeker@example.com");

    // Recruiters see who asked for alerts and what they follow, and erase one on request.
    await recruiter.goto("/staff/job-alerts");
    const table = recruiter.getByRole("table", { name: "Subscribers" });
    await table
      .getByRole("row", { name: /any\.seeker@example\.com/ })
      .getByText("Every department; Remote")
      .waitFor();
    expect(await axeViolations(recruiter)).toEqual([]);
    await table.getByRole("link", { name: "Erase any.seeker@example.com" }).click();
    await recruiter.getByRole("button", { name: "Erase this subscriber" }).click();
    await recruiter.getByText("The subscriber is erased.").waitFor();
    await table.getByRole("row", { name: /eng\.seeker@example\.com/ }).waitFor();
    expect(await table.getByRole("row", { name: /any\.seeker@example\.com/ }).count()).toBe(0);
  },
);
