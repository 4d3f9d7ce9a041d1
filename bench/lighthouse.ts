import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "#tests/support/chromium.ts";
import { median } from "./statistics.ts";

export type LighthouseScores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's measure of the machine's speed for this run (its docs: about 1,000-2,000 on a fast desktop); the scores' throttling assumes a fast one. */
  benchmarkIndex: number;
};

/** Lighthouse's default (mobile, simulated throttling) run of one URL in the system Chromium. */
export async function lighthouseScores(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? NaN),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    };
  } finally {
    chrome.kill();
  }
}

const HIGHER_IS_BETTER = new Set<keyof LighthouseScores>(["performance", "accessibility", "bestPractices", "seo", "benchmarkIndex"]);
const KEYS: (keyof LighthouseScores)[] = ["performance", "accessibility", "bestPractices", "seo", "cls", "fcpMs", "lcpMs", "tbtMs", "benchmarkIndex"];

/** Each figure's median over the runs. */
export function medianScores(runs: LighthouseScores[]): LighthouseScores {
  return Object.fromEntries(KEYS.map((key) => [key, median(runs.map((run) => run[key]))])) as LighthouseScores;
}

/** Each figure at its worst over the runs: the lowest score, the highest time or shift. */
export function worstScores(runs: LighthouseScores[]): LighthouseScores {
  const worst = (key: keyof LighthouseScores) => (HIGHER_IS_BETTER.has(key) ? Math.min : Math.max)(...runs.map((run) => run[key]));
  return Object.fromEntries(KEYS.map((key) => [key, worst(key)])) as LighthouseScores;
}
