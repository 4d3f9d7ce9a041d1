import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { HOVER_CLOSE_DELAY_MS } from "#app/layout/header/desktop-nav.tsx";
import { MOBILE_BREAKPOINT_PX } from "#app/layout/header/breakpoints.ts";
import { anchorOf, productLinks, solutionGroups } from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";
import { axeViolations, DESKTOP, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { AWAY, isOpen, NAV, openDesktopPage, panel, toggle } from "#tests/support/header.ts";

const { newPage } = setupBrowser();

const HAMBURGER = 'header button[aria-controls="mobile-menu"]';
const MOBILE_PANEL = "#mobile-menu";

const desktopPage = (path = "/") => openDesktopPage(newPage, path);

async function phonePage(path = "/") {
  const page = await newPage({ viewport: PHONE });
  await page.goto(path);
  await page.locator(HAMBURGER).waitFor();
  return page;
}

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return {
      controls: active?.getAttribute("aria-controls") ?? null,
      href: active?.getAttribute("href") ?? null,
      inMobilePanel: !!active?.closest("#mobile-menu"),
    };
  });

async function tabTo(page: Page, selector: string) {
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press("Tab");
    if (await page.locator(selector).evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

test("the header has the logo, the event link, Contact Us, Employee Login and the main navigation", async () => {
  const page = await desktopPage("/resources");
  const header = page.locator("header");
  const logo = header.locator("a[data-home-link]");
  expect(await logo.getAttribute("href")).toBe("/");
  expect((await logo.textContent())?.trim()).toBe(site.name);
  expect(await header.getByRole("link", { name: "KRAF Think 2025" }).getAttribute("href")).toBe("/kraf-think-2025");
  expect(await header.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe("/contact-us");

  const login = header.getByRole("link", { name: "Employee Login (opens in a new tab)" });
  expect(await login.getAttribute("href")).toBe(site.employeeLoginUrl);
  expect(await login.getAttribute("target")).toBe("_blank");
  const rel = ((await login.getAttribute("rel")) ?? "").split(/\s+/);
  expect(rel).toContain("noopener");
  expect(rel).toContain("noreferrer");

  for (const [label, href] of [
    ["Resources", "/resources"],
    ["Partners", "/partners"],
    ["Company", "/company"],
  ]) {
    expect(await page.locator(NAV).getByRole("link", { name: label, exact: true }).getAttribute("href")).toBe(href);
  }
  // The current page is marked.
  expect(await page.locator(`${NAV} a[href="/resources"]`).getAttribute("aria-current")).toBe("page");
  expect(await page.locator(`${NAV} a[href="/partners"]`).getAttribute("aria-current")).toBeNull();
  for (const id of ["solutions", "products"] as const) {
    expect(await page.locator(toggle(id)).getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator(panel(id)).count()).toBe(1);
  }
});

test("clicking a toggle opens its dropdown and clicking the same toggle again closes it", async () => {
  const page = await desktopPage();
  await page.click(toggle("solutions"));
  await page.waitForTimeout(HOVER_CLOSE_DELAY_MS * 2);
  expect(await isOpen(page, "solutions")).toBe(true);
  await page.click(toggle("solutions"));
  await expect.poll(() => isOpen(page, "solutions")).toBe(false);
  await page.click(toggle("solutions"));
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);
});

test("tapping a toggle on a touch screen opens and closes it", async () => {
  const page = await newPage({ viewport: DESKTOP, hasTouch: true });
  await page.goto("/");
  await page.locator(toggle("products")).waitFor();
  await page.tap(toggle("products"));
  await expect.poll(() => isOpen(page, "products")).toBe(true);
  await page.tap(toggle("products"));
  await expect.poll(() => isOpen(page, "products")).toBe(false);
});

test("opening Products after Solutions shows only Products", async () => {
  const page = await desktopPage();
  await page.click(toggle("solutions"));
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);
  await page.click(toggle("products"));
  await expect.poll(() => isOpen(page, "products")).toBe(true);
  expect(await isOpen(page, "solutions")).toBe(false);
  expect(await page.locator(`${NAV} [aria-expanded="true"]`).count()).toBe(1);
});

test("Escape closes the dropdown and returns focus to its toggle", async () => {
  const page = await desktopPage();
  await page.locator(toggle("products")).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => isOpen(page, "products")).toBe(true);
  await page.keyboard.press("Tab");
  expect((await activeElement(page)).href).toBe(productLinks[0]!.href);
  await page.keyboard.press("Escape");
  await expect.poll(() => isOpen(page, "products")).toBe(false);
  expect((await activeElement(page)).controls).toBe("products-menu");

  // Also when it was opened with the mouse.
  await page.click(toggle("solutions"));
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);
  await page.keyboard.press("Escape");
  await expect.poll(() => isOpen(page, "solutions")).toBe(false);
  expect((await activeElement(page)).controls).toBe("solutions-menu");
});

test("the dropdowns work with the keyboard alone", async () => {
  const page = await desktopPage();
  await tabTo(page, toggle("solutions"));
  await page.keyboard.press("Enter");
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);
  await page.keyboard.press("Space");
  await expect.poll(() => isOpen(page, "solutions")).toBe(false);
  await page.keyboard.press("Space");
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);

  // The panel's links follow the toggle in the tab order.
  await page.keyboard.press("Tab");
  expect((await activeElement(page)).href).toBe(solutionGroups[0]?.links[0]?.href);

  // Tabbing past the last entry of the panel closes it.
  const last = await page
    .locator(`${panel("solutions")} a`)
    .last()
    .getAttribute("href");
  for (let step = 0; step < 40 && (await activeElement(page)).href !== last; step += 1) await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect((await activeElement(page)).controls).toBe("products-menu");
  await expect.poll(() => isOpen(page, "solutions")).toBe(false);

  // Back to the toggle, open again and follow the first entry.
  await page.keyboard.press("Shift+Tab");
  expect((await activeElement(page)).controls).toBe("solutions-menu");
  await page.keyboard.press("Enter");
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.waitForURL("**/erp");
  await expect.poll(() => page.locator("h1").textContent()).toContain("ERP");
  expect(await isOpen(page, "solutions")).toBe(false);
});

test("every entry is a link: to its page, or to its section of an overview page, never a dead link", async () => {
  const page = await desktopPage();
  await page.click(toggle("solutions"));
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);
  expect(await page.locator('header a[href="#"], header a:not([href]), header a[href=""]').count()).toBe(0);
  expect(await page.locator("body").textContent()).not.toContain("Not yet available");

  const solutions = page.locator(panel("solutions"));
  for (const link of solutionGroups.flatMap((group) => group.links)) {
    expect(await solutions.getByRole("link", { name: link.label, exact: true }).getAttribute("href"), link.label).toBe(link.href);
  }
  for (const group of solutionGroups) expect(await solutions.getByText(group.title, { exact: true }).isVisible()).toBe(true);
  expect(await solutions.getByRole("link", { name: "All solutions" }).getAttribute("href")).toBe("/our-solutions");

  await page.click(toggle("products"));
  await expect.poll(() => isOpen(page, "products")).toBe(true);
  const products = page.locator(panel("products"));
  expect(await products.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
    ...productLinks.map((link) => link.href),
    "/products",
    "/open-innovation",
  ]);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  expect(await page.evaluate(() => document.querySelectorAll("body > [inert]").length)).toBe(0);

  // A product entry leads to its card on /products, in view below the sticky header, with its copy.
  const product = productLinks[1]!;
  await products.getByRole("link", { name: product.label }).click();
  await page.waitForURL(`**${product.href}`);
  const card = page.locator(`#${anchorOf(product.href)}`);
  await card.getByRole("heading", { name: product.label }).waitFor();
  expect((await card.textContent())!.length).toBeGreaterThan(150);
  await expect.poll(() => isOpen(page, "products")).toBe(false);
  const [cardTop, headerBottom] = await page.evaluate(
    (id) => [document.getElementById(id)!.getBoundingClientRect().top, document.querySelector("header")!.getBoundingClientRect().bottom],
    anchorOf(product.href)!,
  );
  expect(cardTop).toBeGreaterThanOrEqual(headerBottom!);
  expect(cardTop).toBeLessThan(400);
});

test("each dropdown's Open Innovation button goes to /open-innovation and closes the panel", async () => {
  for (const id of ["solutions", "products"] as const) {
    const page = await desktopPage();
    await page.click(toggle(id));
    await expect.poll(() => isOpen(page, id)).toBe(true);
    await page.locator(panel(id)).getByRole("link", { name: "Open Innovation" }).click();
    await page.waitForURL("**/open-innovation");
    await expect.poll(() => isOpen(page, id)).toBe(false);
  }
});

test("a click outside the open dropdown closes it", async () => {
  const page = await desktopPage();
  // Opened from the keyboard, so the pointer never enters (or leaves) the item.
  await page.locator(toggle("solutions")).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);
  await page.mouse.click(AWAY.x, AWAY.y);
  await expect.poll(() => isOpen(page, "solutions")).toBe(false);
});

test("axe finds no violations with a dropdown open", async () => {
  const page = await desktopPage("/crm");
  for (const id of ["solutions", "products"] as const) {
    await page.click(toggle(id));
    await expect.poll(() => isOpen(page, id)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  }
});

test("without JavaScript Solutions and Products lead to their overview pages", async () => {
  const page = await newPage({ viewport: DESKTOP, javaScriptEnabled: false });
  await page.goto("/");
  expect(await page.locator(`${NAV} button`).count()).toBe(0);
  await page.locator(NAV).getByRole("link", { name: "Solutions" }).click();
  await page.waitForURL("**/our-solutions");
  await page.locator(NAV).getByRole("link", { name: "Products" }).click();
  await page.waitForURL("**/products");
  expect(await page.locator("h1").count()).toBe(1);
});

test(`at ${PHONE.width} px the hamburger replaces the navigation and its panel keeps focus`, async () => {
  expect(MOBILE_BREAKPOINT_PX).toBe(768);
  const page = await phonePage();
  expect(await page.locator(NAV).isVisible()).toBe(false);
  const hamburger = page.locator(HAMBURGER);
  expect(await hamburger.isVisible()).toBe(true);
  expect(await hamburger.getAttribute("aria-label")).toBe("Open menu");
  expect(await hamburger.getAttribute("aria-expanded")).toBe("false");
  expect(await page.locator(MOBILE_PANEL).isVisible()).toBe(false);

  await hamburger.click();
  expect(await page.locator(MOBILE_PANEL).isVisible()).toBe(true);
  expect(await hamburger.getAttribute("aria-expanded")).toBe("true");
  expect(await hamburger.getAttribute("aria-label")).toBe("Close menu");
  expect((await activeElement(page)).inMobilePanel).toBe(true);
  // The page behind neither scrolls nor takes focus.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  expect(await page.evaluate(() => document.querySelector("main")?.closest("[inert]") !== null)).toBe(true);

  const panelLinks = page.locator(MOBILE_PANEL);
  for (const name of ["Resources", "Partners", "Company", "KRAF Think 2025", "Contact Us", "Employee Login (opens in a new tab)"]) {
    expect(await panelLinks.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
  }

  // Tab and Shift+Tab never leave the hamburger and its panel.
  const inside = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return !!active?.closest("#mobile-menu") || active?.getAttribute("aria-controls") === "mobile-menu";
    });
  for (let step = 0; step < 25; step += 1) {
    await page.keyboard.press("Tab");
    expect(await inside(), `after ${step + 1} Tabs`).toBe(true);
  }
  await hamburger.focus();
  await page.keyboard.press("Shift+Tab");
  expect((await activeElement(page)).inMobilePanel).toBe(true);
  for (let step = 0; step < 25; step += 1) {
    await page.keyboard.press("Shift+Tab");
    expect(await inside(), `after ${step + 1} Shift+Tabs`).toBe(true);
  }

  await page.keyboard.press("Escape");
  expect(await page.locator(MOBILE_PANEL).isVisible()).toBe(false);
  expect((await activeElement(page)).controls).toBe("mobile-menu");
  expect(await hamburger.getAttribute("aria-expanded")).toBe("false");
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  expect(await page.evaluate(() => document.querySelectorAll("body > [inert]").length)).toBe(0);
});

test("the mobile Solutions section expands and its links navigate", async () => {
  const page = await phonePage();
  await page.click(HAMBURGER);
  const section = page.locator(`${MOBILE_PANEL} button[aria-controls="mobile-solutions"]`);
  expect(await section.getAttribute("aria-expanded")).toBe("false");
  expect(await page.locator("#mobile-solutions").isVisible()).toBe(false);
  await section.click();
  expect(await section.getAttribute("aria-expanded")).toBe("true");
  expect(await page.locator("#mobile-solutions").isVisible()).toBe(true);
  expect(await page.locator("#mobile-solutions").getByRole("link", { name: "Workflow Automation" }).getAttribute("href")).toBe(
    "/our-solutions#workflow-automation",
  );

  await page.locator("#mobile-solutions").getByRole("link", { name: "CRM Solutions" }).click();
  await page.waitForURL("**/crm");
  await expect.poll(() => page.locator(MOBILE_PANEL).isVisible()).toBe(false);
  expect(await page.locator(HAMBURGER).getAttribute("aria-expanded")).toBe("false");
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

  // Products has its section too.
  await page.click(HAMBURGER);
  await page.click(`${MOBILE_PANEL} button[aria-controls="mobile-products"]`);
  for (const link of productLinks) expect(await page.locator("#mobile-products").getByRole("link", { name: link.label }).getAttribute("href")).toBe(link.href);
  expect(await page.locator("#mobile-products").getByRole("link", { name: "All products" }).isVisible()).toBe(true);

  // A product entry closes the menu and shows its card on /products.
  const product = productLinks[0]!;
  await page.locator("#mobile-products").getByRole("link", { name: product.label }).click();
  await page.waitForURL(`**${product.href}`);
  await expect.poll(() => page.locator(MOBILE_PANEL).isVisible()).toBe(false);
  await page
    .locator(`#${anchorOf(product.href)}`)
    .getByRole("heading", { name: product.label })
    .waitFor();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
});

test("a wide screen closes the mobile panel", async () => {
  const page = await phonePage();
  await page.click(HAMBURGER);
  await page.click(`${MOBILE_PANEL} button[aria-controls="mobile-products"]`);
  expect(await page.locator(MOBILE_PANEL).isVisible()).toBe(true);

  await page.setViewportSize(DESKTOP);
  await expect.poll(() => page.locator(HAMBURGER).getAttribute("aria-expanded")).toBe("false");
  expect(await page.locator(NAV).isVisible()).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

  await page.setViewportSize(PHONE);
  expect(await page.locator(MOBILE_PANEL).isVisible()).toBe(false);
  await page.click(HAMBURGER);
  expect(await page.locator(`${MOBILE_PANEL} button[aria-controls="mobile-products"]`).getAttribute("aria-expanded")).toBe("false");
});

test("opening the mobile menu collapses an open dropdown", async () => {
  const page = await desktopPage();
  // Opened from the keyboard, so no pointer movement can close it.
  await page.locator(toggle("solutions")).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);

  // Narrow and wide again without the menu: the dropdown state survives.
  await page.setViewportSize(PHONE);
  await page.setViewportSize(DESKTOP);
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);

  // Narrow, open the menu (from the keyboard: a click would count as a click outside), wide again: the dropdown is gone.
  await page.setViewportSize(PHONE);
  await page.locator(HAMBURGER).focus();
  await page.keyboard.press("Enter");
  expect(await page.locator(MOBILE_PANEL).isVisible()).toBe(true);
  await page.setViewportSize(DESKTOP);
  await expect.poll(() => page.locator(`${NAV} [aria-expanded="true"]`).count()).toBe(0);
  expect(await page.locator(panel("solutions")).isVisible()).toBe(false);
});

test("axe finds no violations with the mobile menu open", async () => {
  const page = await phonePage("/crm");
  await page.click(HAMBURGER);
  await page.click(`${MOBILE_PANEL} button[aria-controls="mobile-solutions"]`);
  expect(await axeViolations(page)).toEqual([]);
  await page.click(`${MOBILE_PANEL} button[aria-controls="mobile-products"]`);
  expect(await axeViolations(page)).toEqual([]);
});

test("without JavaScript the phone menu still opens and reaches every page", async () => {
  const page = await newPage({ viewport: PHONE, javaScriptEnabled: false });
  await page.goto("/");
  const menu = page.locator("header summary", { hasText: "Menu" });
  expect(await menu.isVisible()).toBe(true);
  const resources = page.locator('header nav[aria-label="Menu"] a[href="/resources"]');
  expect(await resources.isVisible()).toBe(false);
  await menu.click();
  expect(await resources.isVisible()).toBe(true);
  await page.locator("header summary", { hasText: "Solutions" }).click();
  await page.locator('header nav[aria-label="Menu"]').getByRole("link", { name: "CRM Solutions" }).click();
  await page.waitForURL("**/crm");
  await expect.poll(() => page.locator("h1").textContent()).toContain("CRM");
});
