import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { site } from "#app/content/site.ts";
import { axeViolations, DESKTOP, gotoHydrated, PHONE, setupBrowser, waitForHydration } from "#tests/support/browser.ts";
import { consultationFilePickers } from "#tests/support/forms.ts";

const { newPage } = setupBrowser();

const ALL_MISSING = "Please fill all required fields: Full Name, Email Address, Country, Phone Number, Project Brief";
const viewports = [DESKTOP, PHONE] as const;

const panel = (page: Page) => page.locator("#consultation");
const footer = (page: Page) => page.locator("footer");

async function noHorizontalScroll(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
}

for (const viewport of viewports) {
  test(`${viewport.width}px: the consultation panel has the five labelled fields, the drop zone, Enquire Now, trust points and contact links`, async () => {
    const page = await newPage({ viewport });
    await gotoHydrated(page, "/crm");
    const section = panel(page);
    expect(await section.getByRole("heading", { level: 2, name: "Book a Free Consultation" }).isVisible()).toBe(true);

    const form = section.locator("form");
    expect(await form.getAttribute("method")).toBe("post");
    expect(await form.getAttribute("action")).toBe("/consultation");
    expect(await form.getAttribute("enctype")).toBe("multipart/form-data");

    const fields = [
      { label: "Full Name", name: "fullName", tag: "INPUT", type: "text", autocomplete: "name", maxLength: "120" },
      { label: "Email Address", name: "email", tag: "INPUT", type: "email", autocomplete: "email", maxLength: "254" },
      { label: "Country", name: "country", tag: "INPUT", type: "text", autocomplete: "country-name", maxLength: "80" },
      { label: "Phone Number", name: "phone", tag: "INPUT", type: "tel", autocomplete: "tel", maxLength: "40" },
      { label: "Project Brief", name: "brief", tag: "TEXTAREA", type: null, autocomplete: "off", maxLength: "5000" },
    ];
    for (const field of fields) {
      // The accessible name leaves out the decorative asterisk.
      const control = section.getByRole("textbox", { name: field.label, exact: true });
      expect(await control.isVisible(), field.label).toBe(true);
      expect(await control.evaluate((element) => element.tagName), field.label).toBe(field.tag);
      expect(await control.getAttribute("name"), field.label).toBe(field.name);
      if (field.type) expect(await control.getAttribute("type"), field.label).toBe(field.type);
      expect(await control.getAttribute("autocomplete"), field.label).toBe(field.autocomplete);
      expect(await control.getAttribute("maxlength"), field.label).toBe(field.maxLength);
      expect(await control.getAttribute("required"), field.label).not.toBeNull();
    }

    const dropZone = section.getByTestId("file-drop-zone");
    expect(await dropZone.isVisible()).toBe(true);
    expect(await dropZone.textContent()).toContain("drag and drop");
    const fileInput = section.locator('input[type="file"][name="files"]');
    expect(await fileInput.getAttribute("multiple")).not.toBeNull();
    expect(await fileInput.getAttribute("accept")).toContain(".pdf");
    expect(await section.getByLabel("Attachments (optional)").getAttribute("type")).toBe("file");
    expect(await section.getByRole("button", { name: "Enquire Now" }).isVisible()).toBe(true);

    for (const point of site.trustPoints) expect(await section.getByText(point, { exact: true }).isVisible(), point).toBe(true);
    expect(await section.getByText(site.responsePromise).isVisible()).toBe(true);

    const call = section.locator(`a[href="${site.phone.href}"]`);
    expect(await call.isVisible()).toBe(true);
    const whatsapp = section.getByRole("link", { name: /WhatsApp.*\(opens in a new tab\)/ });
    expect(await whatsapp.getAttribute("href")).toBe(site.whatsapp.href);
    expect(await whatsapp.getAttribute("target")).toBe("_blank");
    expect(await whatsapp.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await section.locator(`a[href="mailto:${site.emails.general}"]`).isVisible()).toBe(true);

    // Anti-abuse fields: hidden from everyone, a fresh idempotency key after hydration.
    const honeypot = section.locator('input[name="website"]');
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect(await honeypot.getAttribute("autocomplete")).toBe("off");
    expect(await honeypot.evaluate((element) => element.closest('[aria-hidden="true"]') !== null)).toBe(true);
    // Visually hidden: its wrapper is clipped to a single pixel.
    expect(await honeypot.evaluate((element) => element.closest('[aria-hidden="true"]')!.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await expect
      .poll(() => section.locator('input[name="idempotencyKey"]').inputValue())
      .toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    expect(await noHorizontalScroll(page)).toBe(true);
  });

  test(`${viewport.width}px: an empty consultation shows the missing-fields toast top right, and it closes after 5 s`, async () => {
    const page = await newPage({ viewport });
    await page.clock.install();
    await gotoHydrated(page, "/");
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") requests.push(request.url());
    });

    await panel(page).getByRole("button", { name: "Enquire Now" }).click();
    await page.mouse.move(1, viewport.height - 1);

    const toast = page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.getByTestId("toast-text").textContent()).toBe(ALL_MISSING);
    expect(await toast.evaluate((element) => element.closest('[role="alert"]') !== null)).toBe(true);
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeLessThan(40);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

    // Focus goes to the first missing field; each field says what is wrong.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("fullName");
    const fullName = panel(page).getByRole("textbox", { name: "Full Name", exact: true });
    expect(await fullName.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await fullName.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Full Name is required.");
    expect(await panel(page).locator('[aria-invalid="true"]').count()).toBe(5);
    expect(await noHorizontalScroll(page)).toBe(true);

    await page.clock.runFor(4900);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(100);
    await toast.waitFor({ state: "detached" });
    expect(requests).toEqual([]);
  });
}

test("the missing-fields toast lists only what is missing; typing clears a field's error; axe passes; the toast can be dismissed", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/");
  const section = panel(page);
  await section.getByRole("textbox", { name: "Full Name", exact: true }).fill("Asha Verma");
  await section.getByRole("textbox", { name: "Email Address", exact: true }).fill("asha@example.com");
  await section.getByRole("textbox", { name: "Phone Number", exact: true }).fill("+91 98100 00000");
  await section.getByRole("button", { name: "Enquire Now" }).click();
  const text = page.getByTestId("toast-text");
  await text.waitFor();
  expect(await text.textContent()).toBe("Please fill all required fields: Country, Project Brief");
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("country");

  const country = section.getByRole("textbox", { name: "Country", exact: true });
  await country.fill("India");
  expect(await country.getAttribute("aria-invalid")).toBeNull();
  // What the visitor typed stays.
  expect(await section.getByRole("textbox", { name: "Full Name", exact: true }).inputValue()).toBe("Asha Verma");
  // A toast and inline errors showing; the pointer on the toast holds it open while axe runs.
  await page.getByTestId("toast").hover();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Dismiss notification" }).click();
  await page.getByTestId("toast").waitFor({ state: "detached" });
});

test("an email that is not text@text.text is refused before posting", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/");
  const section = panel(page);
  await section.getByRole("textbox", { name: "Full Name", exact: true }).fill("Asha Verma");
  await section.getByRole("textbox", { name: "Email Address", exact: true }).fill("asha@example");
  await section.getByRole("textbox", { name: "Country", exact: true }).fill("India");
  await section.getByRole("textbox", { name: "Phone Number", exact: true }).fill("+91 98100 00000");
  await section.getByRole("textbox", { name: "Project Brief", exact: true }).fill("A CRM for our field team.");
  await section.getByRole("button", { name: "Enquire Now" }).click();
  await page.getByTestId("toast-text").waitFor();
  expect(await page.getByTestId("toast-text").textContent()).toBe("Please enter a valid email address.");
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");
});

for (const viewport of viewports) {
  test(`${viewport.width}px: the file picker lists files, removes one and refuses an oversized file, a .exe and a sixth file`, async () => {
    const page = await newPage({ viewport });
    await gotoHydrated(page, "/");
    const section = panel(page);
    const input = section.locator('input[type="file"]');
    const list = section.getByRole("list", { name: "Attached files" });
    const inputCount = () => input.evaluate((element) => (element as HTMLInputElement).files?.length ?? 0);

    await input.setInputFiles([
      { name: "requirements-and-budget-for-the-new-customer-portal-2025-final.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7 brief") },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.alloc(2048, "a") },
    ]);
    expect(await list.getByRole("listitem").count()).toBe(2);
    expect(await list.textContent()).toContain("notes.txt");
    expect(await list.textContent()).toContain("2 KB");
    expect(await inputCount()).toBe(2);
    expect(await noHorizontalScroll(page)).toBe(true);

    await section.getByRole("button", { name: "Remove notes.txt" }).click();
    expect(await list.getByRole("listitem").count()).toBe(1);
    expect(await list.textContent()).not.toContain("notes.txt");
    expect(await inputCount()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Remove requirements-and-budget-for-the-new-customer-portal-2025-final.pdf",
    );

    const alert = section.getByTestId("file-drop-zone").locator("xpath=following-sibling::div[@role='alert']");
    await input.setInputFiles([{ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(11 * 1024 * 1024) }]);
    expect(await alert.textContent()).toBe('"big.pdf" is larger than 10 MB. Each file must be 10 MB or smaller.');
    expect(await list.getByRole("listitem").count()).toBe(1);

    await input.setInputFiles([{ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") }]);
    expect(await alert.textContent()).toContain('"setup.exe" is not an allowed file type.');
    expect(await list.getByRole("listitem").count()).toBe(1);
    // The input posts exactly what is listed, never the refused file.
    expect(await inputCount()).toBe(1);
    expect(await input.getAttribute("aria-describedby")).toContain(await alert.getAttribute("id"));

    await input.setInputFiles(["a.png", "b.png", "c.png", "d.png", "e.png"].map((name) => ({ name, mimeType: "image/png", buffer: Buffer.from("png") })));
    expect(await list.getByRole("listitem").count()).toBe(5);
    expect(await alert.textContent()).toBe('You can attach up to 5 files, so "e.png" was not added.');
    expect(await inputCount()).toBe(5);

    expect(await axeViolations(page)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);
  });
}

test("1280px: the drop zone shows one way to pick files without scripts, before the panel's part hydrates and after", async () => {
  const plain = await newPage({ javaScriptEnabled: false });
  await plain.goto("/");
  expect(await consultationFilePickers(plain)).toEqual(["the browser's file control"]);

  // The panel's code loads only as it nears the screen (decision 017): until then the page shows the server's HTML.
  const page = await newPage();
  await page.goto("/");
  expect(await consultationFilePickers(page)).toEqual(["the browser's file control"]);
  const zoneHeight = (await panel(page).getByTestId("file-drop-zone").boundingBox())!.height;
  await waitForHydration(page);
  expect(await consultationFilePickers(page)).toEqual(['"Choose files"']);
  // The switch moves nothing below the zone.
  expect((await panel(page).getByTestId("file-drop-zone").boundingBox())!.height).toBe(zoneHeight);
});

test("files picked in the browser's control before the panel's part hydrates are listed once it does and stay in the input that posts", async () => {
  const page = await newPage();
  await page.goto("/");
  const input = panel(page).locator('input[type="file"]');
  await input.setInputFiles([{ name: "early-brief.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7 brief") }]);
  await waitForHydration(page);
  const list = panel(page).getByRole("list", { name: "Attached files" });
  await list.waitFor();
  expect(await list.textContent()).toContain("early-brief.pdf");
  expect(await input.evaluate((element) => Array.from((element as HTMLInputElement).files ?? [], (file) => file.name))).toEqual(["early-brief.pdf"]);
});

test("dropping a file on the drop zone adds it", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/");
  const zone = panel(page).getByTestId("file-drop-zone");
  await zone.scrollIntoViewIfNeeded();
  const prevented = await zone.evaluate((element) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["col1,col2\n1,2\n"], "forecast.csv", { type: "text/csv" }));
    const fire = (type: string) => element.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    const entered = fire("dragenter");
    const over = fire("dragover");
    (window as unknown as { __drop: () => boolean }).__drop = () => fire("drop");
    return { entered, over };
  });
  // Handled (default prevented), so the browser lets the file be dropped here rather than opening it.
  expect(prevented).toEqual({ entered: false, over: false });
  await expect.poll(() => zone.getAttribute("data-dragging")).toBe("true");
  expect(await page.evaluate(() => (window as unknown as { __drop: () => boolean }).__drop())).toBe(false);
  const list = panel(page).getByRole("list", { name: "Attached files" });
  await list.waitFor();
  expect(await list.textContent()).toContain("forecast.csv");
  expect(await zone.getAttribute("data-dragging")).toBeNull();
  expect(
    await panel(page)
      .locator('input[type="file"]')
      .evaluate((element) => Array.from((element as HTMLInputElement).files ?? [], (file) => file.name)),
  ).toEqual(["forecast.csv"]);
});

test("without JavaScript the forms post natively with the browser's required checks", async () => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto("/");
  const form = panel(page).locator("form");
  expect(await form.getAttribute("novalidate")).toBeNull();
  expect(await form.getAttribute("action")).toBe("/consultation");
  expect(await panel(page).getByRole("textbox", { name: "Full Name", exact: true }).getAttribute("required")).not.toBeNull();
  // The native file input stays visible, so a visitor without scripts sees what they chose.
  expect(await panel(page).locator('input[type="file"]').isVisible()).toBe(true);
  const newsletter = footer(page).locator("form");
  expect(await newsletter.getAttribute("novalidate")).toBeNull();
  expect(await newsletter.getAttribute("action")).toBe("/newsletter");
  expect(await newsletter.getAttribute("method")).toBe("post");
});

for (const viewport of viewports) {
  test(`${viewport.width}px: the newsletter checks consent first, then the email, inline`, async () => {
    const page = await newPage({ viewport });
    await gotoHydrated(page, "/");
    const area = footer(page);
    const email = area.getByLabel("Email address", { exact: true });
    expect(await email.getAttribute("type")).toBe("email");
    const consent = area.getByRole("checkbox", { name: "I agree to the Privacy Policy." });
    expect(await consent.isChecked()).toBe(false);
    expect(await area.locator('label a[href="/privacy-policy"]').textContent()).toBe("Privacy Policy");
    const submit = area.getByRole("button", { name: "Subscribe" });
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") requests.push(request.url());
    });

    await email.fill("bad-email");
    await submit.click();
    const alert = area.locator('[role="alert"]').filter({ hasText: /./ });
    expect(await alert.textContent()).toBe("Please accept the Privacy Policy.");
    expect(await consent.getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("consent");

    await consent.check();
    await submit.click();
    expect(await alert.textContent()).toBe("Please enter a valid email address.");
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await consent.getAttribute("aria-invalid")).toBeNull();
    const describedBy = (await email.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Please enter a valid email address.");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");

    for (const bad of ["a@b", "a b@c.d", "@b.c"]) {
      await email.fill(bad);
      await submit.click();
      expect(await alert.textContent(), bad).toBe("Please enter a valid email address.");
    }

    expect(await axeViolations(page)).toEqual([]);
    expect(await noHorizontalScroll(page)).toBe(true);
    expect(requests).toEqual([]);
  });

  test(`${viewport.width}px: the footer has its links, social links, contact details and the copyright year`, async () => {
    const page = await newPage({ viewport });
    await gotoHydrated(page, "/");
    const area = footer(page);
    const links = [
      ["About us", "/about"],
      ["Products", "/products"],
      ["Services", "/services"],
      ["Portfolio", "/portfolio"],
      ["Careers", "/careers"],
      ["Contact us", "/contact-us"],
    ] as const;
    const nav = area.getByRole("navigation");
    for (const [label, href] of links) {
      const link = nav.getByRole("link", { name: label });
      expect(await link.getAttribute("href"), label).toBe(href);
      expect(await link.isVisible(), label).toBe(true);
    }
    expect(await nav.getByRole("link", { name: "Careers" }).textContent()).toContain("WE'RE HIRING");

    for (const name of ["LinkedIn", "Instagram", "X", "Facebook"]) {
      const link = area.getByRole("link", { name: `${name} (opens in a new tab)`, exact: true });
      expect(await link.getAttribute("target"), name).toBe("_blank");
      expect((await link.getAttribute("rel"))?.split(" ").sort(), name).toEqual(["noopener", "noreferrer"]);
      expect(await link.getAttribute("href"), name).toBe(site.social.find((profile) => profile.name === name)?.href);
      expect(await link.locator('svg[aria-hidden="true"]').count(), name).toBe(1);
    }

    expect(await area.getByText(site.blurb).isVisible()).toBe(true);
    for (const address of [site.emails.general, site.emails.sales]) {
      expect(await area.locator(`a[href="mailto:${address}"]`).textContent()).toBe(address);
    }
    expect(await area.locator(`a[href="${site.phone.href}"]`).textContent()).toBe(site.phone.display);
    expect(await area.locator("address").textContent()).toContain("New Delhi");
    expect(await area.getByRole("link", { name: "Privacy Policy", exact: true }).count()).toBeGreaterThanOrEqual(1);

    const year = new Date().getFullYear();
    expect(await area.getByText(`© ${year} ${site.name}. All rights reserved.`).isVisible()).toBe(true);
    expect(await noHorizontalScroll(page)).toBe(true);
  });
}
