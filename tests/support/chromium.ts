import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium (test tools cannot download a browser here); `CHROMIUM_PATH` points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags every browser of the tests, benches and scripts runs with: no sandbox (root, no user namespaces), no GPU, nothing phoning home. */
export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] as const;

/** The two screens every page is checked at: a laptop and a small phone. */
export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 375, height: 812 } as const;

/** The system Chromium through playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
}
