import { afterAll, beforeAll, expect, test } from "vitest";
import { setupBrowser } from "#tests/support/browser.ts";
import { applyForJob } from "#tests/support/careers.ts";
import { isPostgresReachable } from "#tests/support/databases.ts";
import type { FreshPostgres } from "#tests/support/forms.ts";
import type { RunningServer } from "#tests/support/server.ts";
import { expectAccessible, gotoContentForm, notice, startServerPair, timeUntil, VISIBLE_WITHIN_MS, type ServerPair } from "#tests/support/publishing.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Jobs: a recruiter writes a draft (invisible to visitors),
 * previews it, publishes it, and both of two server processes on one
 * PostgreSQL show it within 5 s, cached pages included; a visitor applies;
 * closing takes it off the listing and the sitemap and its page answers 410.
 */
const { newPage: openPage } = setupBrowser();
const reachable = await isPostgresReachable();

let pair: ServerPair;
let postgres: FreshPostgres;
let first: RunningServer;
let second: RunningServer;

beforeAll(async () => {
  if (!reachable) return;
  pair = await startServerPair();
  ({ postgres, first, second } = pair);
}, 90_000);

afterAll(async () => {
  await pair?.stop();
});

test.skipIf(!reachable)(
  "a recruiter drafts, previews and publishes a job; both processes show it within 5 s; a visitor applies; closing takes it off",
  { timeout: 240_000 },
  async () => {
    const title = `Site Reliability Engineer ${Date.now()}`;
    // The refused save answers 400; its words are on the page.
    const recruiter = await openPage({ baseURL: first.baseURL, allowConsoleErrors: /status of 400/ });
    await signInAs(recruiter, first, "recruiter", "Rita Recruiter");

    // The second process has the listing and the sitemap in its page cache before anything changes.
    for (const path of ["/careers", "/sitemap.xml"]) expect((await fetch(`${second.baseURL}${path}`)).status).toBe(200);

    await recruiter.goto("/staff/jobs");
    await recruiter.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Jobs" }).waitFor();
    await expectAccessible(recruiter);
    await recruiter.getByRole("link", { name: "New job" }).click();
    await recruiter.getByRole("heading", { name: "New job" }).waitFor();
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });
    await expectAccessible(recruiter);

    // A refused save keeps what was typed and says why.
    await recruiter.getByLabel("Department").fill("Platform");
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.getByText("Enter the job title.").waitFor();
    expect(await recruiter.getByLabel("Department").inputValue()).toBe("Platform");

    await recruiter.getByLabel("Job title").fill(title);
    await recruiter.getByLabel("Job type").selectOption("full-time");
    await recruiter.getByLabel("Location").fill("Pune, India");
    await recruiter.getByLabel("Workplace").selectOption("hybrid");
    await recruiter.getByLabel("Lowest salary").fill("1,800,000");
    await recruiter.getByLabel("Highest salary").fill("2600000");
    await recruiter.getByLabel("Currency").selectOption("INR");
    await recruiter.getByLabel("Salary period").selectOption("YEAR");
    // Raw HTML goes in through the editor's "Edit HTML" switch (the editor itself is tested in rich-text-editor.test.ts).
    await recruiter.getByRole("button", { name: "Edit HTML" }).click();
    await recruiter
      .getByLabel("Description")
      .fill('<h2>What you will do</h2><ul><li>Keep it <strong>up</strong></li></ul><p onclick="steal()">Join us.</p><script>alert(1)</script>');
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const id = Number(/\/staff\/jobs\/(\d+)/.exec(recruiter.url())![1]);
    await notice(recruiter, "The draft is saved.");
    // Sanitised on write: the form shows what will be rendered.
    await recruiter.getByRole("button", { name: "Edit HTML" }).click();
    expect(await recruiter.getByLabel("Description").inputValue()).toBe(
      "<h2>What you will do</h2><ul><li>Keep it <strong>up</strong></li></ul><p>Join us.</p>",
    );
    await expectAccessible(recruiter);

    // A draft is nobody's business outside the staff area.
    for (const server of [first, second]) {
      expect((await fetch(`${server.baseURL}/careers/${id}`)).status).toBe(404);
      expect(await (await fetch(`${server.baseURL}/careers`)).text()).not.toContain(title);
    }

    await recruiter.getByRole("link", { name: "Preview" }).click();
    await recruiter.getByText(/Preview \(Draft\)/).waitFor();
    expect(await recruiter.getByRole("heading", { level: 1, name: title }).isVisible()).toBe(true);
    expect(await recruiter.getByTestId("job-salary").textContent()).toBe("INR 1,800,000 – 2,600,000 per year");
    const posting = JSON.parse((await recruiter.getByTestId("job-posting-preview").textContent())!);
    expect(posting).toMatchObject({
      "@type": "JobPosting",
      title,
      employmentType: "FULL_TIME",
      baseSalary: { "@type": "MonetaryAmount", currency: "INR", value: { minValue: 1_800_000, maxValue: 2_600_000, unitText: "YEAR" } },
    });
    await expectAccessible(recruiter);

    // Leaving an edit with unsaved changes asks first.
    await recruiter.getByRole("link", { name: "Back to editing" }).click();
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });
    await recruiter.getByLabel("Job title").fill(`${title} (changed)`);
    const dialogs: string[] = [];
    recruiter.once("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await recruiter.getByRole("link", { name: "Back to all jobs" }).click();
    await expect.poll(() => dialogs).toEqual(["You have changes that are not saved. Leave this page and lose them?"]);
    expect(new URL(recruiter.url()).pathname).toBe(`/staff/jobs/${id}`);
    await recruiter.reload();
    // After a save the form is drawn anew, and a further edit is guarded as well.
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });
    await recruiter.getByLabel("Location").fill("Pune, Maharashtra, India");
    await recruiter.getByRole("button", { name: "Save changes" }).click();
    await notice(recruiter, "The draft is saved.");
    await recruiter.getByLabel("Location").fill("Pune");
    recruiter.once("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await recruiter.getByRole("link", { name: "Back to all jobs" }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    await recruiter.reload();

    await recruiter.getByRole("button", { name: "Publish" }).click();
    const published = Date.now();
    await notice(recruiter, "is published");
    const shownAfter: Record<string, number> = {};
    for (const [name, server] of [
      ["first", first],
      ["second", second],
    ] as const) {
      shownAfter[`${name} /careers`] = await timeUntil(server, "/careers", (status, body) => status === 200 && body.includes(title), published);
      shownAfter[`${name} sitemap`] = await timeUntil(server, "/sitemap.xml", (_, body) => body.includes(`/careers/${id}</loc>`), published);
      shownAfter[`${name} page`] = await timeUntil(server, `/careers/${id}`, (status) => status === 200, published);
    }
    console.log(`Publish to visible (ms): ${JSON.stringify(shownAfter)}`);
    for (const [where, ms] of Object.entries(shownAfter)) expect(ms, where).toBeLessThan(VISIBLE_WITHIN_MS);
    const page = await (await fetch(`${second.baseURL}/careers/${id}`)).text();
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!.replace(/\\u003c/g, "<"));
    expect(ld).toMatchObject({
      "@type": "JobPosting",
      title,
      datePosted: expect.any(String),
      baseSalary: { currency: "INR" },
      jobLocation: { address: { addressLocality: "Pune" } },
    });

    // A visitor applies through the second process.
    const visitor = await openPage({ baseURL: second.baseURL });
    const { title: appliedFor } = await applyForJob(visitor, "asha.jobs@example.com", `/careers/${id}`);
    expect(appliedFor).toBe(title);

    await recruiter.reload();
    await recruiter.getByText("1 application").first().waitFor();
    expect(await recruiter.getByText("Delete this job…").count()).toBe(0);
    await recruiter.getByRole("button", { name: "Close" }).click();
    const closed = Date.now();
    await notice(recruiter, "is closed");
    const goneAfter: Record<string, number> = {};
    for (const [name, server] of [
      ["first", first],
      ["second", second],
    ] as const) {
      goneAfter[`${name} /careers`] = await timeUntil(server, "/careers", (_, body) => !body.includes(title), closed);
      goneAfter[`${name} sitemap`] = await timeUntil(server, "/sitemap.xml", (_, body) => !body.includes(`/careers/${id}</loc>`), closed);
      goneAfter[`${name} page`] = await timeUntil(
        server,
        `/careers/${id}`,
        (status, body) => status === 410 && body.includes("This position is closed"),
        closed,
      );
    }
    console.log(`Close to gone (ms): ${JSON.stringify(goneAfter)}`);
    for (const [where, ms] of Object.entries(goneAfter)) expect(ms, where).toBeLessThan(VISIBLE_WITHIN_MS);
    expect(await (await fetch(`${second.baseURL}/careers/${id}`)).text()).not.toContain("application/ld+json");

    const audit = await postgres.pool.query("select action from audit_log where target_type = 'job' and target_id = $1 order by id", [String(id)]);
    expect(audit.rows.map((row) => row.action)).toEqual(["job-created", "job-edited", "job-published", "job-closed"]);
  },
);

test.skipIf(!reachable)(
  "without JavaScript a recruiter saves a draft; a second editor's stale save is refused with the first one's work kept; sales get 403",
  { timeout: 120_000 },
  async () => {
    const plain = await openPage({ baseURL: first.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 409/ });
    await signInAs(plain, first, "recruiter", "Noel NoScript");
    await plain.goto("/staff/jobs/new");
    await plain.getByLabel("Job title").fill("Data Engineer (no script)");
    await plain.getByLabel("Job type").selectOption("contract");
    await plain.getByRole("button", { name: "Save draft" }).click();
    await plain.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const id = Number(/\/staff\/jobs\/(\d+)/.exec(plain.url())![1]);

    // Another recruiter opens the same job and saves first.
    const other = await openPage({ baseURL: second.baseURL });
    await signInAs(other, second, "recruiter", "Olga Other");
    await gotoContentForm(other, `/staff/jobs/${id}`);
    await other.getByLabel("Department").fill("Data");
    await other.getByRole("button", { name: "Save changes" }).click();
    await notice(other, "The draft is saved.");

    await plain.getByLabel("Location").fill("Remote (India)");
    await plain.getByRole("button", { name: "Save changes" }).click();
    await plain.getByRole("alert").filter({ hasText: "Someone else saved this job after you opened it." }).waitFor();
    expect(await plain.getByLabel("Location").inputValue()).toBe("Remote (India)");
    const row = await postgres.pool.query("select department, location from job where id = $1", [id]);
    expect(row.rows).toEqual([{ department: "Data", location: null }]);

    const sales = await openPage({ baseURL: first.baseURL, allowConsoleErrors: /status of 403/ });
    await signInAs(sales, first, "sales", "Sam Sales");
    for (const path of ["/staff/jobs", `/staff/jobs/${id}`, `/staff/jobs/${id}/preview`]) {
      expect((await sales.goto(path))?.status(), path).toBe(403);
    }
  },
);
