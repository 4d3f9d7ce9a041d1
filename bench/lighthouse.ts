import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "#tests/support/chromium.ts";
import { median } from "./statistics.ts";

/** What one run measures of a page's speed. */
export type PerformanceFigures = {
  performance: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Scripts the page fetched in the run: the check that a floor ran none and the page its own. */
  scripts: number;
  /** Lighthouse's measure of the machine's speed for this run (its docs: about 1,000-2,000 on a fast desktop); the scores' throttling assumes a fast one. */
  benchmarkIndex: number;
};

export type LighthouseScores = PerformanceFigures & {
  accessibility: number;
  bestPractices: number;
  seo: number;
};

/**
 * A run whose trace Lighthouse could not read: it scores no performance and asks to be run again. With
 * Chromium 156 about one run in ten lacks the `navigationStart` event (`NO_NAVSTART`) when the page moves
 * to a new renderer process; the page's other events are in the trace.
 */
export class TraceNotRecorded extends Error {}
const TRACE_NOT_RECORDED = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);

type Category = "performance" | "accessibility" | "best-practices" | "seo";

/** Lighthouse's default (mobile, simulated throttling) run of one URL in the system Chromium, in a browser of its own. */
async function lighthouseRun(url: string, categories: Category[], cpuSlowdown?: number) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: categories,
      ...(cpuSlowdown && { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories: scored, audits } = result.lhr;
    const runtimeError = result.lhr.runtimeError?.code;
    if (runtimeError && TRACE_NOT_RECORDED.has(runtimeError)) throw new TraceNotRecorded(`${url}: ${runtimeError}`);
    // Any other failure (the page did not load or paint) is the page's, not a score of 0.
    if (runtimeError || scored.performance?.score === null) {
      throw new Error(`${url}: Lighthouse scored no performance (${runtimeError ?? "no runtime error"})`);
    }
    const score = (id: Category) => Math.round((scored[id]?.score ?? 0) * 100);
    const figures: PerformanceFigures = {
      performance: score("performance"),
      cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? NaN),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? NaN),
      scripts: scriptRequests(audits["network-requests"]?.details),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    };
    return { figures, score };
  } finally {
    chrome.kill();
  }
}

/** How many of the run's requests were scripts, from the `network-requests` audit's table. */
function scriptRequests(details: unknown): number {
  const items = (details as { items?: { resourceType?: string }[] } | undefined)?.items ?? [];
  return items.filter((item) => item.resourceType === "Script").length;
}

/** The four categories' scores and the performance figures of one run. */
export async function lighthouseScores(url: string, cpuSlowdown?: number): Promise<LighthouseScores> {
  const { figures, score } = await lighthouseRun(url, ["performance", "accessibility", "best-practices", "seo"], cpuSlowdown);
  const { performance, ...speed } = figures;
  return { performance, accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo"), ...speed };
}

/** The performance category alone: the paired runs judge speed, and a page without scripts has nothing else to compare. */
export async function performanceFigures(url: string, cpuSlowdown?: number): Promise<PerformanceFigures> {
  return (await lighthouseRun(url, ["performance"], cpuSlowdown)).figures;
}

/**
 * `runs` scored runs of one URL in a row. A run whose trace was not recorded is not a score of the page:
 * it is run again, as Lighthouse asks, at most `runs` times in all, and each such run is counted.
 */
export async function consecutiveRuns(url: string, runs: number, cpuSlowdown?: number) {
  const scores: LighthouseScores[] = [];
  const notRecorded: string[] = [];
  while (scores.length < runs) scores.push(await recordedRun(() => lighthouseScores(url, cpuSlowdown), notRecorded, runs));
  return { scores, notRecorded };
}

/** One run, run again while its trace was not recorded (each such run is added to `notRecorded`), up to `limit` of them in all. */
export async function recordedRun<Figures>(run: () => Promise<Figures>, notRecorded: string[], limit: number): Promise<Figures> {
  for (;;) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof TraceNotRecorded) || notRecorded.length >= limit) throw error;
      notRecorded.push(error.message);
    }
  }
}

const HIGHER_IS_BETTER = new Set<string>(["performance", "accessibility", "bestPractices", "seo", "benchmarkIndex"]);

/** Each figure's median over the runs. */
export function medianScores<Figures extends PerformanceFigures>(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures & string)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key] as number))])) as Figures;
}

/** Each figure at its worst over the runs: the lowest score, the highest time or shift. */
export function worstScores<Figures extends PerformanceFigures>(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]!) as (keyof Figures & string)[];
  const worst = (key: keyof Figures & string) => (HIGHER_IS_BETTER.has(key) ? Math.min : Math.max)(...runs.map((run) => run[key] as number));
  return Object.fromEntries(keys.map((key) => [key, worst(key)])) as Figures;
}
