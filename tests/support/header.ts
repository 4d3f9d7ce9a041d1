import type { Page } from "playwright-core";
import { DESKTOP, type setupBrowser } from "#tests/support/browser.ts";

/*
 * The desktop header's dropdowns, for header.test.ts and header-hover.test.ts (whose hover timing
 * runs alone, after the other browser files).
 */

export const NAV = 'nav[aria-label="Main"]';
export const toggle = (id: "solutions" | "products") => `${NAV} button[aria-controls="${id}-menu"]`;
export const panel = (id: "solutions" | "products") => `#${id}-menu`;
/** A point on the page body, below the header and its panels. */
export const AWAY = { x: 640, y: 860 } as const;

/** A page after hydration: the dropdown toggles are buttons only once JavaScript runs. */
export async function openDesktopPage(newPage: ReturnType<typeof setupBrowser>["newPage"], path = "/") {
  const page = await newPage({ viewport: DESKTOP });
  await page.goto(path);
  await page.locator(toggle("solutions")).waitFor();
  return page;
}

/** Whether the dropdown is open, failing when its toggle's aria-expanded says otherwise. */
export async function isOpen(page: Page, id: "solutions" | "products") {
  const expanded = await page.locator(toggle(id)).getAttribute("aria-expanded");
  const visible = await page.locator(panel(id)).isVisible();
  if ((expanded === "true") !== visible) throw new Error(`${id}: aria-expanded=${expanded} but panel visible=${visible}`);
  return visible;
}
