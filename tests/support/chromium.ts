import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium (test tools cannot download a browser here); `CHROMIUM_PATH` points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium features the browser runs without. Headless Chromium 156 draws its omnibox's dropdown as
 * WebUI pages, loaded in a renderer of their own for every window, and a browser context is a window:
 * they took a fifth to a third of the browser's CPU in the tests. Chromium keeps only the last
 * `--disable-features` it is given, so this list repeats the one Playwright passes (playwright-core
 * 1.65; its Edge-only entries left out) and adds those three (decision 066).
 */
const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
];

/** The flags every browser of the tests, benches and scripts runs with: no sandbox (root, no user namespaces), no GPU, nothing phoning home. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
] as const;

/** The two screens every page is checked at: a laptop and a small phone. */
export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 375, height: 812 } as const;

/** The system Chromium through playwright-core, with `extraFlags` after the shared ones. */
export function launchChromium(extraFlags: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraFlags] });
}
