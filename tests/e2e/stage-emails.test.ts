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
 * applies; without JavaScript a recruiter moves them to Offer with the stage's
 * email, which reaches them in the thread of their confirmation, shows in the
 * application's history, and their status page says so; an admin's template
 * with an unknown placeholder is refused. The edited Interview email and the
 * scheduled and cancelled rejection are steps of the candidate journey
 * (candidate-journey.test.ts).
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
  const page = await newPage(options);
  await signInAs(page, server, role, { name });
  return page;
}

test(
  "without JavaScript a recruiter moves a candidate to Offer with its email in the confirmation's thread, and an admin's unknown placeholder is refused",
  { timeout: 240_000 },
  async () => {
    const email = "asha.stage@example.com";
    const applicant = await newPage();
    await applyForJob(applicant, email);
    const confirmation = await firstMailTo(smtp, email, (subject) => subject.startsWith("We received"));
    const statusLink = /http:\/\/\S+\/applications\/status\/[A-Za-z0-9_-]{43}/.exec(confirmation.text)![0];
    const threadId = confirmation.headers.get("message-id")!;
    expect(threadId).toMatch(/^<application-\d+-confirmation@127\.0\.0\.1>$/);

    // Without JavaScript: the move to Offer with its email, as a plain form.
    const plain = await staffPage("recruiter", "Colin Colleague", { javaScriptEnabled: false });
    await plain.goto("/staff/applications");
    await plain.getByRole("link", { name: "Asha Verma" }).first().click();
    await plain.waitForURL(/\/staff\/applications\/\d+$/);
    const applicationUrl = plain.url();
    await plain.getByRole("combobox", { name: "Move to stage" }).selectOption("offer");
    await plain.getByRole("button", { name: "Continue" }).click();
    await plain.getByRole("textbox", { name: "Subject" }).fill("Your offer from Kraf");
    await plain.getByRole("button", { name: "Move to Offer" }).click();
    await plain.waitForURL(/done=stage-email-(sent|queued)/);
    const offerMail = await firstMailTo(smtp, email, (subject) => subject === "Your offer from Kraf");
    expect(offerMail.headers.get("in-reply-to")).toBe(threadId);
    expect(offerMail.headers.get("references")).toBe(threadId);
    await gotoHydrated(applicant, statusLink);
    expect(await applicant.getByTestId("status-stage").textContent()).toBe("Offer made");
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(2);

    // The history shows the email and where it stands.
    const admin = await staffPage("admin", "Ada Admin");
    await gotoHydrated(admin, applicationUrl);
    await admin.getByText("Your offer from Kraf").first().waitFor();
    await expect
      .poll(async () => (await admin.getByRole("region", { name: "Emails" }).textContent()) ?? "", { timeout: 10_000 })
      .toMatch(/Stage email to the applicant to \S+: Sent/);
    await expectAccessible(admin);

    // An admin's template with an unknown placeholder is refused with a sentence naming it (a plain form post).
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
