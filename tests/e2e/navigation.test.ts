import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { page as aboutPage } from "#app/content/pages/about.ts";
import { gotoHydrated, setupBrowser, throttleCpu, waitForHydration } from "#tests/support/browser.ts";

const { newPage } = setupBrowser();

test("every navigation scrolls to the top", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/crm");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.locator("footer").getByRole("link", { name: "About us" }).click();
  await page.waitForURL("**/about");
  // The new page has rendered once its heading is there; the scroll happens with that render.
  await page.locator("h1", { hasText: aboutPage.sections[0].title }).waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

/** Records whether the loading overlay ever appeared, however briefly. */
async function watchForSpinner(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { spinnerSeen: boolean };
    w.spinnerSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[role="status"] .animate-pulse')) w.spinnerSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { spinnerSeen: boolean }).spinnerSeen);
}

test("a fast client navigation shows no spinner", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/careers/registration");
  const spinnerSeen = await watchForSpinner(page);
  await page.locator("footer").getByRole("link", { name: "Services" }).click();
  await page.waitForURL("**/services");
  await page.locator("h1").waitFor();
  expect(await spinnerSeen()).toBe(false);
});

test("a slow client navigation shows the full-screen logo spinner until the page arrives", async () => {
  const page = await newPage();
  await gotoHydrated(page, "/careers/registration");
  await page.route("**/services.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const spinnerSeen = await watchForSpinner(page);
  await page.locator("footer").getByRole("link", { name: "Services" }).click();
  await page.getByText("Loading page…").waitFor({ state: "attached" });
  await page.waitForURL("**/services");
  expect(await spinnerSeen()).toBe(true);
  await page.getByText("Loading page…").waitFor({ state: "detached" });
});

test("a page whose code fails to load shows an error with a retry, not a blank page", async () => {
  // React Router logs the failed import before it reloads the page.
  const page = await newPage({ allowConsoleErrors: /content-page|Failed to fetch dynamically imported module|ERR_FAILED|Failed to load resource/ });
  await gotoHydrated(page, "/careers/registration");
  await page.route("**/assets/content-page-*.js", (route) => route.abort());
  // As on a busy machine: the import fails before React has rendered the
  // pending navigation, and the dialog must still appear after the reload.
  await throttleCpu(page, 12);
  const reload = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await page.locator("footer").getByRole("link", { name: "Services" }).click();
  await reload;
  await throttleCpu(page, 1);
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  expect(await dialog.getByRole("heading").textContent()).toBe("We could not load that page.");
  expect(await page.locator("h1").count()).toBe(1);
  await page.unroute("**/assets/content-page-*.js");
  await dialog.getByRole("link", { name: "Retry" }).click();
  await page.waitForURL("**/services");
  expect(await page.locator("h1").textContent()).toBeTruthy();
  // The dialog could only come back once the page has hydrated.
  await waitForHydration(page);
  expect(await page.getByRole("alertdialog").count()).toBe(0);
});

test("a page that takes over 120 s to load shows an error with a retry", async () => {
  const page = await newPage();
  await page.clock.install();
  await gotoHydrated(page, "/careers/registration");
  // The request is held, never answered, as a stalled connection would be.
  await page.route("**/services.data*", () => undefined);
  await page.locator("footer").getByRole("link", { name: "Services" }).click();
  await page.clock.runFor(1_000);
  await page.getByText("Loading page…").waitFor({ state: "attached" });
  await page.clock.runFor(120_000);
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  expect(await dialog.getByRole("heading").textContent()).toBe("This page is taking too long to load.");
  expect(await dialog.getByRole("link", { name: "Retry" }).getAttribute("href")).toBe("/services");
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(new URL(page.url()).pathname).toBe("/careers/registration");
});
