import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { BANNER_ROTATION_MS } from "#app/layout/header/announcement-banner.tsx";
import { bannerMessages } from "#app/content/navigation.ts";
import { axeViolations, PHONE, setupBrowser } from "#tests/support/browser.ts";

const { newPage } = setupBrowser();

const BANNER = 'section[aria-label="Announcements"]';
const messages = bannerMessages.map((message) => message.text) as [string, string, string];

/** The messages a visitor can see right now (transitions may briefly show two; callers poll). */
async function visibleMessages(page: Page): Promise<string[]> {
  return page.locator(`${BANNER} [data-banner-message]`).filter({ visible: true }).allTextContents();
}

/** How long a check waits for React to commit what the test did (vitest's 1 s is short on a busy two-core machine). */
const COMMIT_WAIT = { timeout: 5_000 };

async function expectShowing(page: Page, text: string) {
  await expect.poll(() => visibleMessages(page), COMMIT_WAIT).toEqual([text]);
}

/**
 * Points at the header's home link: away from the banner, on a part hydrated at load. The page's
 * text stays the server's HTML until reached (decision 017), and React holds back a pointer's
 * leaving a part it has not hydrated until that part hydrates, which the test's stopped clock can
 * delay past the check: the banner would not hear the pointer enter it.
 */
async function pointAway(page: Page) {
  await page.locator("header [data-home-link]").hover();
}

/**
 * A page whose clock the test drives: time runs normally while the page
 * loads and hydrates (the Pause button appears then), and stands still after.
 */
async function bannerPage(options: Parameters<typeof newPage>[0] = {}) {
  const page = await newPage(options);
  await page.clock.install();
  await page.goto("/");
  await page.getByRole("button", { name: "Pause announcements" }).waitFor({ state: "visible" });
  // A moment ahead of the page's clock, far enough that a busy machine has not passed it by the
  // time the pause arrives (pausing "in the past" is refused), near enough to stay well inside
  // the first message's 5 seconds.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
  // Keep the pointer away from the banner: hovering it pauses the rotation.
  await pointAway(page);
  return page;
}

/**
 * Whether the banner rotates by itself, as its live region says. React commits a
 * pointer's entering or leaving in a task of its own: a test waits for it before
 * moving the clock, or the clock would run the timer the commit cancels or sets.
 */
async function expectRotating(page: Page, rotating: boolean) {
  await expect.poll(() => page.locator(`${BANNER} [aria-live]`).getAttribute("aria-live"), COMMIT_WAIT).toBe(rotating ? "off" : "polite");
}

async function leaveBanner(page: Page) {
  await pointAway(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test("the banner shows one message at a time and moves to the next every 5 seconds", async () => {
  expect(BANNER_ROTATION_MS).toBe(5000);
  const page = await bannerPage();
  await expectShowing(page, messages[0]);
  expect(await page.locator(`${BANNER} [aria-live]`).getAttribute("aria-live")).toBe("off");

  await page.clock.runFor(3500);
  await expectShowing(page, messages[0]);
  await page.clock.runFor(1500);
  await expectShowing(page, messages[1]);
  await page.clock.runFor(BANNER_ROTATION_MS);
  await expectShowing(page, messages[2]);
  await page.clock.runFor(BANNER_ROTATION_MS);
  await expectShowing(page, messages[0]);
});

test("while one message fades into the next, only the current link can be used", async () => {
  const page = await bannerPage();
  await page.clock.runFor(BANNER_ROTATION_MS);
  // The CSS fade runs on real time: check at once, while both messages are still drawn.
  expect(await page.locator(`${BANNER} a:not([inert] a)`).count()).toBe(1);
  await page.clock.resume(); // axe waits on timers of its own
  // axe measures contrast as drawn: halfway through the fade the incoming link is partly transparent.
  await page.locator(`${BANNER} [data-banner-message][data-current]`).evaluate((message) => Promise.all(message.getAnimations().map((fade) => fade.finished)));
  expect(await axeViolations(page)).toEqual([]);
});

test("hovering the banner pauses the rotation until the pointer leaves", async () => {
  const page = await bannerPage();
  await page.hover(`${BANNER} [data-banner-message][data-current]`);
  await expectRotating(page, false);
  await page.clock.runFor(6000);
  await expectShowing(page, messages[0]);

  await pointAway(page);
  await expectRotating(page, true);
  await page.clock.runFor(BANNER_ROTATION_MS);
  await expectShowing(page, messages[1]);
});

test("focus inside the banner pauses the rotation until it leaves", async () => {
  const page = await bannerPage();
  await page.locator(`${BANNER} [data-banner-message][data-current] a`).focus();
  await page.clock.runFor(6000);
  await expectShowing(page, messages[0]);

  await leaveBanner(page);
  await page.clock.runFor(BANNER_ROTATION_MS);
  await expectShowing(page, messages[1]);
});

test("the Pause button stops the rotation and Play resumes it", async () => {
  const page = await bannerPage();
  await page.getByRole("button", { name: "Pause announcements" }).click();
  const play = page.getByRole("button", { name: "Play announcements" });
  expect(await play.isVisible()).toBe(true);

  await leaveBanner(page);
  await page.clock.runFor(12_000);
  await expectShowing(page, messages[0]);
  await expectRotating(page, false);

  await play.click();
  expect(await page.getByRole("button", { name: "Pause announcements" }).isVisible()).toBe(true);
  await leaveBanner(page);
  await expectRotating(page, true);
  await page.clock.runFor(BANNER_ROTATION_MS);
  await expectShowing(page, messages[1]);
});

test("with reduced motion the messages change without sliding", async () => {
  const page = await bannerPage({ reducedMotion: "reduce" });
  await page.clock.runFor(BANNER_ROTATION_MS);
  await expectShowing(page, messages[1]);
  const styles = await page.locator(`${BANNER} [data-banner-message]`).evaluateAll((nodes) =>
    nodes.map((node) => {
      const style = getComputedStyle(node);
      return { translate: style.translate, transition: style.transitionProperty };
    }),
  );
  for (const style of styles) {
    expect(style.transition).toBe("none");
    expect(["none", "0px"]).toContain(style.translate);
  }
});

test("closing the banner hides it for the rest of the session, across pages and reloads", async () => {
  const page = await newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Pause announcements" }).waitFor({ state: "visible" });
  await page.getByRole("button", { name: "Close announcement" }).click();
  expect(await page.locator(BANNER).count()).toBe(0);
  // The focus was on the button that went away; it continues from the header.
  expect(await page.evaluate(() => document.activeElement?.closest("header") !== null)).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "banner_closed")).toMatchObject({ value: "1", expires: -1 });

  // Client-side navigation: still closed.
  await page.locator('nav[aria-label="Main"] a[href="/resources"]').click();
  await page.waitForURL("**/resources");
  expect(await page.locator(BANNER).count()).toBe(0);

  // A reload: the server leaves the banner out of the HTML, so it cannot flash.
  await page.reload();
  expect(await page.locator(BANNER).count()).toBe(0);
  const html = await (await page.request.get("/company")).text();
  expect(html).not.toContain('aria-label="Announcements"');

  // A new browser session has it back.
  const fresh = await newPage();
  await fresh.goto("/resources");
  expect(await fresh.locator(BANNER).isVisible()).toBe(true);
});

test("without JavaScript the first message shows and Close works through the form post", async () => {
  const page = await newPage({ javaScriptEnabled: false, viewport: PHONE });
  await page.goto("/crm?ref=banner");
  expect(await visibleMessages(page)).toEqual([messages[0]]);
  // Nothing rotates without JavaScript, so there is no Pause control to offer.
  expect(await page.locator(`${BANNER} button[type="button"]`).isVisible()).toBe(false);

  await page.getByRole("button", { name: "Close announcement" }).click();
  await page.waitForURL((url) => url.pathname === "/crm" && url.search === "?ref=banner");
  expect(await page.locator(BANNER).count()).toBe(0);
  expect(await page.locator("h1").textContent()).toContain("CRM");

  await page.goto("/");
  expect(await page.locator(BANNER).count()).toBe(0);
});

test(`at ${PHONE.width} px every message fits on two lines, and an open menu leaves one close control on screen`, async () => {
  const page = await newPage({ viewport: PHONE });
  await page.goto("/");
  const lines = await page
    .locator(`${BANNER} [data-banner-message]`)
    .evaluateAll((paragraphs) => paragraphs.map((paragraph) => paragraph.getBoundingClientRect().height / parseFloat(getComputedStyle(paragraph).lineHeight)));
  expect(lines).toHaveLength(messages.length);
  for (const [index, count] of lines.entries()) expect(count, messages[index]).toBeLessThanOrEqual(2);

  const hamburger = page.getByRole("button", { name: "Open menu" });
  await hamburger.click();
  await page.getByRole("button", { name: "Close menu" }).waitFor();
  // Counted by what is drawn: the page behind the menu is inert, but an inert button still shows.
  expect(await page.locator('button[aria-label^="Close"]').filter({ visible: true }).count()).toBe(1);
  expect(await page.locator(`${BANNER} button`).filter({ visible: true }).count()).toBe(0);
  await page.getByRole("button", { name: "Close menu" }).click();
  expect(await page.getByRole("button", { name: "Close announcement" }).isVisible()).toBe(true);
});

test("the close form only returns to paths on this site", async () => {
  const page = await newPage();
  const response = await page.request.post("/banner", {
    form: { returnTo: "//evil.example/" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe("/");
});
