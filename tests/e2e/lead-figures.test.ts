import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * The lead figures as sales use them: the page from the staff navigation on a
 * phone, another period through a preset and through the dates, a table as
 * CSV; recruiters and editors are refused.
 */

const { newPage } = setupBrowser();

let server: RunningServer;
let database: FreshPostgres;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startServer({ DATABASE_URL: database.url });
  // Two leads from linkedin this week (one answered in 20 business minutes), one from google 20 days ago, and spam.
  await database.pool.query(
    `insert into consultations (full_name, email, country, phone, project_brief, submitted_at, status, attribution, first_response_at, first_response_business_minutes)
     values ('Asha Lead', 'asha@example.com', 'India', '+91 98450 00000', 'A CRM.', now() - interval '2 days', 'contacted',
             '{"source": "linkedin", "medium": "paid"}', now() - interval '2 days' + interval '20 minutes', 20),
            ('Ravi Lead', 'ravi@example.com', 'India', '+91 98450 00001', 'An ERP.', now() - interval '1 hour', 'new', '{"source": "linkedin"}', null, null),
            ('Mia Lead', 'mia@example.com', 'Germany', '+49 30 000000', 'A portal.', now() - interval '20 days', 'won', '{"source": "google"}', null, null),
            ('Spam Lead', 'spam@example.com', 'India', '+91 98450 00002', 'Buy now.', now() - interval '1 day', 'spam', '{"source": "linkedin"}', null, null)`,
  );
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

test("a member of sales opens the figures on a phone, changes the period and downloads a table", async () => {
  // A bad period is answered with 400 and its sentence, which the browser reports as a failed load.
  const page = await newPage({ baseURL: server.baseURL, viewport: PHONE, allowConsoleErrors: /status of 400/ });
  await signInAs(page, server, "sales", { name: "Sam Sales" });
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Lead figures" }).click();
  await page.getByRole("heading", { name: "Lead figures", level: 1 }).waitFor();

  // The last 30 days by default: three leads, spam left out; one answered within the promise, one still waiting.
  const leads = page.locator("dt", { hasText: /^Leads$/ }).locator("+ dd");
  expect(await leads.textContent()).toBe("3");
  expect(await page.locator("dt", { hasText: "Median first response" }).locator("+ dd").textContent()).toBe("20 min");
  const chart = page.getByRole("img", { name: "Leads per day and the share answered within the promise" });
  expect(await chart.locator("rect[data-bar]").count()).toBe(30);
  const sources = page.getByRole("region", { name: "Leads by source", exact: true });
  expect(
    await sources
      .getByRole("row", { name: /linkedin/ })
      .getByRole("cell")
      .textContent(),
  ).toBe("2");
  expect(
    await sources
      .getByRole("row", { name: /google/ })
      .getByRole("cell")
      .textContent(),
  ).toBe("1");
  expect(
    await page
      .getByRole("region", { name: "Qualified and won leads by source" })
      .getByRole("row", { name: /google/ })
      .textContent(),
  ).toBe("google111");
  expect(await axeViolations(page)).toEqual([]);
  // Nothing sticks out sideways on a 375 px phone: the tables scroll in their own regions.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await page.getByRole("link", { name: "Last 7 days" }).click();
  await page.waitForURL(/from=.*&to=/);
  // Attached, not visible: today's bar is zero high while no lead has come in yet in the company's day.
  await page.locator("rect[data-bar]").nth(6).waitFor({ state: "attached" });
  expect(await page.locator("rect[data-bar]").count()).toBe(7);
  expect(await leads.textContent()).toBe("2");
  expect(await page.getByRole("link", { name: "Last 7 days" }).getAttribute("aria-current")).toBe("page");

  const { from, to } = Object.fromEntries(new URL(page.url()).searchParams);
  const csv = await page.context().request.get(`/staff/figures/export.csv?table=source&from=${from}&to=${to}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toBe(`attachment; filename="lead-figures-source-${from}-to-${to}.csv"`);
  expect(await csv.text()).toBe('\uFEFF"Source","Leads"\n"linkedin","2"\n');

  // A start after the end is answered with a sentence, beside the form to correct it.
  await page.getByLabel("From", { exact: true }).fill(to!);
  await page.getByLabel("To (included)", { exact: true }).fill(from!);
  await page.getByRole("button", { name: "Show" }).click();
  await page.getByRole("alert").getByText(`The period starts (${to}) after it ends (${from}): choose a start on or before the end.`).waitFor();
});

test("recruiters and editors cannot open the figures or download them", async () => {
  for (const role of ["recruiter", "editor"] as const) {
    // The refusal is the page's 403, which the browser reports as a failed load.
    const page = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 403/ });
    await signInAs(page, server, role);
    expect(await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Lead figures" }).count()).toBe(0);
    const answer = await page.goto("/staff/figures");
    expect(answer?.status()).toBe(403);
    await page.getByRole("heading", { name: "No access" }).waitFor();
    const csv = await page.context().request.get("/staff/figures/export.csv?table=source");
    expect(csv.status()).toBe(403);
    expect(await csv.text()).not.toContain("linkedin");
  }
});
