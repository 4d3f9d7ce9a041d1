import { expect, test } from "vitest";
import { setupBrowser } from "#tests/support/browser.ts";
import { interactEarly, TYPED_NAME } from "#tests/support/early-interactions.ts";

const { browser, baseURL } = setupBrowser();

/**
 * Issue 35: a visitor on a slow phone who reaches for the page as soon as it paints, before its
 * scripts have run, loses nothing. What each interaction did is checked, not how long it took
 * (the bench prints that: BENCH_ONLY=inp).
 */
test("on a phone four times slower, the menu, its Solutions section and the consultation form take a visitor's first inputs after first paint", async () => {
  const context = await browser().newContext({ baseURL: baseURL() });
  try {
    const result = await interactEarly(context, "/crm");
    expect(result.handled).toEqual({ menuOpened: true, dropdownOpened: true, typedValue: TYPED_NAME });
  } finally {
    await context.close();
  }
});
