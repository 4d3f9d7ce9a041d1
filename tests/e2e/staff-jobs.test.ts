import { expect, test } from "vitest";
import { setupBrowser } from "#tests/support/browser.ts";
import { applyForJob } from "#tests/support/careers.ts";
import { isPostgresReachable } from "#tests/support/databases.ts";
import { expectAccessible, gotoContentForm, notice, setupServerPair, timeUntil, VISIBLE_WITHIN_MS } from "#tests/support/publishing.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Jobs: a recruiter writes a draft (invisible to visitors),
 * previews it, publishes it, and both of two server processes on one
 * PostgreSQL show it within 5 s, cached pages included; a visitor applies;
 * closing takes it off the listing and the sitemap and its page answers 410.
 */
const { newPage: openPage } = setupBrowser();
const reachable = await isPostgresReachable();

// The worker's pair: this file's data (titles, addresses, accounts) is its own.
const pair = setupServerPair(reachable, { shared: true });

test.skipIf(!reachable)(
  "a recruiter drafts, previews and publishes a job; both processes show it within 5 s; a visitor applies; closing takes it off",
  { timeout: 240_000 },
  async () => {
    const title = `Site Reliability Engineer ${Date.now()}`;
    // The refused save answers 400; its words are on the page.
    const recruiter = await openPage({ baseURL: pair.first.baseURL, allowConsoleErrors: /status of 400/ });
    await signInAs(recruiter, pair.first, "recruiter", { name: "Rita Recruiter" });

    // The second process has the listing and the sitemap in its page cache before anything changes.
    for (const path of ["/careers", "/sitemap.xml"]) expect((await fetch(`${pair.second.baseURL}${path}`)).status).toBe(200);

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
      .getByLabel(/^Description/)
      .fill('<h2>What you will do</h2><ul><li>Keep it <strong>up</strong></li></ul><p onclick="steal()">Join us.</p><script>alert(1)</script>');
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const id = Number(/\/staff\/jobs\/(\d+)/.exec(recruiter.url())![1]);
    await notice(recruiter, "The draft is saved.");
    // Sanitised on write: the form shows what will be rendered.
    await recruiter.getByRole("button", { name: "Edit HTML" }).click();
    expect(await recruiter.getByLabel(/^Description/).inputValue()).toBe(
      "<h2>What you will do</h2><ul><li>Keep it <strong>up</strong></li></ul><p>Join us.</p>",
    );
    await expectAccessible(recruiter);

    // A draft is nobody's business outside the staff area.
    for (const server of [pair.first, pair.second]) {
      expect((await fetch(`${server.baseURL}/careers/${id}`)).status).toBe(404);
      expect(await (await fetch(`${server.baseURL}/careers`)).text()).not.toContain(title);
    }

    await recruiter.getByRole("link", { name: "Preview" }).click();
    await recruiter.getByText(/Preview \(Draft\)/).waitFor();
    expect(await recruiter.getByRole("heading", { level: 1, name: title }).isVisible()).toBe(true);
    expect(await recruiter.getByTestId("job-salary").textContent()).toBe("₹18,00,000 – ₹26,00,000 per year");
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
    const revision = recruiter.locator('main form input[name="revision"]');
    const savedAt = await revision.inputValue();
    await recruiter.getByRole("button", { name: "Save changes" }).click();
    await notice(recruiter, "The draft is saved.");
    // The form is drawn anew at the saved revision; what is typed before that is typed into the old one.
    await expect.poll(() => revision.inputValue()).not.toBe(savedAt);
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
      ["first", pair.first],
      ["second", pair.second],
    ] as const) {
      shownAfter[`${name} /careers`] = await timeUntil(server, "/careers", (status, body) => status === 200 && body.includes(title), published);
      shownAfter[`${name} sitemap`] = await timeUntil(server, "/sitemap.xml", (_, body) => body.includes(`/careers/${id}</loc>`), published);
      shownAfter[`${name} page`] = await timeUntil(server, `/careers/${id}`, (status) => status === 200, published);
    }
    console.log(`Publish to visible (ms): ${JSON.stringify(shownAfter)}`);
    for (const [where, ms] of Object.entries(shownAfter)) expect(ms, where).toBeLessThan(VISIBLE_WITHIN_MS);
    const page = await (await fetch(`${pair.second.baseURL}/careers/${id}`)).text();
    expect(page).toContain("₹18,00,000 – ₹26,00,000 per year");
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!.replace(/\\u003c/g, "<"));
    expect(ld).toMatchObject({
      "@type": "JobPosting",
      title,
      datePosted: expect.any(String),
      baseSalary: { currency: "INR", value: { minValue: 1_800_000, maxValue: 2_600_000 } },
      jobLocation: { address: { addressLocality: "Pune" } },
    });

    // A visitor applies through the second process.
    const visitor = await openPage({ baseURL: pair.second.baseURL });
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
      ["first", pair.first],
      ["second", pair.second],
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
    expect(await (await fetch(`${pair.second.baseURL}/careers/${id}`)).text()).not.toContain("application/ld+json");

    const audit = await pair.postgres.pool.query("select action from audit_log where target_type = 'job' and target_id = $1 order by id", [String(id)]);
    expect(audit.rows.map((row) => row.action)).toEqual(["job-created", "job-edited", "job-published", "job-closed"]);

    // The staff list writes the pay as the job page does.
    await recruiter.goto("/staff/jobs");
    const listed = recruiter.getByRole("row").filter({ hasText: title });
    expect(await listed.getByRole("cell", { name: "₹18,00,000 – ₹26,00,000 per year", exact: true }).count()).toBe(1);
  },
);

test.skipIf(!reachable)(
  "without JavaScript a recruiter saves a draft; a second editor's stale save is refused with the first one's work kept; sales get 403",
  { timeout: 120_000 },
  async () => {
    const plain = await openPage({ baseURL: pair.first.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 409/ });
    await signInAs(plain, pair.first, "recruiter", { name: "Noel NoScript", at: "/staff/jobs/new" });
    await plain.getByLabel("Job title").fill("Data Engineer (no script)");
    await plain.getByLabel("Job type").selectOption("contract");
    await plain.getByRole("button", { name: "Save draft" }).click();
    await plain.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const id = Number(/\/staff\/jobs\/(\d+)/.exec(plain.url())![1]);

    // Another recruiter opens the same job and saves first.
    const other = await openPage({ baseURL: pair.second.baseURL });
    await signInAs(other, pair.second, "recruiter", { name: "Olga Other" });
    await gotoContentForm(other, `/staff/jobs/${id}`);
    await other.getByLabel("Department").fill("Data");
    await other.getByRole("button", { name: "Save changes" }).click();
    await notice(other, "The draft is saved.");

    await plain.getByLabel("Location").fill("Remote (India)");
    await plain.getByRole("button", { name: "Save changes" }).click();
    await plain.getByRole("alert").filter({ hasText: "Someone else saved this job after you opened it." }).waitFor();
    expect(await plain.getByLabel("Location").inputValue()).toBe("Remote (India)");
    const row = await pair.postgres.pool.query("select department, location from job where id = $1", [id]);
    expect(row.rows).toEqual([{ department: "Data", location: null }]);

    const sales = await openPage({ baseURL: pair.first.baseURL, allowConsoleErrors: /status of 403/ });
    await signInAs(sales, pair.first, "sales", { name: "Sam Sales" });
    for (const path of ["/staff/jobs", `/staff/jobs/${id}`, `/staff/jobs/${id}/preview`]) {
      expect((await sales.goto(path))?.status(), path).toBe(403);
    }
  },
);

test.skipIf(!reachable)(
  "changes to an open job wait as a draft; the history compares revisions; a restored first revision is a draft until published, then both processes show it",
  { timeout: 180_000 },
  async () => {
    const title = `Data Platform Engineer ${Date.now()}`;
    const recruiter = await openPage({ baseURL: pair.first.baseURL });
    await signInAs(recruiter, pair.first, "recruiter", { name: "Hana History" });
    await gotoContentForm(recruiter, "/staff/jobs/new");
    await recruiter.getByLabel("Job title").fill(title);
    await recruiter.getByLabel("Job type").selectOption("full-time");
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const id = Number(/\/staff\/jobs\/(\d+)/.exec(recruiter.url())![1]);
    await recruiter.getByRole("button", { name: "Publish" }).click();
    await notice(recruiter, "is published");
    await recruiter.reload();
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });

    // Kept as a draft: the form and the preview show the change, visitors on both processes do not.
    await recruiter.getByLabel("Job title").fill(`Lead ${title}`);
    await recruiter.getByRole("button", { name: "Save as draft" }).click();
    await notice(recruiter, "Your changes are saved as a draft.");
    await recruiter.getByRole("note").filter({ hasText: "Changes not published yet: Job title." }).waitFor();
    expect(await recruiter.getByLabel("Job title").inputValue()).toBe(`Lead ${title}`);
    await expectAccessible(recruiter);
    for (const server of [pair.first, pair.second]) {
      const page = await (await fetch(`${server.baseURL}/careers/${id}`)).text();
      expect(page, server.baseURL).toContain(title);
      expect(page, server.baseURL).not.toContain(`Lead ${title}`);
    }
    await recruiter.getByRole("link", { name: "Preview" }).click();
    await recruiter.getByText("will look once the changes are published").waitFor();
    expect(await recruiter.getByRole("heading", { level: 1 }).textContent()).toBe(`Lead ${title}`);

    // The history: who saved what, and the words that changed.
    await recruiter.goto(`/staff/jobs/${id}/history`);
    const revisions = recruiter.getByRole("table", { name: /Revisions, newest first/ }).getByRole("row");
    await expect.poll(() => revisions.count()).toBe(3);
    expect(await revisions.nth(1).textContent()).toContain("Hana History");
    expect(await revisions.nth(2).textContent()).toContain("First version");
    const differences = recruiter.getByTestId("revision-differences");
    expect(await differences.locator("dt").allTextContents()).toEqual(["Job title"]);
    expect(await differences.locator("ins").textContent()).toBe("[added: Lead ]");
    await expectAccessible(recruiter);

    await recruiter.getByRole("link", { name: "Back to editing" }).click();
    await recruiter.getByRole("button", { name: "Publish changes" }).click();
    const published = Date.now();
    await notice(recruiter, "The changes are published");
    for (const server of [pair.first, pair.second]) {
      const ms = await timeUntil(server, `/careers/${id}`, (status, body) => status === 200 && body.includes(`Lead ${title}`), published);
      expect(ms, server.baseURL).toBeLessThan(VISIBLE_WITHIN_MS);
    }

    // Restoring the first revision publishes nothing by itself; publishing it brings the old title back everywhere.
    await recruiter.goto(`/staff/jobs/${id}/history`);
    await recruiter.getByRole("button", { name: "Restore revision 1" }).click();
    await notice(recruiter, "Revision 1 is restored as revision 3. It is a draft: visitors still see the published job until you publish the changes.");
    expect(await (await fetch(`${pair.second.baseURL}/careers/${id}`)).text()).toContain(`Lead ${title}`);
    await gotoContentForm(recruiter, `/staff/jobs/${id}`);
    expect(await recruiter.getByLabel("Job title").inputValue()).toBe(title);
    await recruiter.getByRole("button", { name: "Publish changes" }).click();
    const restored = Date.now();
    await notice(recruiter, "The changes are published");
    for (const server of [pair.first, pair.second]) {
      const ms = await timeUntil(
        server,
        `/careers/${id}`,
        (status, body) => status === 200 && body.includes(title) && !body.includes(`Lead ${title}`),
        restored,
      );
      expect(ms, server.baseURL).toBeLessThan(VISIBLE_WITHIN_MS);
    }

    // An open edit saves itself as a draft a few seconds after the last change, without drawing the page again.
    await recruiter.getByLabel("Location").fill("Bengaluru, India");
    await recruiter
      .getByRole("status")
      .filter({ hasText: /^Saved by itself at \d\d:\d\d\. Your changes are saved as a draft\./ })
      .waitFor();
    expect(await recruiter.getByLabel("Location").inputValue()).toBe("Bengaluru, India");
    expect(await (await fetch(`${pair.first.baseURL}/careers/${id}`)).text()).not.toContain("Bengaluru");
    // The next save is made at the revision the autosave left: not refused as stale.
    await recruiter.getByRole("button", { name: "Save changes" }).click();
    await notice(recruiter, "Saved. The public page shows the change within seconds.");
    const saved = Date.now();
    expect(await timeUntil(pair.first, `/careers/${id}`, (_, body) => body.includes("Bengaluru"), saved)).toBeLessThan(VISIBLE_WITHIN_MS);

    // Without JavaScript the comparison is a plain form.
    const plain = await openPage({ baseURL: pair.first.baseURL, javaScriptEnabled: false });
    await signInAs(plain, pair.first, "recruiter", { name: "Nico NoScript", at: `/staff/jobs/${id}/history` });
    await plain.getByLabel("From revision").selectOption("2");
    await plain.getByLabel("To revision").selectOption("3");
    await plain.getByRole("button", { name: "Compare" }).click();
    await plain.getByRole("heading", { name: "From revision 2 to revision 3" }).waitFor();
    expect(await plain.getByTestId("revision-differences").locator("del").textContent()).toBe("[removed: Lead ]");

    const audit = await pair.postgres.pool.query("select action from audit_log where target_type = 'job' and target_id = $1 order by id", [String(id)]);
    expect(audit.rows.map((row) => row.action)).toEqual([
      "job-created",
      "job-published",
      "job-edited",
      "changes-published",
      "revision-restored",
      "changes-published",
      // The autosave's draft, then the save that published it.
      "job-edited",
      "job-edited",
    ]);
  },
);

test.skipIf(!reachable)(
  "a draft job scheduled for a coming minute is stored for that minute and appears on /careers of both processes by itself once due; the list says when until then",
  async () => {
    const title = `Scheduled Analyst ${Date.now()}`;
    const recruiter = await openPage({ baseURL: pair.first.baseURL });
    await signInAs(recruiter, pair.first, "recruiter", { name: "Sara Schedule" });
    await gotoContentForm(recruiter, "/staff/jobs/new");
    await recruiter.getByLabel("Job title").fill(title);
    await recruiter.getByLabel("Job type").selectOption("full-time");
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    await recruiter.locator("main form[novalidate]").waitFor({ state: "attached" });

    // The field takes whole minutes: the first one at least 20 s ahead, so it is still to come when Schedule is pressed.
    const MINUTE = 60_000;
    // Written as the field reads it: in the staff member's zone, the company's here.
    await recruiter.getByText("Time zone: Asia/Kolkata.").waitFor();
    const at = Math.ceil((Date.now() + 20_000) / MINUTE) * MINUTE;
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Kolkata",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date(at))
        .map((part) => [part.type, part.value]),
    );
    const wall = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
    await recruiter.getByLabel("Publish at").fill(wall);
    await recruiter.getByRole("button", { name: "Schedule" }).click();
    await notice(recruiter, "The job is scheduled: it is published by itself at the time shown");
    await recruiter.getByText(/Scheduled:.*\(scheduled by Sara Schedule\)/).waitFor();
    await expectAccessible(recruiter);
    await recruiter.goto("/staff/jobs");
    await recruiter.getByRole("row").filter({ hasText: title }).getByText("Scheduled for").waitFor();

    // The chosen minute is what was stored. Rather than idle up to a minute for it to come, the test brings it to
    // two seconds from now: what follows is the processes' own look for due schedules, as at any other time.
    const jobId = "(select id from job where title = $1)";
    const stored = await pair.postgres.pool.query(`select publish_at from content_schedules where content_type = 'job' and item_id = ${jobId}`, [title]);
    expect(stored.rows).toEqual([{ publish_at: new Date(at) }]);
    const due = Date.now() + 2_000;
    await pair.postgres.pool.query(`update content_schedules set publish_at = $2 where content_type = 'job' and item_id = ${jobId}`, [title, new Date(due)]);

    // Nobody clicks anything more: each process's look for due schedules publishes it once, within its interval after the time.
    for (const server of [pair.first, pair.second]) {
      const ms = await timeUntil(server, "/careers", (status, body) => status === 200 && body.includes(title), due);
      expect(ms, server.baseURL).toBeLessThan(12_000);
    }
    const audit = await pair.postgres.pool.query(
      "select action, ip_address from audit_log where target_type = 'job' and action in ('publication-scheduled', 'job-published') and target_id = (select id::text from job where title = $1) order by id",
      [title],
    );
    expect(audit.rows).toEqual([
      { action: "publication-scheduled", ip_address: expect.any(String) },
      { action: "job-published", ip_address: "schedule" },
    ]);
  },
);
