import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { expect, test } from "vitest";
import { cardIcons } from "#app/content/card-icons.ts";
import { gotoHydrated, PHONE, setupBrowser } from "#tests/support/browser.ts";

/* An icon on every solution-area, solution and product card, from one sprite, costing no script and moving nothing. */
const { newPage } = setupBrowser();

/** The pages with icon cards, and how many each has (home: the five solution areas of "What we build"). */
const PAGES = { "/": 5, "/our-solutions": 17, "/products": 4 } as const;
const ICON = "li span[aria-hidden=true] > svg > use";
const SPRITE = /^\/assets\/card-icons-[\w-]+\.svg$/;

/** How many pixels of the icon's tile are drawn in the icon's colour (brand-700 on a brand-50 tile): 0 while the sprite is missing. */
async function inkedPixels(tile: Locator): Promise<number> {
  const { data, info } = await sharp(await tile.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  let inked = 0;
  for (let offset = 0; offset < data.length; offset += info.channels) if (data[offset]! < 160) inked++;
  return inked;
}

async function iconNames(page: Page): Promise<string[]> {
  return page.locator(ICON).evaluateAll((uses) => uses.map((use) => use.getAttribute("href")!));
}

test("every solution-area, solution and product card draws its Lucide icon from one sprite, also without JavaScript", async () => {
  const page = await newPage({ javaScriptEnabled: false });
  const sprites = new Set<string>();
  for (const [path, count] of Object.entries(PAGES)) {
    await page.goto(path);
    const hrefs = await iconNames(page);
    expect(hrefs.length, path).toBe(count);
    for (const href of hrefs) {
      const [file = "", name = ""] = href.split("#");
      expect(file, href).toMatch(SPRITE);
      expect(Object.values(cardIcons), href).toContain(name);
      sprites.add(file);
    }
    expect(new Set(hrefs).size, `${path}: two cards share an icon`).toBe(hrefs.length);
    const tiles = page.locator(ICON).locator("xpath=../..");
    for (let index = 0; index < count; index++) {
      const tile = tiles.nth(index);
      expect(await tile.getAttribute("aria-hidden"), path).toBe("true");
      expect(await inkedPixels(tile), `${path}: icon ${index + 1} is drawn`).toBeGreaterThan(20);
    }
  }
  expect(sprites.size).toBe(1);

  const [sprite] = [...sprites];
  const response = await page.request.get(sprite!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(response.headers()["cache-control"]).toContain("immutable");
});

test("a card's icon keeps its place while the sprite loads", async () => {
  const page = await newPage({ viewport: PHONE });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/card-icons-[\w-]+\.svg$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/products", { waitUntil: "domcontentloaded" });
  const cards = page.locator("li:has(use)");
  const boxes = () => cards.evaluateAll((items) => items.map((item) => JSON.stringify(item.getBoundingClientRect())));
  const tile = page.locator(ICON).first().locator("xpath=../..");
  await tile.scrollIntoViewIfNeeded();
  expect(await tile.boundingBox()).toMatchObject({ width: 44, height: 44 });
  expect(await inkedPixels(tile)).toBe(0);
  const before = await boxes();

  release();
  await expect.poll(() => inkedPixels(tile)).toBeGreaterThan(20);
  expect(await boxes()).toEqual(before);
});

test("drawn by the browser after a navigation, the cards show the same icons as the server's HTML", async () => {
  const serverPage = await newPage({ javaScriptEnabled: false });
  await serverPage.goto("/products");
  const fromServer = await iconNames(serverPage);

  const page = await newPage();
  // Islands pages' links load the next page whole (decision 078); the application form's page is the full app.
  await gotoHydrated(page, "/careers/registration");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('footer a[href="/products"]').click();
  await page.getByRole("heading", { level: 2, name: "Our products" }).waitFor();
  expect(await page.evaluate(() => "sameDocument" in window), "a client-side navigation").toBe(true);
  expect(await iconNames(page)).toEqual(fromServer);
  const tile = page.locator(ICON).first().locator("xpath=../..");
  await tile.scrollIntoViewIfNeeded();
  await expect.poll(() => inkedPixels(tile)).toBeGreaterThan(20);
});
