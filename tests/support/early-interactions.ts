import type { BrowserContext, Locator, Page } from "playwright-core";
import { PHONE } from "#tests/support/chromium.ts";

/** What a visitor does at once, and how each part of the header looks before the scripts take over (its <details>) and after. */
const FORM_FIELD = '#consultation input[name="fullName"]';
const MENU = ':is(header button[aria-controls="mobile-menu"], header #mobile-menu-toggle > summary)';
const MENU_OPEN = ':is(header button[aria-controls="mobile-menu"][aria-expanded="true"], header details#mobile-menu-toggle[open])';
const SOLUTIONS_SCRIPTED = '#mobile-menu button[aria-controls="mobile-solutions"]';
/** The server's Solutions section: a <details> in the server's menu whose <summary> says Solutions. */
const solutionsDetails = (page: Page, open = "") =>
  page.locator(`#mobile-menu-toggle details${open}`).filter({ has: page.locator("> summary", { hasText: "Solutions" }) });
const solutions = (page: Page) => page.locator(SOLUTIONS_SCRIPTED).or(solutionsDetails(page).locator("> summary"));
const solutionsOpen = (page: Page) => page.locator(`${SOLUTIONS_SCRIPTED}[aria-expanded="true"]`).or(solutionsDetails(page, "[open]"));
/** The header once the scripts have taken it over: the hamburger is a button. */
const MENU_SCRIPTED = 'header button[aria-controls="mobile-menu"]';

export const TYPED_NAME = "Asha Rao";
export const CPU_SLOWDOWN = 4;
/** How long an interaction's effect may take to show once the page's scripts have taken over. */
const SETTLE_MS = 5_000;

/** One Event Timing entry the page recorded (PerformanceObserver 'event', durationThreshold 16 ms). */
export type EventDelay = { name: string; target: string; startMs: number; inputDelayMs: number; durationMs: number };

export type EarlyInteractions = {
  /** Each interaction's effect once the page settled: the menu and the section open, the typed name in the field. */
  handled: { menuOpened: boolean; dropdownOpened: boolean; typedValue: string };
  /** After first contentful paint: when the page's main thread first answered the harness, and when the last interaction had been taken. */
  startedAfterPaintMs: number;
  lastAnsweredAfterPaintMs: number;
  events: EventDelay[];
};

/**
 * Recorded in the page before any of its own scripts: every event that took 16 ms or more from the
 * input to the next paint, and the first contentful paint. Written into the window for the harness.
 */
function recordEventTiming() {
  const recorded = { events: [] as unknown[], firstPaint: undefined as number | undefined };
  (window as unknown as { earlyInteractions: typeof recorded }).earlyInteractions = recorded;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      const target = entry.target instanceof Element ? entry.target : null;
      recorded.events.push({
        name: entry.name,
        target: target
          ? `${target.nodeName.toLowerCase()}${target.id ? `#${target.id}` : ""}${target.getAttribute("name") ? `[name=${target.getAttribute("name")}]` : ""}`
          : "",
        startMs: entry.startTime,
        inputDelayMs: entry.processingStart - entry.startTime,
        durationMs: entry.duration,
      });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    const paint = list.getEntriesByName("first-contentful-paint")[0];
    if (paint) recorded.firstPaint = paint.startTime;
  }).observe({ type: "paint", buffered: true });
}

/**
 * Opens `path` on a phone-sized page whose CPU runs `CPU_SLOWDOWN` times slower, and from its first
 * contentful paint (as the browser reports it, without waiting on the page) types a name into the
 * consultation form, opens the phone menu and its Solutions section, as fast as the page takes them.
 * Then waits for the page to settle and reads what each interaction left. The time a long task
 * already running holds an input is counted only in part: the harness's own checks that an element
 * is there wait on the same main thread before the input is sent.
 */
export async function interactEarly(context: BrowserContext, path: string): Promise<EarlyInteractions> {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.addInitScript(recordEventTiming);
  const session = await context.newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await session.send("Page.enable");
  await session.send("Page.setLifecycleEventsEnabled", { enabled: true });
  const painted = new Promise<void>((resolve) =>
    session.on("Page.lifecycleEvent", (event) => {
      if (event.name === "firstContentfulPaint") resolve();
    }),
  );
  await page.goto(path, { waitUntil: "commit" });
  await painted;
  const startedAt = await pageNow(page);

  await page.locator(FORM_FIELD).pressSequentially(TYPED_NAME);
  await page.locator(MENU).click();
  // A menu tap the page lost leaves no Solutions to tap: that is reported below as not handled, not thrown.
  await solutions(page)
    .click({ timeout: SETTLE_MS })
    .catch(() => undefined);
  const answeredAt = await pageNow(page);

  await page.waitForLoadState("load");
  await page.locator(MENU_SCRIPTED).waitFor();
  // The scripted header takes over an open menu in a transition of its own, a moment after it appears.
  const settles = (locator: Locator) =>
    locator
      .waitFor({ state: "attached", timeout: SETTLE_MS })
      .then(() => true)
      .catch(() => false);
  const handled = {
    menuOpened: await settles(page.locator(MENU_OPEN)),
    dropdownOpened: await settles(solutionsOpen(page)),
    typedValue: await page.locator(FORM_FIELD).inputValue(),
  };
  const recorded = await page.evaluate(() => (window as unknown as { earlyInteractions: { events: EventDelay[]; firstPaint: number } }).earlyInteractions);
  await page.close();
  return {
    handled,
    startedAfterPaintMs: Math.round(startedAt - recorded.firstPaint),
    lastAnsweredAfterPaintMs: Math.round(answeredAt - recorded.firstPaint),
    events: recorded.events,
  };
}

/** The page's clock (performance.now), read as soon as its main thread is free. */
function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}
