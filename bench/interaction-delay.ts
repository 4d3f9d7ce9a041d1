import { launchChromium } from "#tests/support/chromium.ts";
import { CPU_SLOWDOWN, interactEarly, TYPED_NAME, type EarlyInteractions } from "#tests/support/early-interactions.ts";
import { median } from "./statistics.ts";

/**
 * Interaction to Next Paint at load (issue 35): `loads` fresh loads of each page on a phone-sized,
 * CPU-throttled page, each typing into the consultation form and opening the phone menu and its
 * Solutions section from first paint on (`interactEarly`). For each page: whether every load handled
 * every interaction, and the largest delay from an input to the next paint (Event Timing), median and
 * worst over the loads, with the input delay of that event and when the interactions ran.
 */
export async function interactionDelayBench(baseURL: string, paths: string[], loads: number) {
  const browser = await launchChromium();
  const rows = [];
  const largest = [];
  try {
    for (const path of paths) {
      const measured: EarlyInteractions[] = [];
      for (let load = 0; load < loads; load++) {
        const context = await browser.newContext({ baseURL });
        try {
          measured.push(await interactEarly(context, path));
        } finally {
          await context.close();
        }
      }
      const worstOf = measured.map((run) => run.events.reduce((worst, event) => (event.durationMs > worst.durationMs ? event : worst), NO_EVENT));
      const handled = measured.filter(({ handled: h }) => h.menuOpened && h.dropdownOpened && h.typedValue === TYPED_NAME).length;
      const lost = (missed: (run: EarlyInteractions["handled"]) => boolean) => measured.filter((run) => missed(run.handled)).length;
      rows.push({
        page: path,
        cpuSlowdown: CPU_SLOWDOWN,
        loads,
        allHandled: `${handled}/${loads}`,
        menuLost: lost((h) => !h.menuOpened),
        dropdownLost: lost((h) => !h.dropdownOpened),
        typingLost: lost((h) => h.typedValue !== TYPED_NAME),
        largestDelayMedianMs: median(worstOf.map((event) => event.durationMs)),
        largestDelayWorstMs: Math.max(...worstOf.map((event) => event.durationMs)),
        inputDelayOfWorstMs: Math.round(worstOf.reduce((worst, event) => (event.durationMs > worst.durationMs ? event : worst), NO_EVENT).inputDelayMs),
        startedAfterPaintMedianMs: median(measured.map((run) => run.startedAfterPaintMs)),
        doneAfterPaintMedianMs: median(measured.map((run) => run.lastAnsweredAfterPaintMs)),
      });
      largest.push(
        ...worstOf.map((event) => ({
          page: path,
          ...event,
          startMs: Math.round(event.startMs),
          inputDelayMs: Math.round(event.inputDelayMs),
        })),
      );
    }
  } finally {
    await browser.close();
  }
  return { rows, largest };
}

/** A load whose every event took under 16 ms. */
const NO_EVENT = { name: "none", target: "", startMs: 0, inputDelayMs: 0, durationMs: 0 };
