import { expect, test } from "vitest";
import { HOVER_CLOSE_DELAY_MS } from "#app/layout/header/desktop-nav.tsx";
import { setupBrowser } from "#tests/support/browser.ts";
import { AWAY, isOpen, openDesktopPage, panel, toggle } from "#tests/support/header.ts";

/*
 * The desktop dropdown's hover delay, on its own: the pointer crosses the gap to the panel faster than
 * the close delay, which another file's pages on the same two cores could make it miss. It runs with the
 * other timed files, alone, after the rest (vitest.config.ts); header.test.ts has the header's other tests.
 */
const { newPage } = setupBrowser();

const desktopPage = (path = "/") => openDesktopPage(newPage, path);

test("hovering Solutions opens it, the gap to the panel keeps it open, and leaving closes it", async () => {
  const page = await desktopPage();
  await page.hover(toggle("solutions"));
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);

  // Through a point outside the item and on into the panel, faster than the close delay.
  const box = (await page.locator(toggle("solutions")).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y - 40);
  await page.hover(`${panel("solutions")} a[href="/erp"]`);
  await page.waitForTimeout(HOVER_CLOSE_DELAY_MS * 2);
  expect(await isOpen(page, "solutions")).toBe(true);

  await page.mouse.move(AWAY.x, AWAY.y);
  await expect.poll(() => isOpen(page, "solutions")).toBe(false);

  // Hovering across to Products swaps the panels.
  await page.hover(toggle("solutions"));
  await expect.poll(() => isOpen(page, "solutions")).toBe(true);
  await page.hover(toggle("products"));
  await expect.poll(() => isOpen(page, "products")).toBe(true);
  expect(await isOpen(page, "solutions")).toBe(false);
});
