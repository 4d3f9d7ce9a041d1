import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { attributionCsvColumns } from "#app/features/attribution/attribution.server.ts";
import { axeViolations, DESKTOP, downloadedBytes, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { consultationValues, freshPostgres, mailDir, sampleFiles, type FreshPostgres } from "#tests/support/forms.ts";
import { parseMail, waitUntil } from "#tests/support/mail.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { choosePassword, createStaffAccount, signInAs } from "#tests/support/staff.ts";

/*
 * The consultations inbox end to end: a visitor's request with two files
 * reaches sales, who find, open, download, move, annotate and export it;
 * other roles and visitors get nothing; a stale status form is refused. The
 * scripted journey runs on the default PGlite server, the one without
 * JavaScript on PostgreSQL; the queries behind these pages are tested on both
 * databases in app/features/staff/consultations/consultations.test.ts.
 */

const { newPage } = setupBrowser();
let pglite: RunningServer;
let postgres: RunningServer;
let database: FreshPostgres;

beforeAll(async () => {
  database = await freshPostgres();
  [pglite, postgres] = await Promise.all([startServer({ FORM_RATE_LIMIT: "1000" }), startServer({ FORM_RATE_LIMIT: "1000", DATABASE_URL: database.url })]);
});

afterAll(async () => {
  await Promise.all([pglite?.stop(), postgres?.stop()]);
  await database?.dispose();
});

const files = [
  { name: "Brief (v2).pdf", type: "application/pdf", content: sampleFiles.pdf },
  { name: "screen shot.png", type: "image/png", content: sampleFiles.png },
];

/** The visitor's request, posted as the form without JavaScript posts it. */
async function submitConsultation(server: RunningServer, values: ReturnType<typeof consultationValues>) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...values, idempotencyKey: `inbox-${Date.now()}-${Math.random().toString(36).slice(2)}` }))
    body.append(name, value);
  for (const file of files) body.append("files", new Blob([file.content], { type: file.type }), file.name);
  const response = await fetch(`${server.baseURL}/consultation`, { method: "POST", body });
  expect(response.status).toBe(200);
}

async function download(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [saved] = await Promise.all([page.waitForEvent("download"), click()]);
  return downloadedBytes(saved);
}

async function expectNoAxeViolations(page: Page) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    expect(await axeViolations(page), `${page.url()} at ${viewport.width} px`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

const history = (page: Page) => page.locator('section[aria-labelledby="history-heading"] li');

async function journey(server: RunningServer) {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

  // The first admin, from the command line, chooses a password through the printed link and signs in.
  const adminEmail = `admin-${stamp}@staff.example.com`;
  const { link, output } = await createStaffAccount(server, { email: adminEmail, role: "admin", name: "Ada Admin" });
  expect(output).toContain(link);
  const admin = await newPage({ baseURL: server.baseURL });
  await choosePassword(admin, link);
  expect(new URL(admin.url()).pathname).toBe("/staff");

  const values = consultationValues({
    fullName: `Zed Inbox ${stamp}`,
    email: `zed.${stamp}@example.com`,
    brief: `=1+1\nMarker ${stamp}: a CRM for 40 clinics.`,
  });
  await submitConsultation(server, values);

  // Sales find it by a word of the brief, unread and counted as new.
  const sales = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 409/ });
  await signInAs(sales, server, "sales", { name: "Sam Sales", at: "/staff/consultations" });
  await sales.getByText(/^\d+ new$/).waitFor();
  expect(Number((await sales.getByText(/^\d+ new$/).textContent())!.split(" ")[0])).toBeGreaterThanOrEqual(1);
  await sales.getByLabel("Search name, email, brief or reference").fill(`marker ${stamp}`);
  await Promise.all([sales.waitForURL(/\?q=/), sales.getByRole("button", { name: "Show" }).click()]);
  const rows = sales.locator("tbody tr");
  expect(await rows.count()).toBe(1);
  const row = rows.first();
  expect(await row.locator("th").textContent()).toMatch(new RegExp(`^${values.fullName}UnreadCON-\\d{4}-[2-9A-HJKMNP-Z]{6}$`));
  // Its response clock depends on the hour the test runs at (the default hours are Kolkata's working day).
  expect(await row.locator("td").allTextContents()).toEqual([
    values.email,
    values.country,
    expect.any(String),
    expect.stringMatching(/^(⚠ )?(due in \d|due now|overdue)/),
    "New",
    "Unassigned",
    "Direct or unknown",
    "2",
  ]);
  await expectNoAxeViolations(sales);
  const listUrl = sales.url();

  await Promise.all([sales.waitForURL(/\/staff\/consultations\/\d+$/), row.getByRole("link", { name: values.fullName }).click()]);
  const detailUrl = sales.url();
  await sales.getByRole("heading", { level: 1, name: values.fullName }).waitFor();
  const brief = sales.getByRole("heading", { name: "Project brief" }).locator("xpath=following-sibling::p[1]");
  expect(await brief.innerText()).toBe(values.brief);
  for (const text of [values.email, values.phone, values.country]) await sales.getByText(text, { exact: true }).first().waitFor();
  expect(await sales.getByRole("link", { name: values.email }).first().getAttribute("href")).toBe(`mailto:${values.email}`);
  expect(await sales.getByRole("link", { name: values.phone }).getAttribute("href")).toBe(`tel:${values.phone.replace(/ /g, "")}`);
  await sales.getByText("Confirmation to the visitor").waitFor();
  await sales.getByText("Notification to sales").waitFor();

  // Both files, byte for byte.
  for (const file of files) {
    const link = sales.getByRole("link", { name: file.name });
    expect(await link.locator("xpath=following-sibling::p[1]").textContent()).toBe(`${file.type}, ${file.content.length} B`);
    expect((await download(sales, () => link.click())).equals(file.content), file.name).toBe(true);
  }
  const fileUrl = new URL((await sales.getByRole("link", { name: files[0]!.name }).getAttribute("href"))!, server.baseURL).toString();

  // Status and note, both in the history with the name of who did them.
  await sales.getByRole("combobox", { name: "Status" }).selectOption("contacted");
  await Promise.all([sales.waitForURL(/\?done=status$/), sales.getByRole("button", { name: "Change status" }).click()]);
  await sales.getByRole("status").getByText("The status was changed.").waitFor();
  await sales.getByLabel("Internal note").fill("Called them.\nThey want a demo on Friday.");
  await Promise.all([sales.waitForURL(/\?done=note$/), sales.getByRole("button", { name: "Add note" }).click()]);
  await sales.getByRole("status").getByText("Your note was added.").waitFor();
  expect(await sales.getByLabel("Internal note").inputValue()).toBe("");
  expect(await history(sales).allInnerTexts()).toEqual([
    expect.stringMatching(/^Sam Sales · .+\n\nChanged the status from “New” to “Contacted”\.$/),
    expect.stringMatching(/^Sam Sales · .+\n\nCalled them\.\nThey want a demo on Friday\.$/),
  ]);
  await expectNoAxeViolations(sales);

  // Opened: no longer unread. The export of the same search holds the row, its formula neutralised.
  await sales.goto(listUrl);
  const nameCell = sales.locator("tbody tr th").first();
  expect(await nameCell.locator("a").textContent()).toBe(values.fullName);
  // Under the name only its reference, no unread mark.
  expect((await nameCell.textContent())!.slice(values.fullName.length)).toMatch(/^CON-\d{4}-[2-9A-HJKMNP-Z]{6}$/);
  const csv = (await download(sales, () => sales.getByRole("link", { name: "Export these as CSV" }).click())).toString("utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\n");
  expect(lines[0]).toMatch(
    /^"ID","Reference","Submitted at","Status","Owner","Due at","First response at","Business minutes to first response","Full name","Email","Country","Phone","Project brief","Attachments","Source",/,
  );
  expect(lines).toHaveLength(3);
  // The phone starts with "+", so it is neutralised too.
  expect(lines[1]).toMatch(/^"\d+","CON-\d{4}-[2-9A-HJKMNP-Z]{6}","\d{4}-\d\d-\d\dT[\d:.]+Z",/);
  // Moved to contacted by hand, which is not a response: no owner (no team here), a due time, and the clock still open.
  expect(lines[1]).toMatch(/,"contacted","","[\d-]+T[\d:.]+Z","","",/);
  expect(lines[1]).toContain(`","${values.fullName}","${values.email}","${values.country}","'${values.phone}","'=1+1`);
  expect(lines[1]!.endsWith(`"'=1+1`)).toBe(true);
  // A request posted without the form's hidden fields has no source: its source cells are empty.
  expect(lines[2]).toBe(`Marker ${stamp}: a CRM for 40 clinics.","${files[0]!.name}; ${files[1]!.name}"${',""'.repeat(attributionCsvColumns().length)}`);

  // A recruiter gets the 403 page and not the file; a visitor gets 401 and not a byte.
  const recruiter = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 403/ });
  await signInAs(recruiter, server, "recruiter", { name: "Rita Recruiter" });
  const refused = await recruiter.goto("/staff/consultations");
  expect(refused?.status()).toBe(403);
  await recruiter.getByRole("heading", { level: 1, name: "No access" }).waitFor();
  expect(await recruiter.content()).not.toContain(values.fullName);
  expect((await recruiter.goto(detailUrl))?.status()).toBe(403);
  const recruiterDownload = await recruiter.request.get(fileUrl);
  expect(recruiterDownload.status()).toBe(403);
  expect((await recruiterDownload.body()).includes(sampleFiles.pdf.subarray(0, 8))).toBe(false);
  const anonymous = await fetch(fileUrl);
  expect(anonymous.status).toBe(401);
  expect(Buffer.from(await anonymous.arrayBuffer()).includes(sampleFiles.pdf.subarray(0, 8))).toBe(false);

  // An address no stored file can have (a NUL, which PostgreSQL refuses in text) is 404 like any unknown file, and nothing is logged as an error.
  const logBefore = server.output().length;
  for (const address of ["/staff/files/%00", "/staff/files/a%00b", `${new URL(fileUrl).pathname}%00`]) {
    const missing = await sales.request.get(`${server.baseURL}${address}`);
    expect(missing.status(), address).toBe(404);
    expect(await missing.text(), address).toBe("There is no such file; it may have been deleted.\n");
  }
  expect(server.output().slice(logBefore)).not.toMatch(/"level":(50|60)/);

  // Two tabs on the same request: the second tab's change is refused and the first one stands.
  const other = await sales.context().newPage();
  await Promise.all([sales.goto(detailUrl), other.goto(detailUrl)]);
  await sales.getByRole("combobox", { name: "Status" }).selectOption("qualified");
  await Promise.all([sales.waitForURL(/\?done=status$/), sales.getByRole("button", { name: "Change status" }).click()]);
  await other.getByRole("combobox", { name: "Status" }).selectOption("lost");
  await other.getByRole("button", { name: "Change status" }).click();
  const conflict = other.getByRole("alert");
  await conflict.waitFor();
  expect(await conflict.textContent()).toBe(
    "Someone changed the status to “Qualified” while you were looking. Nothing was changed; the page now shows their change.",
  );
  await other.getByText("Status: Qualified").waitFor();
  expect(await other.getByRole("combobox", { name: "Status" }).inputValue()).toBe("qualified");
  await other.goto(detailUrl);
  expect((await history(other).allInnerTexts()).filter((entry) => entry.includes("Changed the status"))).toEqual([
    expect.stringContaining("from “New” to “Contacted”"),
    expect.stringContaining("from “Contacted” to “Qualified”"),
  ]);
}

test("the consultations inbox, from a visitor's request to its export (PGlite)", { timeout: 240_000 }, () => journey(pglite));

/** The messages the server's file transport wrote to an address. */
function mailsTo(server: RunningServer, address: string) {
  const directory = mailDir(server.dataDir);
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => parseMail(fs.readFileSync(path.join(directory, name), "utf8")))
    .filter((mail) => mail.headers.get("to") === address);
}

test(
  "sales reply to a lead from its page: the email is threaded under the confirmation, answers reach the lead's owner, the lead is contacted (PGlite)",
  { timeout: 180_000 },
  async () => {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const values = consultationValues({ fullName: `Rhea Reply ${stamp}`, email: `rhea.${stamp}@example.com` });
    await submitConsultation(pglite, values);
    const sales = await newPage({ baseURL: pglite.baseURL });
    const salesEmail = await signInAs(sales, pglite, "sales", { name: "Sam Replier", at: `/staff/consultations?q=${stamp}` });
    await Promise.all([sales.waitForURL(/\/staff\/consultations\/\d+$/), sales.getByRole("link", { name: values.fullName }).click()]);
    const id = new URL(sales.url()).pathname.split("/").pop();

    // The rotation gave the lead to a colleague; the replier takes it, so the lead's answers reach them.
    await sales.getByRole("combobox", { name: "Owner" }).selectOption({ label: "Sam Replier" });
    await Promise.all([sales.waitForURL(/\?done=owner$/), sales.getByRole("button", { name: "Change owner" }).click()]);

    // The draft starts from the default template, filled in for this lead and this sender.
    const reply = sales.getByRole("region", { name: `Reply to ${values.fullName}` });
    expect(await reply.getByLabel("Subject").inputValue()).toBe("Your consultation request");
    const draft = await reply.getByLabel("Message").inputValue();
    expect(draft).toMatch(new RegExp(`^Dear ${values.fullName},\n`));
    expect(draft).toContain("Kind regards,\nSam Replier");
    await expectNoAxeViolations(sales);

    await reply.getByLabel("Message").fill(`Dear Rhea,\n\nCould we talk on Friday at 10?\n\nSam`);
    await Promise.all([sales.waitForURL(/\?done=reply-(sent|queued)$/), reply.getByRole("button", { name: "Send reply" }).click()]);
    await sales.getByText("Status: Contacted").waitFor();
    expect(await history(sales).allInnerTexts()).toEqual([
      expect.stringMatching(/^Sam Replier · .+\n\nSent a reply: Your consultation request\n\nEmail: (Sent|Waiting to be sent|Sending)\n\nShow the message$/),
      expect.stringMatching(/^Sam Replier · .+\n\nChanged the status from “New” to “Contacted”\.$/),
    ]);

    await waitUntil(() => mailsTo(pglite, values.email).length === 2);
    const mails = mailsTo(pglite, values.email);
    const confirmation = mails.find((mail) => mail.headers.get("subject")!.startsWith("We received"))!;
    const sent = mails.find((mail) => mail.headers.get("subject") === "Your consultation request")!;
    expect(confirmation.headers.get("message-id")).toBe(`<consultation-${id}-confirmation@${new URL(pglite.baseURL).hostname}>`);
    expect(sent.headers.get("in-reply-to")).toBe(confirmation.headers.get("message-id"));
    expect(sent.headers.get("references")).toBe(confirmation.headers.get("message-id"));
    expect(sent.headers.get("reply-to")).toBe(salesEmail);
    // What staff wrote, then the branded frame's footer.
    expect(sent.text).toMatch(/^Dear Rhea,\n\nCould we talk on Friday at 10\?\n\nSam\n\n--\nKraf Technologies · /);

    // Once the outbox has it, the history says it went, and so does the list of the lead's emails.
    await sales.reload();
    await history(sales).first().getByText("Email: Sent").waitFor();
    await sales.getByRole("region", { name: "Emails" }).getByText("Reply from staff").waitFor();

    // The admin's screen for the templates, on a desktop and a phone.
    const admin = await newPage({ baseURL: pglite.baseURL });
    await signInAs(admin, pglite, "admin", { name: "Ada Admin", at: "/staff/reply-templates" });
    await admin.getByRole("heading", { level: 3, name: "Thank you for your request" }).waitFor();
    await expectNoAxeViolations(admin);
  },
);

test(
  "without JavaScript: search, open, change the status, add a note, and a stale status form is refused with the page as it is now (PostgreSQL)",
  { timeout: 180_000 },
  async () => {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const values = consultationValues({ fullName: `Nojs Lead ${stamp}`, email: `nojs.${stamp}@example.com` });
    await submitConsultation(postgres, values);
    const page = await newPage({ baseURL: postgres.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of (400|409)/ });
    await signInAs(page, postgres, "sales", { name: "Nora Nojs", at: "/staff/consultations" });
    await page.getByLabel("Search name, email, brief or reference").fill(stamp);
    await page.getByRole("combobox", { name: "Status" }).selectOption("new");
    await Promise.all([page.waitForURL(/\?q=.+&status=new&source=&sort=newest&owner=$/), page.getByRole("button", { name: "Show" }).click()]);
    await Promise.all([page.waitForURL(/\/staff\/consultations\/\d+$/), page.getByRole("link", { name: values.fullName }).click()]);
    const detailUrl = page.url();

    await page.getByRole("combobox", { name: "Status" }).selectOption("won");
    await Promise.all([page.waitForURL(/\?done=status$/), page.getByRole("button", { name: "Change status" }).click()]);
    await page.getByRole("status").getByText("The status was changed.").waitFor();
    await page.getByLabel("Internal note").fill("Signed.");
    await Promise.all([page.waitForURL(/\?done=note$/), page.getByRole("button", { name: "Add note" }).click()]);
    expect(await history(page).allInnerTexts()).toEqual([expect.stringContaining("Nora Nojs"), expect.stringMatching(/Nora Nojs[^]*Signed\.$/)]);

    // A blank note changes nothing and says why.
    await page.getByLabel("Internal note").fill("   ");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByRole("alert").getByText("Write the note before adding it.").waitFor();
    expect(await history(page).count()).toBe(2);

    const other = await page.context().newPage();
    await Promise.all([page.goto(detailUrl), other.goto(detailUrl)]);
    await page.getByRole("combobox", { name: "Status" }).selectOption("lost");
    await Promise.all([page.waitForURL(/\?done=status$/), page.getByRole("button", { name: "Change status" }).click()]);
    await other.getByRole("combobox", { name: "Status" }).selectOption("spam");
    await Promise.all([other.waitForLoadState("load"), other.getByRole("button", { name: "Change status" }).click()]);
    await other.getByRole("alert").getByText("Someone changed the status to “Lost” while you were looking.", { exact: false }).waitFor();
    await other.getByText("Status: Lost").waitFor();
    expect(await other.getByRole("combobox", { name: "Status" }).inputValue()).toBe("lost");
    expect((await history(other).allInnerTexts()).some((entry) => entry.includes("“Spam”"))).toBe(false);
  },
);

test(
  "without JavaScript: an admin adds a reply template and the signature; sales start from it, a subject with a line break is refused, and a form posted twice sends one reply (PostgreSQL)",
  { timeout: 180_000 },
  async () => {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const admin = await newPage({ baseURL: postgres.baseURL, javaScriptEnabled: false });
    await signInAs(admin, postgres, "admin", { name: "Ada Admin", at: "/staff/reply-templates" });
    const form = admin.getByRole("region", { name: "Add a template" });
    await form.getByLabel("Name").fill(`Follow-up ${stamp}`);
    await form.getByLabel("Subject").fill("Following up, {{name}}");
    await form.getByLabel("Message").fill("Hi {{name}},\n\nFollowing up on your request.\n\n{{sender}}\n{{signature}}");
    await form.getByRole("button", { name: "Add template" }).click();
    await admin.getByRole("status").getByText(`The template “Follow-up ${stamp}” was added.`).waitFor();
    await admin.getByLabel("The company's signature").fill(`Kraf sales ${stamp}`);
    await admin.getByRole("button", { name: "Save signature" }).click();
    await admin.getByRole("status").getByText("The signature was saved.").waitFor();

    const values = consultationValues({ fullName: `Tess Template ${stamp}`, email: `tess.${stamp}@example.com` });
    await submitConsultation(postgres, values);
    const sales = await newPage({ baseURL: postgres.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
    await signInAs(sales, postgres, "sales", { name: "Sid Sales", at: `/staff/consultations?q=${stamp}` });
    await Promise.all([sales.waitForURL(/\/staff\/consultations\/\d+$/), sales.getByRole("link", { name: values.fullName }).click()]);
    const detailPath = new URL(sales.url()).pathname;
    await sales.getByLabel("Start from the template").selectOption({ label: `Follow-up ${stamp}` });
    await Promise.all([sales.waitForURL(/\?template=\d+$/), sales.getByRole("button", { name: "Use this template" }).click()]);
    expect(await sales.getByLabel("Subject").inputValue()).toBe(`Following up, ${values.fullName}`);
    expect(await sales.getByLabel("Message").inputValue()).toBe(`Hi ${values.fullName},\n\nFollowing up on your request.\n\nSid Sales\nKraf sales ${stamp}`);

    // The form as a browser posts it, with the key the page was rendered with.
    const idempotencyKey = await sales.locator('input[name="idempotencyKey"]').inputValue();
    expect(idempotencyKey).not.toBe("");
    const post = (subject: string) =>
      sales.request.post(detailPath, { form: { intent: "reply", subject, body: "Hi Tess,\n\nFollowing up.", idempotencyKey }, maxRedirects: 0 });
    const injected = await post("Following up\r\nBcc: everyone@example.com");
    expect(injected.status()).toBe(400);
    expect(await injected.text()).toContain("Subject must be a single line of text without tabs, line breaks or control characters.");
    for (let attempt = 0; attempt < 2; attempt++) {
      const sent = await post("Following up");
      expect(sent.status()).toBe(303);
      expect(sent.headers().location).toMatch(/\?done=reply-(sent|queued)$/);
    }
    await sales.goto(detailPath);
    expect((await history(sales).allInnerTexts()).filter((entry) => entry.includes("Sent a reply"))).toEqual([
      expect.stringMatching(/^Sid Sales · .+\n\nSent a reply: Following up\n/),
    ]);
    await sales.getByText("Status: Contacted").waitFor();
    const replies = await database.pool.query("select count(*)::int as n from outbox where template = 'inbox-reply' and to_address = $1", [values.email]);
    expect(replies.rows[0].n).toBe(1);
  },
);

test(
  "without JavaScript: Older then Newer page through a search, the address carrying the cursor and the search (PostgreSQL)",
  { timeout: 180_000 },
  async () => {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    // 30 matching requests a minute apart (Pager 30 newest): a full page of 25, then 5.
    await database.pool.query(
      `insert into consultations (full_name, email, country, phone, project_brief, submitted_at)
     select 'Pager ' || i, 'pager' || i || '@example.com', 'India', '1', 'Brief pager-' || $1, timestamptz '2026-03-01 09:00:00+00' + i * interval '1 minute'
     from generate_series(1, 30) as i`,
      [stamp],
    );
    const names = (count: number, from: number) => Array.from({ length: count }, (_, i) => `Pager ${from - i}`);
    const page = await newPage({ baseURL: postgres.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
    await signInAs(page, postgres, "sales", { name: "Paula Pager", at: "/staff/consultations" });
    await page.getByLabel("Search name, email, brief or reference").fill(`pager-${stamp}`);
    await Promise.all([page.waitForURL(/\?q=/), page.getByRole("button", { name: "Show" }).click()]);
    const shown = () => page.locator("tbody tr th a").allTextContents();
    const pages = page.getByRole("navigation", { name: "Pages" });
    expect(await shown()).toEqual(names(25, 30));
    await page.getByRole("region", { name: "Matching consultation requests, newest first: 30" }).waitFor();
    expect(await pages.getByRole("link", { name: "Newer" }).count()).toBe(0);

    await Promise.all([page.waitForURL(/[?&]older=\d+-\d+/), pages.getByRole("link", { name: "Older" }).click()]);
    expect(new URL(page.url()).searchParams.get("q")).toBe(`pager-${stamp}`);
    expect(await shown()).toEqual(names(5, 5));
    expect(await pages.getByRole("link", { name: "Older" }).count()).toBe(0);
    expect(await page.getByLabel("Search name, email, brief or reference").inputValue()).toBe(`pager-${stamp}`);

    await Promise.all([page.waitForURL(/[?&]newer=\d+-\d+/), pages.getByRole("link", { name: "Newer" }).click()]);
    expect(new URL(page.url()).searchParams.get("q")).toBe(`pager-${stamp}`);
    expect(await shown()).toEqual(names(25, 30));
    expect(await pages.getByRole("link", { name: "Newer" }).count()).toBe(0);
    await pages.getByRole("link", { name: "Older" }).waitFor();

    // A damaged page link answers with a sentence, not a database error.
    const damaged = await page.goto("/staff/consultations?older=yesterday");
    expect(damaged?.status()).toBe(400);
    await page.getByText("This page link of the list is damaged. Open the list again from the navigation.").waitFor();
  },
);

test(
  "without JavaScript: an admin saves business hours (a bad time refused with its sentence), and a lead shows its clock, first in the urgent order and on the staff home (PostgreSQL)",
  { timeout: 180_000 },
  async () => {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    // The refused save answers 400, which the browser logs.
    const page = await newPage({ baseURL: postgres.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
    await signInAs(page, postgres, "admin", { name: "Bea Hours" });
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Business hours" }).click();
    await page.getByRole("heading", { name: "Business hours" }).waitFor();
    expect(await page.getByLabel("Time zone").inputValue()).toBe("Asia/Kolkata");
    expect(await page.getByLabel("Work starts at").inputValue()).toBe("09:30");
    expect(await page.getByRole("checkbox", { name: "Saturday" }).isChecked()).toBe(false);

    // Work every day of the week, all day in UTC, so the test's lead is waiting whenever it runs.
    await page.getByLabel("Time zone").fill("UTC");
    for (const day of ["Saturday", "Sunday"]) await page.getByRole("checkbox", { name: day }).check();
    await page.getByLabel("Work starts at").fill("18:00");
    await page.getByLabel("Work ends at").fill("09:00");
    await page.getByLabel("Holidays").fill("2099-12-25 Christmas Day");
    await page.getByRole("button", { name: "Save business hours" }).click();
    await page.getByRole("alert").getByText("Work must end later in the day than it starts.").waitFor();
    expect(await page.getByLabel("Time zone").inputValue()).toBe("UTC");
    expect(await page.getByRole("checkbox", { name: "Sunday" }).isChecked()).toBe(true);
    await page.getByLabel("Work starts at").fill("00:00");
    await page.getByLabel("Work ends at").fill("23:59");
    await page.getByRole("button", { name: "Save business hours" }).click();
    await page.getByRole("status").getByText("Business hours saved.", { exact: false }).waitFor();
    expect(await page.getByLabel("Holidays").inputValue()).toBe("2099-12-25 Christmas Day");

    // A lead from the form is due in business time; one long overdue (written without a clock, as before it) comes first.
    await submitConsultation(postgres, consultationValues({ fullName: `Fresh ${stamp}`, brief: `Clock ${stamp}: a portal.` }));
    await database.pool.query(
      `insert into consultations (full_name, email, country, phone, project_brief, submitted_at) values ($1, 'late@example.com', 'India', '1', $2, timestamptz '2000-01-03 09:00:00+00')`,
      [`Late ${stamp}`, `Clock ${stamp}: late.`],
    );
    await page.goto(`/staff/consultations?q=${encodeURIComponent(`clock ${stamp}`)}`);
    await page.getByLabel("Order").selectOption("urgent");
    await Promise.all([page.waitForURL(/[?&]sort=urgent/), page.getByRole("button", { name: "Show" }).click()]);
    const rows = page.locator("tbody tr");
    expect(await rows.locator("th a").allTextContents()).toEqual([`Late ${stamp}`, `Fresh ${stamp}`]);
    expect(await rows.nth(0).textContent()).toMatch(/overdue by \d+ h \d{2} min/);
    expect(await rows.nth(1).textContent()).toMatch(/due in (59|58|57) min/);
    await page.getByRole("region", { name: /Matching consultation requests, most urgent first, answered ones after: 2/ }).waitFor();
    const listAddress = new URL(page.url()).pathname + new URL(page.url()).search;

    await page.getByRole("link", { name: `Fresh ${stamp}` }).click();
    await page.getByText("First response due").waitFor();
    expect(await page.locator("dl", { hasText: "First response due" }).textContent()).toMatch(/Responsedue in \d+ min/);

    await page.goto("/staff");
    const urgent = page.getByRole("region", { name: "Leads waiting for their first response" });
    await urgent.getByRole("link", { name: `Late ${stamp}` }).waitFor();
    expect(await urgent.textContent()).toMatch(/overdue by/);

    // axe runs in the page, so it checks the same pages with JavaScript on.
    const scripted = await newPage({ baseURL: postgres.baseURL });
    await signInAs(scripted, postgres, "admin", { name: "Axel Hours" });
    for (const address of ["/staff/business-hours", listAddress, "/staff"]) {
      await scripted.goto(address);
      await expectNoAxeViolations(scripted);
    }
  },
);
