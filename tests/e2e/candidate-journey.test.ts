import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { gotoHydrated, setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { freshPostgres, sampleFiles, type FreshPostgres } from "#tests/support/forms.ts";
import { firstMailTo, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
import { expectAccessible, notice } from "#tests/support/publishing.ts";
import { startS3Server, type TestS3Server } from "#tests/support/s3-server.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";
import { encodePosition } from "#app/features/careers/position.ts";

/*
 * A candidate's whole way through the site, on one server with PostgreSQL (whose
 * rows the test reads), an S3 server for the resumes and a real SMTP server:
 * a recruiter publishes a job with a yes-or-no knockout question and a
 * portfolio link question; a confirmed job-alert subscriber is emailed; a
 * candidate answers "no" and applies, and is marked "does not meet
 * requirements"; the recruiter carries the card to Interview on the board by
 * keyboard and sends the stage's edited email, which the candidate receives
 * while their status page says "Interviewing"; a rejection is scheduled and
 * cancelled; and retention with a 0-month period deletes the resume from S3
 * and anonymises the row. The parts each feature checks alone (no
 * JavaScript, refusals, other ways to move) stay in its own file.
 */
const { newPage: openPage } = setupBrowser();

let smtp: TestSmtpServer;
let s3: TestS3Server;
let database: FreshPostgres;
let server: RunningServer;

beforeAll(async () => {
  [smtp, s3, database] = await Promise.all([startSmtpServer(), startS3Server(), freshPostgres()]);
  server = await startServer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, FORM_RATE_LIMIT: "1000", DATABASE_URL: database.url, ...s3.env });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  await s3?.stop();
  await smtp?.stop();
});

const newPage = (options: Parameters<typeof openPage>[0] = {}) => openPage({ baseURL: server.baseURL, reducedMotion: "reduce", ...options });

const RIGHT_TO_WORK = "Do you have the right to work in India?";
const PORTFOLIO = "Link to a piece of your work";
const CANDIDATE = "journey.candidate@example.com";
const SUBSCRIBER = "journey.subscriber@example.com";

const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);

type ApplicationRow = { id: string; full_name: string; email: string; resume_key: string; answers: unknown; anonymised_at: Date | null; status: string };

async function applicationOf(reference: string): Promise<ApplicationRow> {
  const { rows } = await database.pool.query<ApplicationRow>("select * from job_applications where reference = $1", [reference]);
  return rows[0]!;
}

test(
  "a candidate's way: questions, a job alert, a knockout answer, the board's Interview email, a cancelled rejection and retention",
  { timeout: 300_000 },
  async () => {
    // A subscriber who confirmed earlier (subscribing and confirming are job-alerts.test.ts's).
    await database.pool.query(
      "insert into job_alert_subscriptions (email, consent_at, consent_version, confirmed_at) values ($1, now(), 'careers-2026-01', now())",
      [SUBSCRIBER],
    );

    // 1. The recruiter adds a knockout yes-or-no question and a portfolio link question, and publishes the job.
    const title = `Site Reliability Engineer ${Date.now()}`;
    const recruiter = await newPage();
    await signInAs(recruiter, server, "recruiter", { name: "Rita Recruiter", at: "/staff/jobs/new" });
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });
    await recruiter.getByLabel("Job title").fill(title);
    await recruiter.getByLabel("Job type").selectOption("full-time");
    await recruiter.locator('[name="q1-label"]').fill(RIGHT_TO_WORK);
    await recruiter.locator('[name="q1-type"]').selectOption("yes-no");
    await recruiter.locator('[name="q1-required"]').check();
    await recruiter.locator('[name="q1-knockout"]').fill("No");
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const jobId = /\/staff\/jobs\/(\d+)/.exec(recruiter.url())![1]!;
    // A saved job offers an empty row for the next question.
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });
    await recruiter.locator('[name="q2-label"]').fill(PORTFOLIO);
    await recruiter.locator('[name="q2-type"]').selectOption("link");
    await recruiter.locator('[name="q2-required"]').check();
    await recruiter.getByRole("button", { name: "Save changes" }).click();
    // Saved once the row after it appears (the created job's page already says the draft is saved).
    await recruiter.locator('[name="q3-label"]').waitFor({ state: "attached" });
    expect(await recruiter.locator('[name="q2-label"]').inputValue()).toBe(PORTFOLIO);
    await recruiter.getByRole("button", { name: "Publish" }).click();
    await notice(recruiter, "is published");

    // 2. The confirmed subscriber is emailed the job, with a one-click unsubscribe that works.
    const alert = await firstMailTo(smtp, SUBSCRIBER, (subject) => subject.includes(title));
    expect(alert.text).toMatch(/https?:\/\/\S+\/careers\/\S+/);
    expect(alert.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = alert.headers.get("list-unsubscribe")!.replace(/^<|>$/g, "");
    const unsubscribed = await fetch(oneClick, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    expect((await database.pool.query("select 1 from job_alert_subscriptions where email = $1", [SUBSCRIBER])).rowCount).toBe(0);

    // 3. The candidate answers "no"; a link that is not one is refused beside its field; the application goes in.
    const candidate = await newPage();
    await gotoHydrated(candidate, `/careers/registration?pos=${encodeURIComponent(encodePosition(title))}`);
    const questions = candidate.getByTestId("job-questions");
    await questions.waitFor();
    await expectAccessible(candidate);
    const form = candidate.locator("main form");
    await form.getByLabel("Full Name").fill("Asha Verma");
    await form.getByLabel("Email Address").fill(CANDIDATE);
    await form.getByLabel("Phone Number").fill("+91 98100 00000");
    await form.locator('input[type="file"][name="resume"]').setInputFiles({ name: "CV.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf });
    await form.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
    await candidate.getByRole("group", { name: RIGHT_TO_WORK }).getByRole("radio", { name: "No" }).check();
    await candidate.getByLabel(PORTFOLIO).fill("javascript:alert(1)");
    await candidate.getByRole("button", { name: "Submit Application" }).click();
    await questions.getByText("Enter a full web address starting with https:// or http://").waitFor();
    expect(await candidate.getByLabel(PORTFOLIO).getAttribute("aria-invalid")).toBe("true");
    await candidate.getByLabel(PORTFOLIO).fill("https://asha.example.com/bridge");
    await candidate.getByRole("button", { name: "Submit Application" }).click();
    const confirmation = candidate.getByTestId("application-confirmation");
    await confirmation.waitFor({ timeout: 15_000 });
    // The candidate is told what every candidate is told.
    expect(await confirmation.textContent()).not.toMatch(/requirement/i);
    const reference = (await candidate.getByTestId("application-reference").textContent())!;
    const applied = await applicationOf(reference);
    expect(await s3.listKeys()).toContain(applied.resume_key);
    const confirmationMail = await firstMailTo(smtp, CANDIDATE, (subject) => subject.startsWith("We received"));
    const statusLink = /http:\/\/\S+\/applications\/status\/[A-Za-z0-9_-]{43}/.exec(confirmationMail.text)![0];

    // The recruiter sees it marked on the board, and carries it to Interview by keyboard with the stage's email, edited.
    await recruiter.goto(`/staff/jobs/${jobId}/board`);
    await waitForStaffHydration(recruiter);
    const card = column(recruiter, "new").getByTestId("board-card");
    expect(await card.count()).toBe(1);
    expect(await card.textContent()).toContain("Does not meet requirements");
    const moveButton = column(recruiter, "new")
      .getByRole("button", { name: /^Move / })
      .first();
    await moveButton.focus();
    await recruiter.keyboard.press("Enter");
    expect(await moveButton.getAttribute("aria-pressed")).toBe("true");
    await recruiter.keyboard.press("ArrowRight");
    await recruiter.keyboard.press("ArrowRight");
    await expect.poll(() => recruiter.locator("[aria-live=assertive]").textContent()).toMatch(/^Interview\. Enter to move there/);
    await recruiter.keyboard.press("Enter");
    await recruiter.getByRole("heading", { name: "Move Asha Verma to Interview" }).waitFor();
    expect(await recruiter.getByRole("radio", { name: `Send this email to ${CANDIDATE}` }).isChecked()).toBe(true);
    const body = recruiter.getByRole("textbox", { name: "Message" });
    expect(await body.inputValue()).toMatch(/^Dear Asha Verma,\n\nWe enjoyed reading your application for /);
    await expectAccessible(recruiter);
    await recruiter.getByRole("textbox", { name: "Subject" }).fill("Interview at Kraf: choose a time");
    await body.fill(`${await body.inputValue()}\n\nP.S. Thursday morning suits us.`);
    await recruiter.getByRole("button", { name: "Move to Interview" }).focus();
    await recruiter.keyboard.press("Enter");
    await recruiter.waitForURL(/\/board\?moved=1&stage=interview&emailed=1/);
    await expect.poll(() => recruiter.getByRole("status").textContent()).toBe("The application was moved to Interview, and its email was sent.");
    await expect.poll(() => column(recruiter, "interview").getByTestId("board-card").count()).toBe(1);

    // 5. The candidate's mail holds the edited email, and their status page says where they stand.
    const interviewMail = await firstMailTo(smtp, CANDIDATE, (subject) => subject === "Interview at Kraf: choose a time");
    expect(interviewMail.text).toContain("P.S. Thursday morning suits us.");
    await gotoHydrated(candidate, statusLink);
    expect(await candidate.getByTestId("status-stage").textContent()).toBe("Interviewing");

    // 6. A rejection scheduled two business days ahead, then cancelled: the candidate sees no change and gets nothing.
    await gotoHydrated(recruiter, `/staff/applications/${applied.id}`);
    await recruiter.getByRole("combobox", { name: "Move to stage" }).selectOption("rejected");
    await recruiter.getByRole("button", { name: "Continue" }).click();
    await recruiter.getByRole("radio", { name: /In 2 business days/ }).check();
    await recruiter.getByRole("button", { name: "Move to Rejected" }).click();
    await recruiter.waitForURL(/done=rejection-scheduled/);
    await recruiter.getByTestId("pending-rejection").waitFor();
    expect(await recruiter.getByTestId("pending-rejection").textContent()).toContain("Rejection scheduled for");
    await expectAccessible(recruiter);
    await gotoHydrated(candidate, statusLink);
    expect(await candidate.getByTestId("status-stage").textContent()).toBe("Interviewing");
    await recruiter.getByRole("button", { name: "Cancel the rejection" }).click();
    await recruiter.waitForURL(/done=cancel-rejection/);
    await notice(recruiter, "The scheduled rejection was cancelled");
    expect(await recruiter.getByTestId("pending-rejection").count()).toBe(0);
    expect(smtp.received.filter((mail) => mail.to.includes(CANDIDATE))).toHaveLength(2);

    // 7. Retention with a 0-month period once the job is closed: the resume leaves S3 and the row keeps no personal data.
    const admin = await newPage();
    await signInAs(admin, server, "admin", { name: "Ada Admin" });
    await gotoHydrated(admin, "/staff/retention");
    await admin.getByLabel("Applications, months after the job closes").fill("0");
    await admin.getByRole("button", { name: "Save periods" }).click();
    await admin.getByText("Saved: applications are kept 0 months after their job closes, lost and spam requests 6 months.").waitFor();
    await database.pool.query("update job set status = 'closed', changed_at = now() where id = $1", [jobId]);
    await admin.getByRole("button", { name: "Apply retention now" }).click();
    await admin.getByText("Retention applied: 1 application and 0 consultation requests anonymised, 0 candidates asked to renew their consent.").waitFor();
    expect(await s3.listKeys()).not.toContain(applied.resume_key);
    const anonymised = await applicationOf(reference);
    expect(anonymised).toMatchObject({ full_name: "Anonymised", email: "", resume_key: "", answers: [], status: "interview" });
    expect(anonymised.anonymised_at).not.toBeNull();
    // The status link went with the rest: it answers 404.
    const gone = await newPage({ javaScriptEnabled: false, allowConsoleErrors: /status of 404/ });
    expect((await gone.goto(statusLink))!.status()).toBe(404);
    await gone.getByRole("heading", { level: 1, name: "Link not valid" }).waitFor();
  },
);
