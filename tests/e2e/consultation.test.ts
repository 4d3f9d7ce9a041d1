import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { site } from "#app/content/site.ts";
import { parseMail } from "#tests/support/mail.ts";
import { setupBrowser, waitForHydration } from "#tests/support/browser.ts";
import {
  consultationFilesDir,
  consultationValues,
  freshPostgres,
  listFiles,
  mailDir,
  openPgliteOf,
  sampleFiles,
  stopKeepingData,
  waitFor,
  type FreshPostgres,
} from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";

/*
 * The consultation panel end to end. The scripted journeys run on a server
 * backed by a fresh PostgreSQL database (rows read while it runs); the
 * journey without JavaScript runs on the default embedded PGlite, read after
 * its server stops.
 */

const ALL_MISSING = "Please fill all required fields: Full Name, Email Address, Country, Phone Number, Project Brief";
const SUBMITTED = "Consultation request submitted successfully!";
const EMAIL_SENT = "Confirmation email sent successfully!";

const { newPage } = setupBrowser();
let server: RunningServer;
let database: FreshPostgres;

beforeAll(async () => {
  database = await freshPostgres();
  server = await startServer({ FORM_RATE_LIMIT: "1000", DATABASE_URL: database.url });
});

afterAll(async () => {
  await server?.stop();
  await database?.dispose();
});

type Values = ReturnType<typeof consultationValues>;
const fieldNames = ["fullName", "email", "country", "phone", "brief"] as const;

async function openPanel(page: Page, scripted = true) {
  await page.goto("/crm");
  if (scripted) await waitForHydration(page);
  const form = page.locator(scripted ? "#consultation form[novalidate]" : "#consultation form");
  await form.waitFor({ state: "attached" });
  return form;
}

async function fill(form: ReturnType<Page["locator"]>, values: Partial<Values>) {
  for (const name of fieldNames) {
    const value = values[name];
    if (value !== undefined) await form.locator(`[name="${name}"]`).fill(value);
  }
}

async function formValues(form: ReturnType<Page["locator"]>) {
  const values: Record<string, string> = {};
  for (const name of fieldNames) values[name] = await form.locator(`[name="${name}"]`).inputValue();
  return values;
}

const toastTexts = (page: Page) => page.getByTestId("toast-text").allTextContents();
const waitForToast = (page: Page, text: string) => page.getByTestId("toast-text").getByText(text, { exact: true }).waitFor();

type ConsultationRow = {
  id: string;
  full_name: string;
  email: string;
  country: string;
  phone: string;
  project_brief: string;
  file_url: string | null;
  submitted_at: Date;
};

async function rowsByEmail(email: string) {
  const { rows } = await database.pool.query<ConsultationRow>(
    "select id::text, full_name, email, country, phone, project_brief, file_url, submitted_at from consultations where email = $1 order by id",
    [email],
  );
  return rows;
}

const unique = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

test("with JavaScript: an empty submit lists every required field; a partial one lists exactly the blank ones", async () => {
  const page = await newPage({ baseURL: server.baseURL });
  const form = await openPanel(page);
  const rowsBefore = await database.count("consultations");

  await form.getByRole("button", { name: "Enquire Now" }).click();
  await waitForToast(page, ALL_MISSING);
  for (const name of fieldNames) expect(await form.locator(`[name="${name}"]`).getAttribute("aria-invalid"), name).toBe("true");

  // Whitespace is blank too.
  await fill(form, { fullName: "Asha Verma", country: "   ", phone: "+91 1234", brief: "" });
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await waitForToast(page, "Please fill all required fields: Email Address, Country, Project Brief");
  expect(await form.locator('[name="fullName"]').getAttribute("aria-invalid")).toBeNull();
  expect(await form.locator('[name="email"]').getAttribute("aria-invalid")).toBe("true");
  expect(await form.locator('[name="fullName"]').inputValue()).toBe("Asha Verma");
  // The toaster is the top-right live region.
  expect(await page.getByTestId("toaster").locator('[role="alert"]').count()).toBe(1);
  expect(await database.count("consultations")).toBe(rowsBefore);
});

test("with JavaScript: the missing-fields toast closes once the fields it lists are filled, not 5 s later; a success closes the form's error toasts", async () => {
  const page = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 415/ });
  const form = await openPanel(page);
  const values = consultationValues({ email: unique("stale") });
  const errorToasts = page.getByTestId("toaster").locator('[data-kind="error"]');

  await fill(form, { fullName: values.fullName, phone: values.phone });
  await form.getByRole("button", { name: "Enquire Now" }).click();
  const missing = "Please fill all required fields: Email Address, Country, Project Brief";
  await waitForToast(page, missing);
  // Part of the list filled: it still holds, so it stays.
  await fill(form, { email: values.email, country: values.country });
  await page.waitForTimeout(300);
  expect(await page.getByTestId("toast-text").allTextContents()).toContain(missing);
  // The last one filled: it goes at once, well inside its 5 s.
  await fill(form, { brief: values.brief });
  await errorToasts.first().waitFor({ state: "detached", timeout: 1500 });
  expect(await errorToasts.count()).toBe(0);

  // An invalid email: its toast stays while another field is edited, and goes once the email is.
  await form.locator('[name="email"]').fill("a@b");
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await errorToasts.first().waitFor();
  await form.locator('[name="brief"]').fill(`${values.brief} Soon.`);
  await page.waitForTimeout(300);
  expect(await errorToasts.count()).toBe(1);
  await form.locator('[name="email"]').fill(values.email);
  await errorToasts.first().waitFor({ state: "detached", timeout: 1500 });

  // A file refused by the server, then taken off the list: its toast stays until the next post succeeds.
  await form.locator('input[type="file"]').setInputFiles([{ name: "photo.png", mimeType: "image/png", buffer: sampleFiles.exe }]);
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await page
    .getByTestId("toast-text")
    .filter({ hasText: /^File upload failed: / })
    .waitFor();
  await form.locator('ul[aria-label="Attached files"] button').first().click();
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await waitForToast(page, SUBMITTED);
  expect(await errorToasts.count()).toBe(0);
  expect(await rowsByEmail(values.email)).toHaveLength(1);
});

test("with JavaScript: three files upload, the visitor sees both success toasts, the form resets; row, attachments, files and both mails exist", async () => {
  const page = await newPage({ baseURL: server.baseURL });
  const form = await openPanel(page);
  const values = consultationValues({ email: unique("asha"), brief: "Billing for 40 clinics.\nSecond line." });
  const files = [
    { name: "Project brief é (v2).pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf },
    { name: "screen shot.png", mimeType: "image/png", buffer: sampleFiles.png },
    { name: "figures.csv", mimeType: "text/csv", buffer: sampleFiles.csv },
  ];

  await fill(form, values);
  await form.locator('input[type="file"]').setInputFiles(files);
  const listed = form.locator('ul[aria-label="Attached files"] li');
  expect(await listed.count()).toBe(3);
  expect(await listed.first().textContent()).toContain("Project brief é (v2).pdf");

  const before = Date.now();
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await waitForToast(page, SUBMITTED);
  await waitForToast(page, EMAIL_SENT);
  expect((await toastTexts(page)).filter((text) => text.startsWith("Failed") || text.startsWith("Error"))).toEqual([]);
  expect(await formValues(form)).toEqual({ fullName: "", email: "", country: "", phone: "", brief: "" });
  expect(await listed.count()).toBe(0);
  expect(await form.locator('input[type="file"]').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

  // The row, with the spec's columns.
  const rows = await rowsByEmail(values.email);
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({
    full_name: values.fullName,
    email: values.email,
    country: values.country,
    phone: values.phone,
    project_brief: values.brief,
  });
  const stamp = row.submitted_at.getTime();
  expect(stamp).toBeGreaterThanOrEqual(before - 1000);
  expect(row.file_url).toBe(`${server.baseURL}/staff/files/consultation/${stamp}_Project_brief_e_v2_.pdf`);

  // Every file, in the order chosen, with sanitised names.
  const { rows: attachments } = await database.pool.query<{
    storage_key: string;
    original_name: string;
    content_type: string;
    size_bytes: string;
    position: number;
  }>("select storage_key, original_name, content_type, size_bytes::text, position from consultation_attachments where consultation_id = $1 order by position", [
    row.id,
  ]);
  expect(attachments).toEqual([
    {
      storage_key: `consultation/${stamp}_Project_brief_e_v2_.pdf`,
      original_name: files[0]!.name,
      content_type: "application/pdf",
      size_bytes: String(sampleFiles.pdf.length),
      position: 0,
    },
    {
      storage_key: `consultation/${stamp}_screen_shot.png`,
      original_name: "screen shot.png",
      content_type: "image/png",
      size_bytes: String(sampleFiles.png.length),
      position: 1,
    },
    {
      storage_key: `consultation/${stamp}_figures.csv`,
      original_name: "figures.csv",
      content_type: "text/csv",
      size_bytes: String(sampleFiles.csv.length),
      position: 2,
    },
  ]);
  const dir = consultationFilesDir(server.dataDir);
  for (const [index, attachment] of attachments.entries()) {
    const stored = path.join(dir, attachment.storage_key.slice("consultation/".length));
    expect(fs.readFileSync(stored).equals(files[index]!.buffer), stored).toBe(true);
  }

  // Two messages written as .eml: the confirmation with the template params, the notification to sales.
  const mails = await waitFor(
    () => listFiles(mailDir(server.dataDir)).filter((name) => name.endsWith(".eml")),
    (names) => names.filter((name) => name.includes("consultation-")).length >= 2,
  );
  const read = (name: string) => parseMail(fs.readFileSync(path.join(mailDir(server.dataDir), name), "utf8"));
  const confirmations = mails
    .map(read)
    .filter((mail) => mail.headers.get("to")?.includes(values.email) && !mail.headers.get("to")?.includes(site.emails.sales));
  const notifications = mails.map(read).filter((mail) => mail.headers.get("to")?.includes(site.emails.sales) && mail.text.includes(values.email));
  expect(confirmations).toHaveLength(1);
  expect(notifications).toHaveLength(1);
  for (const text of [values.fullName, values.country, values.phone, "Billing for 40 clinics.", "Second line."]) {
    expect(confirmations[0]!.text, text).toContain(text);
    expect(notifications[0]!.text, text).toContain(text);
  }

  // Private: the address in file_url refuses an anonymous visitor.
  const download = await fetch(row.file_url!);
  expect(download.status).toBe(401);
  expect(await download.text()).not.toContain("%PDF");
});

test("a brief at the input's limit with line breaks is accepted and stored as typed (browsers send CRLF)", async () => {
  const page = await newPage({ baseURL: server.baseURL });
  const form = await openPanel(page);
  const line = "x".repeat(99);
  // 50 lines of 99 characters joined by 49 line breaks: 4999 characters in the textarea, under its maxlength of 5000.
  const brief = Array.from({ length: 50 }, () => line).join("\n");
  const values = consultationValues({ email: unique("crlf"), brief });
  await fill(form, values);
  expect((await form.locator('[name="brief"]').inputValue()).length).toBe(4999);
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await waitForToast(page, SUBMITTED);
  const rows = await rowsByEmail(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.project_brief).toBe(brief);
});

test("with JavaScript: a file that is not an allowed type by content aborts everything, and the typed values stay", async () => {
  const page = await newPage({ baseURL: server.baseURL, allowConsoleErrors: /status of 415/ });
  const form = await openPanel(page);
  const values = consultationValues({ email: unique("badfile") });
  const dir = consultationFilesDir(server.dataDir);
  const filesBefore = listFiles(dir);
  const rowsBefore = await database.count("consultations");
  const attachmentsBefore = await database.count("consultation_attachments");

  await fill(form, values);
  // A good PDF first, then a Windows executable named as a PNG: not even the PDF may be kept.
  await form.locator('input[type="file"]').setInputFiles([
    { name: "brief.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf },
    { name: "photo.png", mimeType: "image/png", buffer: sampleFiles.exe },
  ]);
  await form.getByRole("button", { name: "Enquire Now" }).click();
  const toast = page.getByTestId("toast-text").filter({ hasText: /^File upload failed: / });
  await toast.waitFor();
  expect(await toast.textContent()).toContain("photo.png");
  expect(await formValues(form)).toEqual(values);
  expect(await database.count("consultations")).toBe(rowsBefore);
  expect(await database.count("consultation_attachments")).toBe(attachmentsBefore);
  expect(listFiles(dir)).toEqual(filesBefore);
  expect((await toastTexts(page)).some((text) => text === SUBMITTED)).toBe(false);

  // A text file renamed .pdf.
  await form.locator('ul[aria-label="Attached files"] button').first().click();
  await form.locator('ul[aria-label="Attached files"] button').first().click();
  await form.locator('input[type="file"]').setInputFiles([{ name: "notes.pdf", mimeType: "application/pdf", buffer: sampleFiles.text }]);
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await page
    .getByTestId("toast-text")
    .filter({ hasText: /^File upload failed: notes\.pdf/ })
    .waitFor();
  expect(await formValues(form)).toEqual(values);
  expect(await rowsByEmail(values.email)).toHaveLength(0);
  expect(listFiles(dir)).toEqual(filesBefore);
});

test("a retried post with the same idempotency key stores one request; a filled honeypot answers success and stores nothing", async () => {
  const values = consultationValues({ email: unique("retry") });
  const post = (extra: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...values, ...extra })) body.append(name, value);
    body.append("files", new Blob([sampleFiles.pdf], { type: "application/pdf" }), "retry.pdf");
    return fetch(`${server.baseURL}/consultation`, { method: "POST", body });
  };
  const filesBefore = listFiles(consultationFilesDir(server.dataDir)).length;

  const key = "retry-key-0123456789";
  const [first, second] = await Promise.all([post({ idempotencyKey: key }), post({ idempotencyKey: key })]);
  const third = await post({ idempotencyKey: key });
  for (const response of [first, second, third]) {
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(SUBMITTED);
  }
  expect(await rowsByEmail(values.email)).toHaveLength(1);
  expect(listFiles(consultationFilesDir(server.dataDir)).length).toBe(filesBefore + 1);

  const rowsBefore = await database.count("consultations");
  const trap = await post({ idempotencyKey: "honeypot-key-0123456789", website: "https://spam.example", email: unique("bot") });
  expect(trap.status).toBe(200);
  expect(await trap.text()).toContain(SUBMITTED);
  expect(await database.count("consultations")).toBe(rowsBefore);
  expect(listFiles(consultationFilesDir(server.dataDir)).length).toBe(filesBefore + 1);
});

test("a fast double click stores one request", async () => {
  const page = await newPage({ baseURL: server.baseURL });
  const form = await openPanel(page);
  const values = consultationValues({ email: unique("double") });
  await fill(form, values);
  await form.getByRole("button", { name: "Enquire Now" }).dblclick();
  await waitForToast(page, SUBMITTED);
  await page.waitForTimeout(300);
  expect(await rowsByEmail(values.email)).toHaveLength(1);
});

test("without JavaScript (PGlite): missing fields come back on /consultation with the values kept; success stores the row, the file and the mail", async () => {
  const own = await startServer({ FORM_RATE_LIMIT: "1000" });
  const dataDir = own.dataDir;
  try {
    const page = await newPage({ baseURL: own.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 400/ });
    let form = await openPanel(page, false);
    expect(await form.getAttribute("novalidate")).toBeNull();
    const values = consultationValues({ email: unique("nojs") });

    // Spaces pass the browser's required check; the server still finds Country and Project Brief blank.
    await fill(form, { ...values, country: "  ", brief: "   " });
    await Promise.all([page.waitForURL("**/consultation"), form.getByRole("button", { name: "Enquire Now" }).click()]);
    form = page.locator("#consultation form");
    expect(await form.locator('p[role="alert"]').textContent()).toBe("Please fill all required fields: Country, Project Brief");
    expect(await form.locator('[name="fullName"]').inputValue()).toBe(values.fullName);
    expect(await form.locator('[name="email"]').inputValue()).toBe(values.email);
    expect(await form.locator('[name="phone"]').inputValue()).toBe(values.phone);

    await fill(form, { country: values.country, brief: values.brief });
    await form.locator('input[type="file"]').setInputFiles([{ name: "Résumé de projet.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf }]);
    await Promise.all([page.waitForLoadState("load"), form.getByRole("button", { name: "Enquire Now" }).click()]);
    const status = page.locator('#consultation form div[role="status"]');
    await status.getByText(SUBMITTED, { exact: true }).waitFor();
    expect(await status.textContent()).toContain(EMAIL_SENT);
    expect(await formValues(page.locator("#consultation form"))).toEqual({ fullName: "", email: "", country: "", phone: "", brief: "" });
  } finally {
    expect(await stopKeepingData(own)).toBe(0);
  }
  try {
    const files = listFiles(consultationFilesDir(dataDir));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+_Resume_de_projet\.pdf$/);
    const mails = listFiles(mailDir(dataDir)).filter((name) => name.endsWith(".eml"));
    expect(mails.filter((name) => name.includes("confirmation"))).toHaveLength(1);
    expect(mails.filter((name) => name.includes("notification"))).toHaveLength(1);

    const opened = await openPgliteOf(dataDir);
    try {
      const { consultations } = await import("#app/platform/db/schema.server.ts");
      const rows = await opened.db.select().from(consultations);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ country: "India", projectBrief: consultationValues().brief });
      expect(rows[0]!.fileUrl).toBe(`${own.baseURL}/staff/files/consultation/${files[0]}`);
      expect(files[0]!.startsWith(`${rows[0]!.submittedAt.getTime()}_`)).toBe(true);
    } finally {
      await opened.close();
    }
  } finally {
    await own.stop();
  }
});
