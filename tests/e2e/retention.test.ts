import { existsSync } from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, downloadedBytes, gotoHydrated, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { expectAccessible } from "#tests/support/publishing.ts";
import { applyForJob } from "#tests/support/careers.ts";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { parseMail, startSmtpServer, waitUntil, type TestSmtpServer } from "#tests/support/mail.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Retention end to end, on PostgreSQL (whose rows the test reads) with a real
 * SMTP server: a candidate applies ticking "Keep me in mind for future roles";
 * a recruiter downloads their data; an admin shortens the application period
 * to 0 months, the privacy policy says so, the job closes, and "Apply
 * retention now" emails the candidate first; from the email's link, on a
 * phone and without JavaScript, they keep their application for another
 * period; then they are erased on request without JavaScript, and the audit
 * log holds it all without their personal data. An application anonymised by
 * the period (its resume gone from S3) is a step of the candidate journey
 * (candidate-journey.test.ts).
 */
const { newPage } = setupBrowser();

let smtp: TestSmtpServer;
let database: FreshPostgres;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await freshPostgres();
  server = await startServer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, FORM_RATE_LIMIT: "1000", DEMO_CONTENT: "true", DATABASE_URL: database.url });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
  await smtp?.stop();
});

type ApplicationRow = {
  id: string;
  full_name: string;
  email: string;
  resume_key: string;
  job_id: string;
  status: string;
  future_roles_consent_at: Date | null;
  anonymised_at: Date | null;
  renewal_notice_at: Date | null;
  consent_renewed_at: Date | null;
};

async function applicationOf(reference: string): Promise<ApplicationRow> {
  const { rows } = await database.pool.query<ApplicationRow>("select * from job_applications where reference = $1", [reference]);
  return rows[0]!;
}

/** Where the local storage driver keeps a stored file. */
const storedFile = (key: string) => path.join(server.dataDir, "files", key);

test(
  "a candidate kept in mind is emailed before a short period ends and keeps their application from the link, then is erased on request",
  { timeout: 240_000 },
  async () => {
    const first = await applyForJob(await newPage({ baseURL: server.baseURL }), "meera.retention@example.com", undefined, { futureRoles: true });
    const before = await applicationOf(first.reference);
    expect(before.future_roles_consent_at).not.toBeNull();
    expect(existsSync(storedFile(before.resume_key))).toBe(true);

    // A recruiter downloads the first candidate's data from their application.
    const recruiter = await newPage({ baseURL: server.baseURL });
    await signInAs(recruiter, server, "recruiter", { name: "Rita Recruiter" });
    await gotoHydrated(recruiter, `/staff/applications/${before.id}`);
    await recruiter.getByRole("link", { name: "Export or erase this candidate's data" }).click();
    await recruiter.getByRole("heading", { name: "A candidate's data", level: 1 }).waitFor();
    await expectAccessible(recruiter);
    const [download] = await Promise.all([recruiter.waitForEvent("download"), recruiter.getByRole("link", { name: "Download their data (zip)" }).click()]);
    expect(download.suggestedFilename()).toBe(`candidate-${first.reference}.zip`);
    const files = unzipSync(new Uint8Array(await downloadedBytes(download)));
    expect(Object.keys(files).sort()).toEqual(["candidate.json", `files/${first.reference}-Asha_Verma_CV.pdf`]);
    expect(JSON.parse(strFromU8(files["candidate.json"]!))).toMatchObject({
      email: "meera.retention@example.com",
      applications: [{ reference: first.reference }],
    });

    // An admin shortens the application period; the privacy policy states it at once.
    const admin = await newPage({ baseURL: server.baseURL });
    await signInAs(admin, server, "admin", { name: "Ada Admin" });
    await gotoHydrated(admin, "/staff/retention");
    await expectAccessible(admin);
    await admin.getByLabel("Applications, months after the job closes").fill("0");
    await admin.getByRole("button", { name: "Save periods" }).click();
    await admin.getByText("Saved: applications are kept 0 months after their job closes, lost and spam requests 6 months.").waitFor();
    const policy = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
    await policy.goto("/privacy-policy");
    await expect
      .poll(async () => (await policy.reload(), await policy.locator("main").textContent()))
      .toContain("Job applications, including resumes: 0 months after the job closes");
    expect(await policy.locator("main").textContent()).toContain(
      "Consultation requests we closed without going further, or as spam: 6 months after we closed them.",
    );

    // The job closes; retention is applied at once instead of at the next hourly run.
    await database.pool.query("update job set status = 'closed', changed_at = now() where id = $1", [before.job_id]);
    await admin.getByRole("button", { name: "Apply retention now" }).click();
    await admin.getByText("Retention applied: 0 applications and 0 consultation requests anonymised, 1 candidate asked to renew their consent.").waitFor();
    const noticed = await applicationOf(first.reference);
    expect(noticed).toMatchObject({ full_name: "Asha Verma", anonymised_at: null });
    expect(noticed.renewal_notice_at).not.toBeNull();

    // The candidate kept in mind hears first, with a link to keep the application and the way to job alerts.
    await waitUntil(
      () => smtp.received.some((mail) => mail.to.includes("meera.retention@example.com") && /keep you in mind/.test(parseMail(mail.raw).text)),
      15_000,
    );
    const renewal = parseMail(
      smtp.received.find((mail) => mail.to.includes("meera.retention@example.com") && /keep you in mind/.test(parseMail(mail.raw).text))!.raw,
    );
    expect(renewal.headers.get("subject")).toMatch(/^Shall we keep you in mind for future roles\?/);
    expect(renewal.text).toContain(`${server.baseURL}/careers/alerts`);
    const keepLink = /http:\/\/\S+\/applications\/keep\/\S+/.exec(renewal.text)![0];

    // Opening the link on a phone shows what is kept and changes nothing; a forged link says so.
    const phone = await newPage({ baseURL: server.baseURL, viewport: PHONE });
    await gotoHydrated(phone, keepLink);
    await phone.getByRole("heading", { level: 1, name: "Keep your application?" }).waitFor();
    expect(await phone.getByTestId("renewal-kept-data").textContent()).toContain("Asha Verma CV.pdf");
    expect(await axeViolations(phone)).toEqual([]);
    expect((await applicationOf(first.reference)).consent_renewed_at).toBeNull();
    const forged = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 404/ });
    expect((await forged.goto(`${keepLink.slice(0, -2)}xx`))!.status()).toBe(404);
    await forged.getByText("This link is not valid. Please check that you copied the whole link from our email.").waitFor();

    // Without JavaScript, "Keep my application" posts the form; the answer says until when.
    const plainPhone = await newPage({ baseURL: server.baseURL, viewport: PHONE, javaScriptEnabled: false });
    await plainPhone.goto(keepLink);
    await plainPhone.getByRole("button", { name: "Keep my application" }).click();
    await plainPhone.getByRole("heading", { level: 1, name: "Your application is kept" }).waitFor();
    expect(await plainPhone.getByTestId("renewal-outcome").textContent()).toMatch(
      new RegExp(`^Thank you\\. We will keep your application ${first.reference} and keep you in mind for future roles until \\d{1,2} \\w+ \\d{4}\\.`),
    );
    const renewed = await applicationOf(first.reference);
    expect(renewed.consent_renewed_at).not.toBeNull();
    expect(renewed.renewal_notice_at).toBeNull();
    // Kept: the next pass does not anonymise it (with a 0-month period its new period ends at once, so it is asked again first).
    await admin.getByRole("button", { name: "Apply retention now" }).click();
    await admin.getByText("Retention applied: 0 applications and 0 consultation requests anonymised, 1 candidate asked to renew their consent.").waitFor();
    expect((await applicationOf(first.reference)).anonymised_at).toBeNull();

    // The candidate asks to be erased, without JavaScript: a post without the ticked box is refused.
    const plain = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
    await plain.context().addCookies(await recruiter.context().cookies());
    const refused = await plain.context().request.post(`${server.baseURL}/staff/applications/${before.id}/candidate`, {
      form: { confirm: "" },
      headers: { origin: server.baseURL },
    });
    expect(refused.status()).toBe(400);
    expect((await applicationOf(first.reference)).anonymised_at).toBeNull();
    await plain.goto(`/staff/applications/${before.id}/candidate`);
    await plain.getByRole("checkbox", { name: "The candidate asked to be erased" }).check();
    await plain.getByRole("button", { name: "Erase this candidate" }).click();
    await plain.getByText("The candidate was erased: their personal data and resumes are gone; the stage, dates, job and source remain.").waitFor();
    expect(await applicationOf(first.reference)).toMatchObject({ full_name: "Anonymised", email: "", resume_key: "" });
    expect(existsSync(storedFile(before.resume_key))).toBe(false);
    const { rows: audit } = await database.pool.query<{ action: string; detail: unknown; actor_email: string | null; ip_address: string | null }>(
      "select action, detail, actor_email, ip_address from audit_log where action like 'candidate-%' or action = 'application-kept' order by id",
    );
    expect(audit.map(({ action, detail }) => ({ action, detail }))).toEqual([
      { action: "candidate-exported", detail: { applications: 1, missingFiles: 0 } },
      { action: "application-kept", detail: null },
      { action: "candidate-erased", detail: { applications: 1 } },
    ]);
    expect(audit[1]).toMatchObject({ actor_email: "candidate's emailed link", ip_address: null });
    expect(JSON.stringify(audit)).not.toMatch(/meera|Asha/i);

    // The recruiter sees what is left: the stage and dates, no resume, and nothing to export; the link says it is gone.
    await gotoHydrated(recruiter, `/staff/applications/${before.id}`);
    await recruiter.getByText(/^Anonymised .*: the candidate's details, answers and resume were removed/).waitFor();
    expect(await recruiter.getByRole("link", { name: /^Download / }).count()).toBe(0);
    expect(await recruiter.getByRole("link", { name: "Export or erase this candidate's data" }).count()).toBe(0);
    await expectAccessible(recruiter);
    const goneLink = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 410/ });
    expect((await goneLink.goto(keepLink))!.status()).toBe(410);
    await goneLink.getByText("This application has already been deleted: we no longer hold its personal data, so there is nothing left to keep.").waitFor();
  },
);
