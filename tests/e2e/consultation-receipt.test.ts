import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { responseDueText } from "#app/features/leads/response-due.ts";
import { axeViolations, PHONE, setupBrowser, waitForHydration } from "#tests/support/browser.ts";
import { consultationValues, listFiles, mailDir, waitFor } from "#tests/support/forms.ts";
import { parseMail } from "#tests/support/mail.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";

/*
 * What a visitor keeps after sending a consultation, with and without
 * JavaScript: the reference and when to expect the answer, on the page and in
 * the confirmation email, whose replies go to the sales inbox while nobody owns the lead,
 * and which fits a phone's mail program as well as a desktop one.
 */

const SALES_INBOX = "sales-inbox@example.com";
const REFERENCE = /^CON-\d{4}-[2-9A-HJKMNP-Z]{6}$/;
const SUBMITTED = "Consultation request submitted successfully!";
const EMAIL_SENT = "Confirmation email sent successfully!";

const { newPage } = setupBrowser();
const site = setupOwnServer({ FORM_RATE_LIMIT: "1000", SALES_INBOX }, { postgres: true });

const unique = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

async function send(page: Page, email: string, brief?: string) {
  const form = page.locator("#consultation form");
  for (const [name, value] of Object.entries(consultationValues({ email, ...(brief ? { brief } : {}) }))) await form.locator(`[name="${name}"]`).fill(value);
  await form.getByRole("button", { name: "Enquire Now" }).click();
}

/** The stored lead and what the page should say of its due time, for a visitor in `zone` (null: unknown). */
async function storedLead(email: string, zone: string | null) {
  const { rows } = await site.database.pool.query<{ reference: string; due_at: Date; submitted_at: Date }>(
    "select reference, due_at, submitted_at from consultations where email = $1",
    [email],
  );
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  return { reference: row.reference, dueAt: row.due_at, due: responseDueText(row.due_at, row.submitted_at, { visitor: zone, company: "Asia/Kolkata" }) };
}

/** The confirmation email that names this reference, once the outbox has written it. */
async function confirmationMail(reference: string) {
  const dir = mailDir(site.server.dataDir);
  const read = (name: string) => fs.readFileSync(path.join(dir, name), "utf8");
  const [name] = await waitFor(
    () => listFiles(dir).filter((file) => file.includes("consultation-confirmation") && read(file).includes(reference)),
    (names) => names.length === 1,
  );
  return parseMail(read(name!));
}

test("with JavaScript on a phone: the page keeps the reference and the due time in the visitor's zone, focused; the email carries both and replies reach sales; the form works again", async () => {
  const page = await newPage({ viewport: PHONE, timezoneId: "Europe/Berlin" });
  await page.goto(`${site.server.baseURL}/contact-us`);
  await waitForHydration(page);
  const email = unique("receipt");
  await send(page, email);
  await page.getByTestId("toast-text").getByText(SUBMITTED, { exact: true }).waitFor();
  await page.getByTestId("toast-text").getByText(EMAIL_SENT, { exact: true }).waitFor();

  const receipt = page.getByTestId("consultation-receipt");
  const reference = (await receipt.getByTestId("consultation-reference").textContent()) ?? "";
  expect(reference).toMatch(REFERENCE);
  const lead = await storedLead(email, "Europe/Berlin");
  expect(reference).toBe(lead.reference);
  expect(await receipt.getByTestId("consultation-due").textContent()).toBe(lead.due);
  expect(lead.due).toMatch(/^(within the hour|by \d\d:\d\d on \w+day, \d{1,2} \w+, your time)$/);
  // Screen readers hear it: focus moves to its heading.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Request received");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page, '[data-testid="consultation-receipt"]')).toEqual([]);

  const mail = await confirmationMail(reference);
  expect(mail.headers.get("subject")).toContain(reference);
  expect(mail.headers.get("reply-to")).toBe(SALES_INBOX);
  const berlinDue = lead.dueAt.toLocaleString("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  expect(mail.text).toContain(`Your reference is ${reference}`);
  expect(mail.text).toMatch(new RegExp(`by ${berlinDue} on \\w+day, \\d{1,2} \\w+, Central European (Standard|Summer) Time\\.`));

  // The form is empty and takes another request, which gets a reference of its own.
  const again = unique("again");
  await send(page, again);
  await waitFor(
    () => receipt.getByTestId("consultation-reference").textContent(),
    (text) => text !== reference && REFERENCE.test(text ?? ""),
  );
  expect(await receipt.getByTestId("consultation-reference").textContent()).toBe((await storedLead(again, "Europe/Berlin")).reference);
});

test("without JavaScript: /consultation draws the same confirmation, its time in the company's zone by name", async () => {
  const page = await newPage({ javaScriptEnabled: false, timezoneId: "Europe/Berlin" });
  await page.goto(`${site.server.baseURL}/crm`);
  const email = unique("nojs-receipt");
  await Promise.all([page.waitForURL("**/consultation"), send(page, email)]);
  const receipt = page.getByTestId("consultation-receipt");
  const lead = await storedLead(email, null);
  expect(await receipt.getByTestId("consultation-reference").textContent()).toBe(lead.reference);
  expect(lead.reference).toMatch(REFERENCE);
  expect(await receipt.getByTestId("consultation-due").textContent()).toBe(lead.due);
  expect(lead.due).toMatch(/^(within the hour|by \d\d:\d\d on \w+day, \d{1,2} \w+, India Standard Time)$/);
  expect(await page.locator('#consultation form div[role="status"]').textContent()).toContain(SUBMITTED);
  const mail = await confirmationMail(lead.reference);
  expect(mail.text).toMatch(/by \d\d:\d\d on \w+day, \d{1,2} \w+, India Standard Time\./);
});

test("the confirmation's branded HTML comes from the sales team that signs it and fits 375 px and 600 px without overflowing", async () => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto(`${site.server.baseURL}/crm`);
  const email = unique("branded");
  // A long unbroken address in the brief must wrap, not widen the message.
  const brief = `Our shop: https://shop.example.com/${"Catalogue".repeat(12)} and a billing system for 40 clinics.`;
  await Promise.all([page.waitForURL("**/consultation"), send(page, email, brief)]);
  const mail = await confirmationMail((await storedLead(email, null)).reference);
  expect(mail.headers.get("from")).toMatch(new RegExp(`^"?Kraf Technologies Sales"? <${SALES_INBOX}>$`));
  expect(mail.text).toContain(`Kraf Technologies Sales\n`);
  expect(mail.text).toContain(` · ${SALES_INBOX}`);

  for (const width of [PHONE.width, 600]) {
    const viewer = await newPage({ viewport: { width, height: 900 } });
    await viewer.setContent(mail.html, { waitUntil: "load" });
    const fit = await viewer.evaluate(() => {
      const root = document.documentElement;
      const logo = document.querySelector<HTMLImageElement>('img[src$="/logo.png"]');
      return {
        scrollWidth: root.scrollWidth,
        clientWidth: root.clientWidth,
        // Every image, table and cell ends inside the window.
        outside: [...document.querySelectorAll("img, table, td, th, p, a")]
          .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
          .map((element) => element.outerHTML.slice(0, 120)),
        card: document.querySelector(".mail-card")?.getBoundingClientRect().width ?? 0,
        logo: logo ? logo.complete && logo.naturalWidth > 0 : false,
      };
    });
    expect(fit.scrollWidth, `at ${width} px`).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.outside, `at ${width} px`).toEqual([]);
    expect(fit.card).toBeLessThanOrEqual(Math.min(600, width));
    // The logo is the PNG the site serves, at its public origin.
    expect(fit.logo).toBe(true);
  }
});
