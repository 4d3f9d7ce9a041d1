import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabaseEnv, type TestDatabaseEnv } from "#tests/support/databases.ts";
import { decodePosition, encodePosition } from "#app/features/careers/position.ts";
import { axeViolations, DESKTOP, gotoHydrated, PHONE, setupBrowser, waitForHydration } from "#tests/support/browser.ts";
import { consultationFilePickers } from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";

/*
 * Careers against a server of its own on a fresh PostgreSQL database, so the
 * tests can write jobs, break the table and read what an application stored
 * while the site runs. The page cache is off: every visit reads the database.
 */
const { newPage: openPage } = setupBrowser();

let server: RunningServer;
let database: TestDatabaseEnv;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabaseEnv("pg");
  server = await startServer({ DATABASE_URL: database.env.DATABASE_URL!, DATA_DIR: database.env.DATA_DIR, FORM_RATE_LIMIT: "1000", PAGE_CACHE_ENTRIES: "0" });
  client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await server?.stop({ keepData: true });
  await database?.dispose();
});

const newPage = (options: Parameters<typeof openPage>[0] = {}) => openPage({ baseURL: server.baseURL, ...options });
const query = (text: string, values: unknown[] = []) => client.query(text, values);

async function insertJob(columns: Record<string, unknown>): Promise<number> {
  const names = Object.keys(columns);
  const result = await query(
    `insert into job (${names.map((name) => `"${name}"`).join(", ")}) values (${names.map((_, i) => `$${i + 1}`).join(", ")}) returning id`,
    Object.values(columns),
  );
  return Number(result.rows[0].id);
}

const MINIMAL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function resumeFiles(): string[] {
  const dir = path.join(server.dataDir, "files", "careers");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

function mailFiles(): string[] {
  const dir = path.join(server.dataDir, "mail");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".eml")) : [];
}

test("a job with only a title shows every default text", async () => {
  // Exactly the spec's columns, all but the title empty.
  const id = await insertJob({ title: "Only A Title", department: null, jobType: null, updatedAt: null, description: null });
  const page = await newPage();
  const response = await gotoHydrated(page, `/careers/${id}`);
  expect(response?.status()).toBe(200);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Only A Title");
  expect(await page.getByTestId("job-type").textContent()).toBe("Not specified");
  expect(await page.getByTestId("job-department").textContent()).toBe("Not specified");
  expect(await page.getByTestId("job-posted").textContent()).toBe("Date not available");
  expect(await page.getByText("Posted", { exact: true }).isVisible()).toBe(true);
  expect(await page.getByRole("heading", { name: "Job Description" }).isVisible()).toBe(true);
  expect(await page.getByTestId("job-description").textContent()).toBe("No description available for this position.");
  expect(await page.getByRole("heading", { name: "Employment Type" }).isVisible()).toBe(true);
  expect(await page.getByRole("heading", { name: "Department", exact: true }).isVisible()).toBe(true);
  expect(await page.getByTestId("card-employment-type").textContent()).toBe("Not specified");
  expect(await page.getByRole("link", { name: "Apply for this Position" }).isVisible()).toBe(true);
  // An open job still has valid markup, from the head office and the default description.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld["@type"]).toBe("JobPosting");
  expect(ld.jobLocation.address.addressLocality).toBe("New Delhi");
});

test("a full job: title, department, type, posted date, description, cards, JobPosting markup; axe passes", async () => {
  const closes = new Date(Date.now() + 30 * 86_400_000);
  const id = await insertJob({
    title: "Senior Backend Engineer",
    department: "Engineering",
    jobType: "full-time",
    updatedAt: "2025-01-05T10:00:00Z",
    description: "<h1>About the role</h1><p>Design <strong>APIs</strong> for our clients.</p><ul><li>Node.js</li><li>PostgreSQL</li></ul>",
    location: "Mumbai, India",
    closes_at: closes.toISOString(),
  });
  const page = await newPage();
  await gotoHydrated(page, `/careers/${id}`);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Senior Backend Engineer");
  expect(await page.getByTestId("job-department").textContent()).toBe("Engineering");
  expect(await page.getByTestId("job-type").textContent()).toBe("Full-time");
  expect(await page.getByTestId("job-posted").textContent()).toBe("January 5, 2025");
  expect(await page.getByTestId("card-employment-type").textContent()).toBe("Full-time");
  expect(await page.getByTestId("card-department").textContent()).toBe("Engineering");
  const description = page.getByTestId("job-description");
  // The description's h1 became an h2: the page keeps one h1.
  expect(await description.locator("h2").textContent()).toBe("About the role");
  expect(await description.locator("li").allTextContents()).toEqual(["Node.js", "PostgreSQL"]);
  expect(await page.locator("h1").count()).toBe(1);

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld).toMatchObject({
    "@type": "JobPosting",
    title: "Senior Backend Engineer",
    datePosted: "2025-01-05T10:00:00.000Z",
    employmentType: "FULL_TIME",
    validThrough: closes.toISOString(),
    hiringOrganization: { "@type": "Organization", name: "Kraf Technologies" },
    jobLocation: { "@type": "Place", address: { addressLocality: "Mumbai", addressCountry: "India" } },
  });
  expect(ld.description).toContain("<strong>APIs</strong>");
  expect(await page.title()).toContain("Senior Backend Engineer");
  expect(await axeViolations(page)).toEqual([]);
});

/** A description long enough to fill a phone's screen several times over. */
const LONG_DESCRIPTION = Array.from(
  { length: 12 },
  (_, i) => `<h2>Part ${i + 1}</h2><p>${"You will design, build and run services our clients depend on. ".repeat(6)}</p>`,
).join("");

test("375px: Apply for this Position shows on the first screen, with and without JavaScript, and stays in the summary after the description; at 1280px only the summary's", async () => {
  const id = await insertJob({ title: "Mobile Reader Role", department: "Engineering", jobType: "full-time", description: LONG_DESCRIPTION });
  const summaryButton = (page: Page) => page.getByRole("complementary", { name: "Position summary" }).getByRole("link", { name: "Apply for this Position" });
  for (const javaScriptEnabled of [true, false]) {
    const page = await newPage({ viewport: PHONE, javaScriptEnabled });
    if (javaScriptEnabled) await gotoHydrated(page, `/careers/${id}`);
    else await page.goto(`/careers/${id}`);
    const buttons = page.getByRole("link", { name: "Apply for this Position" });
    expect(await buttons.count()).toBe(2);
    const top = (await buttons.first().boundingBox())!;
    expect(top.y + top.height, "on the first screen").toBeLessThanOrEqual(PHONE.height);
    expect(top.width).toBeLessThanOrEqual(PHONE.width);
    expect(await buttons.first().getAttribute("href")).toBe(await summaryButton(page).getAttribute("href"));
    // The summary's button is where it was: after the description, far below the first screen.
    expect((await summaryButton(page).boundingBox())!.y).toBeGreaterThan(PHONE.height * 3);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
  }

  const wide = await newPage({ viewport: DESKTOP });
  await wide.goto(`/careers/${id}`);
  // Beside the description, the summary's button is near the top already.
  expect(await wide.getByRole("link", { name: "Apply for this Position" }).count()).toBe(1);
  expect(await summaryButton(wide).isVisible()).toBe(true);
});

test("1280px: a job's page shows one way to pick files in the consultation panel, without scripts, before its part hydrates and after", async () => {
  const id = await insertJob({ title: "Picker Role", department: "Engineering", description: LONG_DESCRIPTION });
  const plain = await newPage({ javaScriptEnabled: false });
  await plain.goto(`/careers/${id}`);
  expect(await consultationFilePickers(plain)).toEqual(["the browser's file control"]);
  const page = await newPage();
  await page.goto(`/careers/${id}`);
  expect(await consultationFilePickers(page)).toEqual(["the browser's file control"]);
  await waitForHydration(page);
  expect(await consultationFilePickers(page)).toEqual(['"Choose files"']);
});

test("a closed job says so with 410, points to open roles in its department, has no apply button and no JobPosting markup; a draft is 404", async () => {
  const id = await insertJob({ title: "Closed Role", department: "Closing Dept", status: "closed" });
  const expired = await insertJob({ title: "Expired Role", department: "closing dept ", closes_at: new Date(Date.now() - 60_000).toISOString() });
  const sibling = await insertJob({ title: "Still Open Role", department: "Closing Dept" });
  const draft = await insertJob({ title: "Draft Role", department: "Closing Dept", status: "draft" });
  const page = await newPage({ allowConsoleErrors: /status of 4(10|04)/ });
  for (const jobId of [id, expired]) {
    const response = await gotoHydrated(page, `/careers/${jobId}`);
    expect(response?.status()).toBe(410);
    expect(await page.getByText("This position is closed").isVisible()).toBe(true);
    expect(
      await page
        .getByTestId("related-jobs")
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    ).toEqual([`/careers/${sibling}`]);
    expect(await page.getByRole("link", { name: "Apply for this Position" }).count()).toBe(0);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  }
  const response = await gotoHydrated(page, `/careers/${draft}`);
  expect(response?.status()).toBe(404);
  expect(await page.getByText("Job not found.").isVisible()).toBe(true);
});

test("an unknown and a non-numeric id answer 404 with the spec's sentence and the back links", async () => {
  const page = await newPage({ allowConsoleErrors: /status of 404/ });
  for (const url of ["/careers/987654321", "/careers/not-a-number"]) {
    const response = await gotoHydrated(page, url);
    expect(response?.status(), url).toBe(404);
    expect(await page.getByText("Job not found. It may have been removed or the link is invalid.").isVisible(), url).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Careers" }).getAttribute("href")).toBe("/careers");
    expect(await page.getByRole("link", { name: "Back to All Jobs" }).getAttribute("href")).toBe("/careers#open-roles");
  }
});

test("when the job table cannot be read, the page shows Error Loading Job Details and never the database's error", async () => {
  const id = await insertJob({ title: "Unreachable Role" });
  const page = await newPage({ allowConsoleErrors: /status of 503/ });
  await query("alter table job rename to job_unavailable");
  try {
    const response = await gotoHydrated(page, `/careers/${id}`);
    expect(response?.status()).toBe(503);
    // A failure is nobody's to keep: no cache, shared or private, holds it.
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Error Loading Job Details");
    expect(await page.getByText("Failed to load job details. Please try again later.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back to Careers" }).getAttribute("href")).toBe("/careers");
    expect(await page.getByRole("link", { name: "Back to All Jobs" }).getAttribute("href")).toBe("/careers#open-roles");
    const html = await page.content();
    expect(html).not.toMatch(/relation|does not exist|job_unavailable/i);

    // The listing keeps its copy and says the roles could not load.
    await gotoHydrated(page, "/careers");
    expect(await page.getByText("We could not load the open roles just now.").isVisible()).toBe(true);
  } finally {
    await query("alter table job_unavailable rename to job");
  }
  await gotoHydrated(page, `/careers/${id}`);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Unreachable Role");
});

test("a slow client navigation to a job shows the job skeleton, then the job", async () => {
  const id = await insertJob({ title: "Skeleton Role", department: "Design" });
  const page = await newPage();
  // The listing and the jobs are islands pages, whose links load the next page whole (decision 078), and no
  // page of the full app links to a job: its router is sent to one as its own link would.
  await gotoHydrated(page, "/careers/registration");
  await page.route(`**/careers/${id}.data*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.evaluate((path) => {
    const { __reactRouterDataRouter: router } = window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } };
    void router.navigate(path);
  }, `/careers/${id}`);
  await page.getByTestId("job-skeleton").waitFor();
  await page.getByRole("heading", { level: 1, name: "Skeleton Role" }).waitFor();
  expect(await page.getByTestId("job-skeleton").count()).toBe(0);
});

test("Apply carries a non-ASCII title in ?pos= and the form is pre-filled with it; a broken pos is a general application", async () => {
  const title = "Développeur Full-Stack (Mumbai) – Senior";
  const id = await insertJob({ title, department: "Engineering" });
  const page = await newPage();
  await gotoHydrated(page, `/careers/${id}`);
  const href = (await page.getByRole("link", { name: "Apply for this Position" }).getAttribute("href"))!;
  const pos = new URL(href, server.baseURL).searchParams.get("pos");
  expect(pos).toBe(encodePosition(title));
  expect(decodePosition(pos)).toBe(title);

  await page.getByRole("link", { name: "Apply for this Position" }).click();
  await page.waitForURL(/\/careers\/registration\?pos=/);
  // The URL changes before the new page has rendered: wait for its heading, not just the address.
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Apply for ${title}`);
  expect(await page.getByLabel("Position").inputValue()).toBe(title);

  for (const broken of ["%%%", "not-base64!", "//79", ""]) {
    await gotoHydrated(page, `/careers/registration?pos=${broken}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent(), broken).toBe("General application");
    expect(await page.getByLabel("Position").inputValue(), broken).toBe("");
  }
  expect(await axeViolations(page)).toEqual([]);
});

test("a job's page asked through a shared link and then without: only the shared link's Apply carries its campaign", async () => {
  const id = await insertJob({ title: "Campaign Role", department: "Engineering" });
  const applyHref = async (query: string) => {
    const page = await (await fetch(`${server.baseURL}/careers/${id}${query}`)).text();
    return page.match(/href="(\/careers\/registration[^"]*)"/)?.[1]?.replaceAll("&amp;", "&");
  };
  expect(await applyHref("?utm_source=jobfair")).toMatch(/^\/careers\/registration\?utm_source=jobfair&pos=/);
  expect(await applyHref("")).toMatch(/^\/careers\/registration\?pos=/);
  expect(await applyHref("?utm_source=linkedin")).toMatch(/^\/careers\/registration\?utm_source=linkedin&pos=/);
});

test("stored HTML with script, event handlers, javascript: links and SVG renders inert", async () => {
  const id = await insertJob({
    title: "</script><script>alert('title')</script> Role",
    department: "<img src=x onerror=alert('dept')>",
    description:
      `<p onclick="alert('p')">Safe text</p><script>alert('script')</script>` +
      `<img src="x" onerror="alert('img')"><a href="javascript:alert('link')">click</a>` +
      `<svg onload="alert('svg')"><circle r="5"/></svg><iframe src="javascript:alert('frame')"></iframe>` +
      `<math><mtext><img src=x onerror="alert('math')"></mtext></math><style>body{display:none}</style>`,
  });
  const page = await newPage({ allowConsoleErrors: /Failed to load resource/ });
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const response = await gotoHydrated(page, `/careers/${id}`);
  const source = (await response?.text()) ?? "";
  await page.waitForTimeout(500);
  const description = page.getByTestId("job-description");
  expect(await description.textContent()).toContain("Safe text");
  expect(await description.locator("script, svg, iframe, math, style").count()).toBe(0);
  const handlers = await description.evaluate((root) =>
    [root, ...root.querySelectorAll("*")].flatMap((element) =>
      [...element.attributes].map((attribute) => attribute.name).filter((name) => name.startsWith("on")),
    ),
  );
  expect(handlers).toEqual([]);
  expect(await description.locator('[href^="javascript:"], [src^="javascript:"]').count()).toBe(0);
  // The title is text on the page and a string in the markup; it never closes the script element.
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("</script><script>alert('title')</script> Role");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld.title).toBe("</script><script>alert('title')</script> Role");
  // Nowhere in the document (markup, hydration data) does the payload appear as a live tag.
  expect(source).not.toContain("<script>alert(");
  expect(source).not.toMatch(/<img[^>]+onerror/i);
  expect(dialogs).toEqual([]);
});

async function onlyListingJobs() {
  await query("update job set status = 'closed'");
  await insertJob({
    title: "Backend Engineer",
    department: "Engineering",
    jobType: "full-time",
    location: "Mumbai",
    description: "<p>Node and PostgreSQL</p>",
  });
  await insertJob({ title: "Frontend Engineer", department: "Engineering", jobType: "Full-time", location: "Remote" });
  await insertJob({ title: "QA Intern", department: "Quality", jobType: "internship", location: "Mumbai" });
  await insertJob({ title: "Account Manager", department: "Sales", jobType: "part-time" });
}

test("the listing searches and filters with JavaScript: counts per option, empty state, clear filters; axe passes", async () => {
  await onlyListingJobs();
  const page = await newPage();
  await gotoHydrated(page, "/careers");
  const count = page.getByTestId("result-count");
  const list = page.getByRole("list", { name: "Open roles" });
  expect(await count.textContent()).toBe("Showing all 4 open roles");
  expect(await page.getByLabel("Department").locator("option").allTextContents()).toEqual(["All departments", "Engineering (2)", "Quality (1)", "Sales (1)"]);
  expect(await page.getByLabel("Location").locator("option").allTextContents()).toEqual(["All locations", "Mumbai (2)", "Remote (1)"]);
  expect(await axeViolations(page)).toEqual([]);

  // Choosing an option applies at once.
  await page.getByLabel("Department").selectOption("engineering");
  await page.waitForURL(/department=engineering&.*#open-roles$/);
  await expect.poll(() => count.textContent()).toBe("Showing 2 of 4 open roles");
  // The answer is a new page, shown at the results, not at its top.
  const resultsHeading = page.getByRole("heading", { name: "Open roles", exact: true });
  await expect.poll(() => resultsHeading.evaluate((heading) => heading.getBoundingClientRect().top)).toBeLessThan(400);
  expect(await resultsHeading.evaluate((heading) => heading.getBoundingClientRect().top)).toBeGreaterThan(0);
  expect((await list.getByRole("link").allTextContents()).sort()).toEqual(["Backend Engineer", "Frontend Engineer"]);
  expect(await page.getByLabel("Job type").locator("option").allTextContents()).toContain("Internship (0)");

  await page.getByLabel("Search roles").fill("postgresql");
  await page.getByLabel("Search roles").press("Enter");
  await page.waitForURL(/q=postgresql/);
  await expect.poll(() => count.textContent()).toBe("Showing 1 of 4 open roles");
  expect(await list.getByRole("link").allTextContents()).toEqual(["Backend Engineer"]);

  await page.getByLabel("Search roles").fill("cobol");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByTestId("empty-state").waitFor();
  expect(await count.textContent()).toBe("Showing 0 of 4 open roles");
  expect(await page.getByTestId("empty-state").getByRole("link", { name: "general application" }).getAttribute("href")).toBe("/careers/registration");
  await page.getByTestId("empty-state").getByRole("link", { name: "clear the filters" }).click();
  await expect.poll(() => count.textContent()).toBe("Showing all 4 open roles");
  expect(await page.getByLabel("Search roles").inputValue()).toBe("");
  expect(await page.getByLabel("Department").inputValue()).toBe("");

  await list.getByRole("link", { name: "QA Intern" }).click();
  await page.getByRole("heading", { level: 1, name: "QA Intern" }).waitFor();
});

test("the listing filters without JavaScript through the query string", async () => {
  await onlyListingJobs();
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto("/careers?department=engineering&location=mumbai");
  expect(await page.getByTestId("result-count").textContent()).toBe("Showing 1 of 4 open roles");
  expect(await page.getByLabel("Department").inputValue()).toBe("engineering");
  await page.getByLabel("Department").selectOption("");
  await page.getByLabel("Location").selectOption("");
  await page.getByLabel("Search roles").fill("intern");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/q=intern/);
  await expect.poll(() => page.getByTestId("result-count").textContent()).toBe("Showing 1 of 4 open roles");
  expect(await page.getByRole("list", { name: "Open roles" }).getByRole("link").allTextContents()).toEqual(["QA Intern"]);
  await page.goto("/careers?jobType=volunteer");
  expect(await page.getByTestId("empty-state").isVisible()).toBe(true);
});

/** The application form (the consultation panel below has fields with the same labels). */
const form = (page: Page) => page.locator("main form");

async function fillApplication(page: Page, values: { name: string; email: string; resume: { name: string; mimeType: string; buffer: Buffer } }) {
  const area = form(page);
  await area.getByLabel("Full Name").fill(values.name);
  await area.getByLabel("Email Address").fill(values.email);
  await area.getByLabel("Phone Number").fill("+91 98100 00000");
  await area.getByLabel("LinkedIn or Portfolio URL").fill("https://www.linkedin.com/in/asha");
  await area.getByLabel("Years of Experience").fill("6");
  await area.getByLabel("Cover Letter").fill("I have built APIs for six years.");
  await area.locator('input[type="file"][name="resume"]').setInputFiles(values.resume);
  await area.getByRole("checkbox", { name: /I agree to the Privacy Policy/ }).check();
}

async function applicationRow(email: string) {
  const result = await query("select * from job_applications where email = $1", [email]);
  return result.rows;
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: the whole application journey stores the application, the resume and two emails`, async () => {
    const title = `Platform Engineer ${javaScriptEnabled ? "JS" : "NoJS"}`;
    const id = await insertJob({ title, department: "Engineering", jobType: "full-time" });
    const email = `asha.${javaScriptEnabled ? "js" : "nojs"}@example.com`;
    const mailBefore = mailFiles().length;
    const page = await newPage({ javaScriptEnabled });
    if (javaScriptEnabled) await gotoHydrated(page, `/careers/${id}`);
    else await page.goto(`/careers/${id}`);
    await page.getByRole("link", { name: "Apply for this Position" }).click();
    await page.waitForURL(/\/careers\/registration\?pos=/);
    if (javaScriptEnabled) await page.locator("main form[novalidate]").waitFor({ state: "attached" });
    expect(await page.getByLabel("Position").inputValue()).toBe(title);
    await fillApplication(page, { name: "Asha Verma", email, resume: { name: "Asha Verma CV.pdf", mimeType: "application/pdf", buffer: MINIMAL_PDF } });
    await page.getByRole("button", { name: "Submit Application" }).click();

    const confirmation = page.getByTestId("application-confirmation");
    await confirmation.waitFor({ timeout: 15_000 });
    const reference = (await page.getByTestId("application-reference").textContent())!;
    expect(reference).toMatch(/^APP-\d{4}-[2-9A-HJKMNP-Z]{6}$/);
    if (javaScriptEnabled) {
      await expect
        .poll(() => page.getByTestId("toast-text").allTextContents())
        .toContain(`Application submitted successfully! Your reference number is ${reference}.`);
    }
    // The form starts again empty.
    expect(await form(page).getByLabel("Full Name").inputValue()).toBe("");

    const rows = await applicationRow(email);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(Number(row.job_id)).toBe(id);
    expect(row).toMatchObject({
      position: title,
      full_name: "Asha Verma",
      reference,
      resume_name: "Asha Verma CV.pdf",
      resume_content_type: "application/pdf",
      years_experience: 6,
      consent_version: "careers-2026-01",
    });
    expect(row.resume_key).toMatch(/^careers\/\d+_Asha_Verma_CV\.pdf$/);
    const stored = path.join(server.dataDir, "files", row.resume_key);
    expect(fs.readFileSync(stored).equals(MINIMAL_PDF)).toBe(true);

    await expect.poll(() => mailFiles().length, { timeout: 15_000 }).toBe(mailBefore + 2);
    const mails = mailFiles()
      .filter((name) => /job-application-(confirmation|notification)\.eml$/.test(name))
      .map((name) => fs.readFileSync(path.join(server.dataDir, "mail", name), "utf8"))
      .filter((text) => text.includes(reference));
    expect(mails).toHaveLength(2);
    expect(mails.some((text) => /^To: .*asha\.(js|nojs)@example\.com/im.test(text))).toBe(true);
    expect(mails.some((text) => /^To: .*careers@kraftechnologies\.com/im.test(text))).toBe(true);
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: a resume that is not a PDF, DOC or DOCX by content is refused and nothing is written`, async () => {
    const email = `fake.${javaScriptEnabled ? "js" : "nojs"}@example.com`;
    const filesBefore = resumeFiles().length;
    const page = await newPage({ javaScriptEnabled, allowConsoleErrors: /status of 415/ });
    if (javaScriptEnabled) await gotoHydrated(page, "/careers/registration");
    else await page.goto("/careers/registration");
    // Named like a PDF, but an executable's first bytes.
    await fillApplication(page, {
      name: "Ravi Kumar",
      email,
      resume: { name: "resume.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(200)]) },
    });
    await page.getByRole("button", { name: "Submit Application" }).click();
    const message = '"resume.pdf" is not a PDF, DOC or DOCX document. Please attach your resume in one of these formats.';
    if (javaScriptEnabled) {
      await expect.poll(() => page.getByTestId("toast-text").allTextContents()).toContain(message);
      expect(await page.locator('input[name="resume"]').getAttribute("aria-invalid")).toBe("true");
    } else {
      await page.getByText(message).first().waitFor();
    }
    // What was typed stays.
    expect(await form(page).getByLabel("Full Name").inputValue()).toBe("Ravi Kumar");
    expect(await form(page).getByLabel("Email Address").inputValue()).toBe(email);
    expect(await applicationRow(email)).toHaveLength(0);
    expect(resumeFiles()).toHaveLength(filesBefore);
  });
}

test("with JavaScript, missing fields are named inline before posting", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/careers/registration");
  await page.locator("main form[novalidate]").waitFor({ state: "attached" });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect.poll(() => page.getByTestId("toast-text").allTextContents()).toContain("Full Name is required.");
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("fullName");
  expect(await page.locator('main [aria-invalid="true"]').count()).toBe(5);
  expect(await page.getByText("Please attach your resume (PDF, DOC or DOCX).").isVisible()).toBe(true);
  expect(await page.getByText("Please accept the Privacy Policy.").first().isVisible()).toBe(true);
  expect(await page.locator('label a[href="/privacy-policy"]').first().textContent()).toBe("Privacy Policy");
  expect(await axeViolations(page)).toEqual([]);
  expect(posts).toEqual([]);
});

/** The refusal as the visitor reads it: status, the sentence as page text (not only in hydration data), a way back. */
async function expectRefusal(url: string, sentence: string, wayBack: string) {
  const response = await fetch(`${server.baseURL}${url}`);
  const html = await response.text();
  expect(response.status, url).toBe(400);
  expect(html, url).toContain(`>${sentence}</p>`);
  expect(html, url).toMatch(new RegExp(`<a [^>]*href="${wayBack}"[^>]*>Start over on this page</a>`));
  expect(html, url).not.toMatch(/Something went wrong|invalid byte sequence|0x00/);
}

const controlCharacterIn = (label: string) =>
  `The ${label} in this address contains a character that cannot be used (a control character or line break). Remove it and try again.`;

test("a control character in the search or a filter answers 400 naming it, never a database error", async () => {
  await onlyListingJobs();
  await expectRefusal("/careers?q=%00", controlCharacterIn("search text"), "/careers");
  await expectRefusal("/careers?department=%01", controlCharacterIn("department filter"), "/careers");
  await expectRefusal("/careers?jobType=full%01time", controlCharacterIn("job type filter"), "/careers");
  await expectRefusal("/careers?location=%01&q=engineer", controlCharacterIn("location filter"), "/careers");
  await expectRefusal(
    `/careers?q=${"x".repeat(10_000)}`,
    "The search text in this address is longer than 100 characters. Shorten it and try again.",
    "/careers",
  );
  await expectRefusal(
    `/careers?location=${"x".repeat(201)}`,
    "The location filter in this address is longer than 200 characters. Shorten it and try again.",
    "/careers",
  );
  const normal = await fetch(`${server.baseURL}/careers?q=engineer&department=engineering&jobType=full-time&location=mumbai`);
  expect(normal.status).toBe(200);
  expect(await normal.text()).toContain("Backend Engineer");
  expect((await fetch(`${server.baseURL}/careers?q=${"x".repeat(100)}`)).status).toBe(200);
});

test("a job title with a control character in ?pos= answers 400 naming it; a normal title still opens the form", async () => {
  await expectRefusal(`/careers/registration?pos=${encodeURIComponent(encodePosition("a\u0000b"))}`, controlCharacterIn("job title"), "/careers/registration");
  await expectRefusal(
    `/careers/registration?pos=${encodeURIComponent(encodePosition("Senior\u001bEngineer"))}`,
    controlCharacterIn("job title"),
    "/careers/registration",
  );
  await expectRefusal("/careers/registration?pos=%00", controlCharacterIn("job title"), "/careers/registration");
  const normal = await fetch(`${server.baseURL}/careers/registration?pos=${encodeURIComponent(encodePosition("Backend Engineer"))}`);
  expect(normal.status).toBe(200);
  expect(await normal.text()).toContain("Apply for Backend Engineer");
});

test("with JavaScript, a search with a control character shows the 400 sentence and leads back to the listing", async () => {
  await onlyListingJobs();
  // The refused data request is the 400 under test.
  const page = await newPage({ allowConsoleErrors: /status of 400/ });
  await gotoHydrated(page, "/careers");
  await page.getByLabel("Search roles").fill("dev\u0001ops");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByText(controlCharacterIn("search text")).waitFor();
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("This address cannot be used");
  await page.getByRole("link", { name: "Start over on this page" }).click();
  await expect.poll(() => page.getByTestId("result-count").textContent()).toBe("Showing all 4 open roles");
});
