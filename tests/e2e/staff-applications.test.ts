import fs from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, expect, test } from "vitest";
import { downloadedBytes, gotoHydrated, setupBrowser } from "#tests/support/browser.ts";
import { expectAccessible, notice } from "#tests/support/publishing.ts";
import { openPgliteOf, sampleFiles, stopKeepingData } from "#tests/support/forms.ts";
import { parseMail, waitUntil } from "#tests/support/mail.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import type { StaffRole } from "#app/features/staff/roles.ts";
import { signInAs } from "#tests/support/staff.ts";
import { applyForJob } from "#tests/support/careers.ts";
import { jobApplications, outbox } from "#app/platform/db/schema.server.ts";

/*
 * Applications end to end: an applicant applies and follows the private link in
 * their confirmation; recruiters find, read and move the application on; the
 * applicant sees the new stage and nothing else; other roles and visitors
 * get nothing; erasing the application kills the link. On the embedded
 * database, the default; the queries behind these pages are tested on both
 * databases in app/features/staff/applications.test.ts.
 */
const { newPage: openPage } = setupBrowser();

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const NOTE = "Strong API design; ask about on-call in the interview (internal).";

async function confirmationFor(server: RunningServer, email: string) {
  const dir = path.join(server.dataDir, "mail");
  // Only finished messages: the transport writes a .tmp file and renames it when complete.
  const found = () =>
    (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .filter((name) => name.endsWith("job-application-confirmation.eml"))
      .map((name) => parseMail(fs.readFileSync(path.join(dir, name), "utf8")))
      .find((mail) => (mail.headers.get("to") ?? "").includes(email));
  await waitUntil(() => found() !== undefined, 15_000);
  return found()!;
}

test(
  "apply, follow the status link, recruiters move the application on, the applicant sees only the stage, erasure kills the link",
  { timeout: 240_000 },
  async () => {
    const settings = { FORM_RATE_LIMIT: "1000", DEMO_CONTENT: "true" };
    let server = await startServer(settings);
    const dataDir = server.dataDir;
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanups.push(() => server.stop({ keepData: true }));
    const pages: Page[] = [];
    const newPage = async (options: Parameters<typeof openPage>[0] = {}) => {
      const page = await openPage({ baseURL: server.baseURL, ...options });
      pages.push(page);
      return page;
    };
    /*
     * Signs in on a page without JavaScript (the sign-in form as a plain post),
     * then opens a new page with that session's cookies and the options the
     * step needs, so each step starts on a fresh page already signed in.
     */
    const staffPage = async (role: StaffRole, name: string, options: Parameters<typeof openPage>[0] = {}) => {
      const signing = await newPage({ javaScriptEnabled: false });
      await signInAs(signing, server, role, { name });
      return newPage({ storageState: await signing.context().storageState(), ...options });
    };

    // The applicant applies; their confirmation carries the private link.
    const email = "asha@example.com";
    // Reduced motion: axe must not catch the site banner's rotating messages mid-fade.
    const applicant = await newPage({ reducedMotion: "reduce" });
    const { reference, title } = await applyForJob(applicant, email);
    const mail = await confirmationFor(server, email);
    const statusPath = new RegExp(`${server.baseURL.replace(/[.]/g, "\\.")}/applications/status/([A-Za-z0-9_-]{43})`);
    const link = statusPath.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    const token = statusPath.exec(link!)![1]!;

    const response = await gotoHydrated(applicant, link!);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    // The route's policy replaces the site-wide one: one header, not two.
    expect(await response!.headerValues("referrer-policy")).toEqual(["no-referrer"]);
    expect(await applicant.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await applicant.getByTestId("status-reference").textContent()).toBe(reference);
    expect(await applicant.getByTestId("status-position").textContent()).toBe(title);
    expect(await applicant.getByTestId("status-stage").textContent()).toBe("Received");
    await expectAccessible(applicant);
    // Leaving the page tells the next one nothing of the private address.
    await applicant.getByRole("link", { name: "See our open roles" }).click();
    await applicant.waitForURL(/\/careers$/);
    expect(await applicant.evaluate(() => document.referrer)).toBe("");

    // A recruiter finds it by its reference, reads it and downloads the resume as it was sent.
    const recruiter = await staffPage("recruiter", "Rita Recruiter");
    await recruiter.goto("/staff/applications");
    await recruiter.getByLabel("Search by name, email, reference or position").fill(reference);
    await recruiter.getByRole("button", { name: "Show" }).click();
    await recruiter.waitForURL(/q=APP-/);
    await recruiter.getByText("1 application matches.", { exact: true }).waitFor();
    const rows = recruiter.locator("tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(title);
    expect(await rows.first().textContent()).toContain("Unread");
    expect(await recruiter.getByRole("link", { name: "Export these as CSV" }).getAttribute("href")).toBe(`/staff/applications/export.csv?q=${reference}`);
    await expectAccessible(recruiter);

    const csv = await recruiter.request.get(`/staff/applications/export.csv?q=${reference}`);
    expect(csv.status()).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain(`"${reference}"`);
    expect(csvText).toContain(`"${email}"`);
    expect(csvText.trim().split("\n")).toHaveLength(2);

    // Addresses the page never makes are refused with a sentence.
    const checker = await staffPage("recruiter", "Carl Checker", { allowConsoleErrors: /status of (400|404)/ });
    for (const [target, status, sentence] of [
      ["/staff/applications?job=abc", 400, "The job in this address must be chosen from the list of jobs."],
      ["/staff/applications?status=lost", 400, 'There is no status called "lost".'],
      ["/staff/applications/987654321", 404, "There is nothing at this address"],
      ["/staff/applications/abc", 404, "There is nothing at this address"],
    ] as const) {
      expect((await checker.goto(target))?.status(), target).toBe(status);
      expect(await checker.locator("main").textContent(), target).toContain(sentence);
    }
    // A post to an application that does not exist is not found either, as for a consultation.
    const missingPost = await checker.request.post("/staff/applications/987654321", { form: { intent: "note", note: NOTE } });
    expect(missingPost.status()).toBe(404);

    await recruiter.getByRole("link", { name: "Asha Verma" }).click();
    await recruiter.waitForURL(/\/staff\/applications\/\d+$/);
    await recruiter.getByRole("heading", { level: 1, name: "Asha Verma" }).waitFor();
    expect(await recruiter.locator("main").textContent()).toContain(`(job: ${title})`);
    const portfolio = recruiter.getByRole("link", { name: /linkedin\.com\/in\/asha/ });
    expect(await portfolio.getAttribute("rel")).toBe("noopener noreferrer");
    const resumeLink = recruiter.getByRole("link", { name: "Download Asha Verma CV.pdf" });
    const resumeHref = (await resumeLink.getAttribute("href"))!;
    const [download] = await Promise.all([recruiter.waitForEvent("download"), resumeLink.click()]);
    expect(download.suggestedFilename()).toBe("Asha Verma CV.pdf");
    expect((await downloadedBytes(download)).equals(sampleFiles.pdf)).toBe(true);
    // A PDF is also shown in the page, by the browser's own viewer, without downloading it.
    const preview = recruiter.locator('iframe[title="Preview of Asha Verma CV.pdf"]');
    await preview.scrollIntoViewIfNeeded();
    expect(await preview.getAttribute("src")).toBe(`${resumeHref}?inline`);
    expect(await preview.getAttribute("sandbox")).toBeNull();
    await expect.poll(() => recruiter.frames().some((frame) => frame.url().startsWith("chrome-extension://"))).toBe(true);
    const inline = await recruiter.request.get(`${resumeHref}?inline`);
    expect(inline.status()).toBe(200);
    expect((await inline.body()).equals(sampleFiles.pdf)).toBe(true);
    const inlineHeaders = await inline.headersArray();
    const headerValues = (name: string) => inlineHeaders.filter((header) => header.name.toLowerCase() === name).map((header) => header.value);
    // One policy, the preview's: sandboxed with no script, framed by the site's own pages only.
    expect(headerValues("content-security-policy")).toEqual(["sandbox; default-src 'none'; frame-ancestors 'self'"]);
    expect(headerValues("x-frame-options")).toEqual(["SAMEORIGIN"]);
    expect(headerValues("x-content-type-options")).toEqual(["nosniff"]);
    expect(headerValues("cache-control")).toEqual(["private, no-store"]);
    expect(headerValues("content-disposition")[0]).toMatch(/^inline; filename="Asha Verma CV.pdf"/);
    expect(await recruiter.getByText("Confirmation to the applicant").count()).toBe(1);
    expect(await recruiter.getByText("Notice to the hiring team").count()).toBe(1);

    // A second tab on the same application, opened before the change below, whose own change is then stale.
    const otherTab = await recruiter.context().newPage();
    await gotoHydrated(otherTab, recruiter.url());

    await recruiter.getByRole("combobox", { name: "Move to stage" }).selectOption("interview");
    await recruiter.getByRole("button", { name: "Continue" }).click();
    await recruiter.getByRole("radio", { name: "Move without an email" }).check();
    await recruiter.getByRole("button", { name: "Move to Interview" }).click();
    await recruiter.waitForURL(/done=status/);
    await notice(recruiter, "The status was changed.");
    await expectAccessible(recruiter);

    // The stale page's move says what the stage is now before anything is confirmed.
    await otherTab.getByRole("combobox", { name: "Move to stage" }).selectOption("rejected");
    await otherTab.getByRole("button", { name: "Continue" }).click();
    const conflict = otherTab.getByRole("alert");
    await conflict.waitFor();
    expect(await conflict.textContent()).toBe("Someone changed the stage to “Interview” while you were looking. Check the move below before you confirm it.");
    expect(await otherTab.locator("main").textContent()).toContain("now at “Interview”");
    await otherTab.close();

    // A second recruiter, without JavaScript, sees the change and adds a note.
    const colleague = await staffPage("recruiter", "Colin Colleague", { javaScriptEnabled: false });
    await colleague.goto("/staff/applications?status=interview");
    await colleague.getByRole("link", { name: "Asha Verma" }).click();
    expect(await colleague.locator("main").textContent()).toContain("Rita Recruiter");
    expect(await colleague.getByText("Changed the status from “New” to “Interview”.").count()).toBe(1);
    await colleague.getByLabel("Internal note").fill(NOTE);
    await colleague.getByRole("button", { name: "Add note" }).click();
    await colleague.waitForURL(/done=note/);
    expect(await colleague.getByText(NOTE).count()).toBe(1);

    // The applicant sees the new stage and nothing of what staff wrote.
    await gotoHydrated(applicant, link!);
    expect(await applicant.getByTestId("status-stage").textContent()).toBe("Interviewing");
    const visible = (await applicant.locator("body").textContent())!;
    for (const secret of [NOTE, "Rita Recruiter", "Colin Colleague"]) expect(visible).not.toContain(secret);

    // Sales may not open applications or their resumes; a visitor gets 401 and no bytes.
    const sales = await staffPage("sales", "Sam Sales", { allowConsoleErrors: /status of 403/ });
    const refused = await sales.goto("/staff/applications");
    expect(refused?.status()).toBe(403);
    expect(await sales.getByRole("heading", { name: "No access" }).isVisible()).toBe(true);
    for (const href of [resumeHref, `${resumeHref}?inline`]) {
      const salesResume = await sales.request.get(href);
      expect(salesResume.status(), href).toBe(403);
      expect((await salesResume.body()).includes(sampleFiles.pdf), href).toBe(false);
    }
    const anonymous = await fetch(`${server.baseURL}${resumeHref}`);
    expect(anonymous.status).toBe(401);
    expect(Buffer.from(await anonymous.arrayBuffer()).includes(Buffer.from("%PDF"))).toBe(false);

    // Erasing the application (standing in for the erasure command) makes the link say it is not valid.
    // Before that: the sent confirmation's row keeps no copy of the link (only the applicant's mailbox has it).
    // Pages left open would go on asking the stopped server for route manifests.
    for (const page of pages.splice(0)) await page.context().close();
    await stopKeepingData(server);
    const opened = await openPgliteOf(dataDir);
    const stored = await opened.db
      .select({ link: sql<string>`${outbox.params}->>'status_url'` })
      .from(outbox)
      .where(and(eq(outbox.template, "job-application-confirmation"), eq(outbox.toAddress, email)));
    expect(stored).toEqual([{ link: "" }]);
    await opened.db.delete(jobApplications).where(eq(jobApplications.reference, reference));
    await opened.close();
    server = await startServer({ ...settings, DATA_DIR: dataDir });
    const gone = await newPage({ allowConsoleErrors: /status of 404/, reducedMotion: "reduce" });
    for (const target of [`/applications/status/${token}`, `/applications/status/${"A".repeat(43)}`, "/applications/status/short"]) {
      const answer = await gotoHydrated(gone, target);
      expect(answer?.status(), target).toBe(404);
      expect(answer?.headers()["cache-control"], target).toBe("private, no-store");
      expect(await gone.getByRole("heading", { level: 1 }).textContent(), target).toBe("Link not valid");
    }
    await expectAccessible(gone);
  },
);
