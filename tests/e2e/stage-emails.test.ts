import { afterAll, beforeAll, expect, test } from "vitest";
import { gotoHydrated, setupBrowser } from "#tests/support/browser.ts";
import { expectAccessible } from "#tests/support/publishing.ts";
import { applyForJob } from "#tests/support/careers.ts";
import { firstMailTo, startSmtpServer, type TestSmtpServer } from "#tests/support/mail.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";
import type { StaffRole } from "#app/features/staff/roles.ts";

/*
 * Stage emails end to end, on one server with a real SMTP server: a candidate
 * applies; a recruiter moves them to Interview, edits the email and sends it
 * (by keyboard); the candidate's mail holds it in the thread of their
 * confirmation and their status page says they are interviewing; a rejection
 * is scheduled and cancelled; without JavaScript the move with its email works
 * too, and an admin's template with an unknown placeholder is refused.
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

/** A fresh page signed in with `role`, with or without JavaScript. */
async function staffPage(role: StaffRole, name: string, options: Parameters<typeof openPage>[0] = {}) {
  const signing = await newPage({ javaScriptEnabled: false });
  await signInAs(signing, server, role, name);
  return newPage({ storageState: await signing.context().storageState(), ...options });
}

test(
  "a recruiter sends an edited Interview email in the confirmation's thread, schedules and cancels a rejection, and moves without JavaScript",
  { timeout: 240_000 },
  async () => {
    const email = "asha.stage@example.com";
    const applicant = await newPage();
    await applyForJob(applicant, email);
    const confirmation = await firstMailTo(smtp, email, (subject) => subject.startsWith("We received"));
    const statusLink = /http:\/\/\S+\/applications\/status\/[A-Za-z0-9_-]{43}/.exec(confirmation.text)![0];
    const threadId = confirmation.headers.get("message-id")!;
    expect(threadId).toMatch(/^<application-\d+-confirmation@127\.0\.0\.1>$/);

    // The recruiter moves it to Interview with the keyboard, and edits the email the stage offers.
    const recruiter = await staffPage("recruiter", "Rita Recruiter");
    await gotoHydrated(recruiter, "/staff/applications");
    await recruiter.getByRole("link", { name: "Asha Verma" }).first().click();
    await recruiter.waitForURL(/\/staff\/applications\/\d+$/);
    const applicationUrl = recruiter.url();
    await recruiter.getByRole("combobox", { name: "Move to stage" }).selectOption("interview");
    await recruiter.getByRole("button", { name: "Continue" }).focus();
    await recruiter.keyboard.press("Enter");
    await recruiter.getByRole("heading", { name: "Move Asha Verma to Interview" }).waitFor();
    expect(await recruiter.getByRole("radio", { name: `Send this email to ${email}` }).isChecked()).toBe(true);
    const body = recruiter.getByRole("textbox", { name: "Message" });
    expect(await body.inputValue()).toMatch(/^Dear Asha Verma,\n\nWe enjoyed reading your application for /);
    await expectAccessible(recruiter);
    await recruiter.getByRole("textbox", { name: "Subject" }).fill("Interview with Kraf: pick a time");
    await body.fill(`${await body.inputValue()}\n\nP.S. Tuesday or Wednesday afternoon both work for us.`);
    await recruiter.getByRole("button", { name: "Move to Interview" }).focus();
    await recruiter.keyboard.press("Enter");
    await recruiter.waitForURL(/done=stage-email-(sent|queued)/);

    const interviewMail = await firstMailTo(smtp, email, (subject) => subject === "Interview with Kraf: pick a time");
    expect(interviewMail.text).toContain("P.S. Tuesday or Wednesday afternoon both work for us.");
    expect(interviewMail.headers.get("in-reply-to")).toBe(threadId);
    expect(interviewMail.headers.get("references")).toBe(threadId);

    // The history shows the email and where it stands.
    await gotoHydrated(recruiter, applicationUrl);
    await recruiter.getByText("Interview with Kraf: pick a time").first().waitFor();
    await expect
      .poll(async () => (await recruiter.getByRole("region", { name: "Emails" }).textContent()) ?? "", { timeout: 10_000 })
      .toMatch(/Stage email to the applicant to \S+: Sent/);
    await expectAccessible(recruiter);

    // The candidate reads where they stand in their own words.
    await gotoHydrated(applicant, statusLink);
    expect(await applicant.getByTestId("status-stage").textContent()).toBe("Interviewing");

    // A rejection scheduled for two business days later, then cancelled: the candidate sees no change and gets nothing.
    await recruiter.getByRole("combobox", { name: "Move to stage" }).selectOption("rejected");
    await recruiter.getByRole("button", { name: "Continue" }).click();
    await recruiter.getByRole("radio", { name: /In 2 business days/ }).check();
    await recruiter.getByRole("button", { name: "Move to Rejected" }).click();
    await recruiter.waitForURL(/done=rejection-scheduled/);
    await recruiter.getByTestId("pending-rejection").waitFor();
    expect(await recruiter.getByTestId("pending-rejection").textContent()).toContain("Rejection scheduled for");
    await expectAccessible(recruiter);
    await gotoHydrated(applicant, statusLink);
    expect(await applicant.getByTestId("status-stage").textContent()).toBe("Interviewing");
    await recruiter.getByRole("button", { name: "Cancel the rejection" }).click();
    await recruiter.waitForURL(/done=cancel-rejection/);
    await recruiter.getByRole("status").filter({ hasText: "The scheduled rejection was cancelled" }).waitFor();
    expect(await recruiter.getByTestId("pending-rejection").count()).toBe(0);

    // Without JavaScript: the move to Offer with its email, as a plain form.
    const plain = await staffPage("recruiter", "Colin Colleague", { javaScriptEnabled: false });
    await plain.goto(applicationUrl);
    await plain.getByRole("combobox", { name: "Move to stage" }).selectOption("offer");
    await plain.getByRole("button", { name: "Continue" }).click();
    await plain.getByRole("textbox", { name: "Subject" }).fill("Your offer from Kraf");
    await plain.getByRole("button", { name: "Move to Offer" }).click();
    await plain.waitForURL(/done=stage-email-(sent|queued)/);
    const offerMail = await firstMailTo(smtp, email, (subject) => subject === "Your offer from Kraf");
    expect(offerMail.headers.get("in-reply-to")).toBe(threadId);
    await gotoHydrated(applicant, statusLink);
    expect(await applicant.getByTestId("status-stage").textContent()).toBe("Offer made");
    // The scheduled rejection was cancelled: no rejection ever reached the candidate.
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(3);

    // An admin's template with an unknown placeholder is refused with a sentence naming it (a plain form post).
    const admin = await staffPage("admin", "Ada Admin");
    await gotoHydrated(admin, "/staff/stage-emails");
    await expectAccessible(admin);
    const plainAdmin = await newPage({ javaScriptEnabled: false, storageState: await admin.context().storageState(), allowConsoleErrors: /status of 400/ });
    await plainAdmin.goto("/staff/stage-emails");
    const interview = plainAdmin.getByRole("region", { name: "Interview" });
    await interview.getByRole("textbox", { name: "Interview email: message" }).fill("Dear {{name}}, your interview is on {{date}}.");
    await interview.getByRole("button", { name: "Save the Interview email" }).click();
    const refusal = "The message holds the placeholder {{date}}, which is none of {{name}}, {{job}} or {{reference}}; correct it or remove it.";
    // Said at the top of the page and beside the field, with the refused words kept in the box to correct.
    expect(await plainAdmin.getByRole("alert").allTextContents()).toContain(refusal);
    expect(await interview.getByText(refusal).count()).toBe(1);
    expect(await interview.getByRole("textbox", { name: "Interview email: message" }).inputValue()).toBe("Dear {{name}}, your interview is on {{date}}.");
  },
);
