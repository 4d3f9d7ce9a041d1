import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { axeViolations, DESKTOP, PHONE } from "#tests/support/browser.ts";
import { freshPostgres, type FreshPostgres } from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { perWorker } from "#tests/support/worker.ts";

/*
 * What the publishing journeys (jobs, insights) check alike: how soon a
 * change shows on a server process, the staff pages' accessibility at both
 * widths, and the notices the staff forms answer with.
 */

export type ServerPair = { postgres: FreshPostgres; first: RunningServer; second: RunningServer; stop(): Promise<void> };

/**
 * Two server processes on one new PostgreSQL database and one file store, as
 * a deployment runs them (an image one stores, the other serves).
 */
export async function startServerPair(): Promise<ServerPair> {
  const postgres = await freshPostgres();
  const dataDir = await mkdtemp(path.join(tmpdir(), "site-e2e-shared-"));
  const settings = { DATABASE_URL: postgres.url, FORM_RATE_LIMIT: "1000", DATA_DIR: dataDir };
  const [first, second] = await Promise.all([startServer(settings), startServer(settings)]);
  return {
    postgres,
    first,
    second,
    async stop() {
      await Promise.all([first.stop(), second.stop()]);
      await rm(dataDir, { recursive: true, force: true });
      await postgres.dispose();
    },
  };
}

/**
 * The worker's pair (startServerPair), for the files that share one: started by the first of them,
 * stopped when the worker ends (a pair costs about 3 s of CPU to start). Those files make their
 * own data (titles, addresses, accounts) and read back only that, so they need no empty database.
 */
const workerPair = perWorker(
  startServerPair,
  (pair) => pair.stop(),
  (pair) => pair.first.exitedAt === undefined && pair.second.exitedAt === undefined,
);

/**
 * Two server processes for a test file, started before its tests when `when` holds (PostgreSQL is
 * reachable): with `shared`, the worker's pair; else the file's own, stopped after its tests, for a
 * file that changes what every page shows (the site facts, the pages, the proof) or counts the
 * database's rows.
 */
export function setupServerPair(when: boolean, { shared = false } = {}): Omit<ServerPair, "stop"> {
  let pair: ServerPair | undefined;
  beforeAll(async () => {
    if (when) pair = await (shared ? workerPair() : startServerPair());
  }, 90_000);
  afterAll(async () => {
    if (!shared) await pair?.stop();
  });
  const started = () => {
    if (!pair) throw new Error("the file's servers have not started");
    return pair;
  };
  return {
    get postgres() {
      return started().postgres;
    },
    get first() {
      return started().first;
    },
    get second() {
      return started().second;
    },
  };
}

/** The staff area's promise (decision 011): a published change is on every process's pages within this. */
export const VISIBLE_WITHIN_MS = 5_000;

/** Polls `path` on a server until `accept` holds for its answer; how long that took since `since`. */
export async function timeUntil(server: RunningServer, path: string, accept: (status: number, body: string) => boolean, since: number): Promise<number> {
  for (;;) {
    const response = await fetch(`${server.baseURL}${path}`);
    const body = await response.text();
    if (accept(response.status, body)) return Date.now() - since;
    if (Date.now() - since > VISIBLE_WITHIN_MS * 3)
      throw new Error(`${path} on ${server.baseURL} still answers ${response.status} after ${Date.now() - since} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** No axe violations at 1280 and 375 px, and nothing wider than the phone. */
export async function expectAccessible(page: Page) {
  expect(await axeViolations(page), `${page.url()} at 1280 px`).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await axeViolations(page), `${page.url()} at 375 px`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page.url()} fits 375 px`).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

/**
 * A staff form's answer, a success's status or a refusal's alert, says `text`, and the page's data has arrived:
 * React Router shows a post's answer while it fetches that data again, and a form drawn from the data (keyed on it)
 * is drawn anew when it comes, so a test that went on at once could tick a box about to be replaced. The staff
 * area's main region is busy until the page drawn is the one the data gives.
 */
export async function notice(page: Page, text: string | RegExp) {
  const answers = page.locator("[role=status], [role=alert]");
  try {
    await answers.filter({ hasText: text }).first().waitFor();
  } catch (error) {
    throw new Error(`${String(text)} was not said on ${page.url()}; the page says: ${JSON.stringify(await answers.allTextContents())}`, { cause: error });
  }
  await page.locator('main[aria-busy="true"]').waitFor({ state: "detached" });
}

/** A staff content form turns to scripted validation once React has hydrated the page. */
export async function gotoContentForm(page: Page, path: string) {
  await page.goto(path);
  await page.locator("main form[novalidate]").waitFor({ state: "attached" });
}
