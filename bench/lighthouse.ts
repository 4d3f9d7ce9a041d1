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

/**
 * A run whose trace Lighthouse could not read: it scores no performance and asks to be run again. With
 * Chromium 156 about one run in ten lacks the `navigationStart` event (`NO_NAVSTART`) when the page moves
 * to a new renderer process; the page's other events are in the trace.
 */
export class TraceNotRecorded extends Error {}
const TRACE_NOT_RECORDED = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);

/** Lighthouse's default (mobile, simulated throttling) run of one URL in the system Chromium. */
export async function lighthouseScores(url: string, cpuSlowdown?: number): Promise<LighthouseScores> {
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
      ...(cpuSlowdown && { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const runtimeError = result.lhr.runtimeError?.code;
    if (runtimeError && TRACE_NOT_RECORDED.has(runtimeError)) throw new TraceNotRecorded(`${url}: ${runtimeError}`);
    // Any other failure (the page did not load or paint) is the page's, not a score of 0.
    if (runtimeError || categories.performance?.score === null) {
      throw new Error(`${url}: Lighthouse scored no performance (${runtimeError ?? "no runtime error"})`);
    }
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

/**
 * `runs` scored runs of one URL in a row. A run whose trace was not recorded is not a score of the page:
 * it is run again, as Lighthouse asks, at most `runs` times in all, and each such run is counted.
 */
export async function consecutiveRuns(url: string, runs: number, cpuSlowdown?: number) {
  const scores: LighthouseScores[] = [];
  const notRecorded: string[] = [];
  while (scores.length < runs) {
    try {
      scores.push(await lighthouseScores(url, cpuSlowdown));
    } catch (error) {
      if (!(error instanceof TraceNotRecorded) || notRecorded.length >= runs) throw error;
      notRecorded.push(error.message);
    }
  }
  return { scores, notRecorded };
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
