import { request as httpRequest } from "node:http";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, PHONE, setupBrowser, waitForHydration } from "#tests/support/browser.ts";
import { freshPostgres, waitFor, type FreshPostgres } from "#tests/support/forms.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Real-user web vitals (decision 015) end to end: one server samples every
 * page view, another has reporting off; both on one fresh PostgreSQL
 * database so the rows can be read while they run.
 */

const { newPage } = setupBrowser();

let database: FreshPostgres;
let sampling: RunningServer;
let off: RunningServer;

beforeAll(async () => {
  database = await freshPostgres();
  sampling = await startServer({ DATABASE_URL: database.url, VITALS_SAMPLE_RATE: "1" });
  off = await startServer({ DATABASE_URL: database.url, VITALS_SAMPLE_RATE: "0" });
});

afterAll(async () => {
  await sampling?.stop();
  await off?.stop();
  await database?.dispose();
});

type Row = { page: string; metric: string; pageViewId: string; value: number };

async function rows(page?: string): Promise<Row[]> {
  const result = await database.pool.query<Row>(
    `select page, metric, page_view_id as "pageViewId", value from web_vitals ${page ? "where page = $1" : ""} order by id`,
    page ? [page] : [],
  );
  return result.rows;
}

const isReporterScript = (url: string) => /\/assets\/report-vitals-[^/]+\.js$/.test(new URL(url).pathname);
const isBeacon = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === "/vitals";

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

/** Makes the page hidden as switching tabs does: web-vitals reports its final values and the reporter sends its queue. */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

test("a sampled page view loads the reporter after hydration, sends its vitals when hidden or left, without query or hash, and staff read them per page", async () => {
  const page = await newPage({ baseURL: sampling.baseURL });
  const requests = recordRequests(page);
  await page.goto("/crm?utm_source=newsletter#benefits");
  // The reporter comes after hydration, the load event and an idle moment (the parts loaded when wanted are not brought in here).
  await waitFor(
    () => requests.some((request) => isReporterScript(request.url())),
    (seen) => seen,
  );
  // The reporter is not among the scripts the page needs to draw and hydrate: it comes last, on its own.
  const scripts = requests.filter((request) => request.resourceType() === "script" || request.url().endsWith(".js"));
  expect(scripts.findIndex((request) => isReporterScript(request.url()))).toBe(scripts.length - 1);
  expect(scripts.filter((request) => /web-vitals|report-vitals/.test(request.url()))).toHaveLength(1);

  // An interaction, for INP; web-vitals counts it in the next idle moment, so the tab is hidden after one,
  // which sends the queue in one beacon.
  await page.getByRole("heading", { level: 1 }).click();
  // The browser hands the interaction's timing to observers after a frame; then web-vitals' idle step.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        new PerformanceObserver((_, observer) => (observer.disconnect(), resolve(null))).observe({ type: "first-input", buffered: true }),
      ),
  );
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const sent = page.waitForRequest(isBeacon);
  await hide(page);
  const beacon = await sent;
  expect(beacon.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = JSON.parse(beacon.postData() ?? "{}") as { path: string; metrics: Record<string, unknown>[] };
  expect(body.path).toBe("/crm");
  expect(body.metrics.map((metric) => metric.name).sort()).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]);
  // Only what the table needs: web-vitals' id of each metric of this page view, no entries, no attribution, nothing about the visitor.
  for (const metric of body.metrics) {
    expect(
      Object.keys(metric).every((key) => ["name", "id", "value", "navigationType"].includes(key)),
      JSON.stringify(metric),
    ).toBe(true);
    expect(metric.id, JSON.stringify(metric)).toMatch(/^v\d+-\d+-\d+$/);
  }
  expect(new Set(body.metrics.map((metric) => metric.id)).size).toBe(5);
  const stored = await waitFor(
    () => rows("/crm"),
    (found) => found.length === 5,
  );
  expect(stored.find((row) => row.metric === "LCP")!.value).toBeGreaterThan(0);
  // The same beacon posted again counts for nothing: each page view counts once per metric.
  const replay = await fetch(`${sampling.baseURL}/vitals`, {
    method: "POST",
    headers: { "Content-Type": "text/plain", Origin: sampling.baseURL },
    body: beacon.postData() ?? "",
  });
  expect(replay.status).toBe(204);
  expect(await rows("/crm")).toEqual(stored);

  // The next page view (sampled too) sends its vitals as the visitor leaves it for another.
  await page.goto("/about");
  await waitForHydration(page);
  await waitFor(
    () => requests.filter((request) => isReporterScript(request.url())).length,
    (count) => count === 2,
  );
  await page.goto("/partners");
  await waitFor(
    () => rows("/about"),
    (found) => ["LCP", "CLS", "FCP", "TTFB"].every((metric) => found.some((row) => row.metric === metric)),
  );

  // A staff page view is never measured.
  const editor = await newPage({ baseURL: sampling.baseURL });
  const editorRequests = recordRequests(editor);
  await signInAs(editor, sampling, "editor", { name: "Eddie Editor" });
  await editor.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Web vitals" }).click();
  await editor.getByRole("heading", { level: 1, name: "Web vitals" }).waitFor();
  const table = editor.getByRole("table", { name: "75th percentile per page and metric" });
  // The page's first row (its heading spans its metrics' rows) is its LCP.
  const crmFirstRow = table.getByRole("row").filter({ has: editor.getByRole("rowheader", { name: "/crm" }) });
  expect(await crmFirstRow.getByRole("cell").first().textContent()).toBe("LCP");
  const lcp = stored.find((row) => row.metric === "LCP")!.value;
  const lcpRow = (await crmFirstRow.textContent()) ?? "";
  expect(lcpRow).toContain(`${Math.round(lcp).toLocaleString("en-US")} ms`);
  expect(lcpRow).toMatch(/Good|Needs improvement|Poor/);
  expect(await table.getByRole("rowheader", { name: "/crm" }).count()).toBe(1);
  expect(await editor.getByText("100% of page views report their figures").count()).toBe(1);
  expect(await axeViolations(editor)).toEqual([]);
  expect(editorRequests.some((request) => isReporterScript(request.url()))).toBe(false);

  // On a phone the table scrolls inside its own region, which the keyboard can reach.
  await editor.setViewportSize(PHONE);
  const overflow = await editor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const region = editor.getByRole("region", { name: "75th percentile per page and metric" });
  await region.focus();
  await editor.keyboard.press("ArrowRight");
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
});

test("with VITALS_SAMPLE_RATE=0 no page view fetches the reporter and the endpoint stores nothing", async () => {
  // Pages the other tests do not visit, so their late beacons cannot be mistaken for these.
  const page = await newPage({ baseURL: off.baseURL });
  const requests = recordRequests(page);
  await page.goto("/erp");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  // Longer than the reporter's idle wait after load.
  await page.waitForTimeout(6_000);
  await page.getByRole("heading", { level: 1 }).click();
  await hide(page);
  await page.goto("/devops");
  await waitForHydration(page);
  expect(requests.filter((request) => isReporterScript(request.url()) || /web-vitals/.test(request.url())).map((request) => request.url())).toEqual([]);
  expect(requests.filter(isBeacon)).toEqual([]);

  const response = await fetch(`${off.baseURL}/vitals`, {
    method: "POST",
    headers: { "Content-Type": "text/plain", Origin: off.baseURL },
    body: JSON.stringify({ path: "/erp", metrics: [{ name: "LCP", id: "v6-1782820800000-1000000000001", value: 1000 }] }),
  });
  expect(response.status).toBe(404);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await rows("/erp")).toEqual([]);
  expect(await rows("/devops")).toEqual([]);
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * One post on a connection of its own (a refused body may leave its connection to be closed), as
 * a whole body with its length or as chunks without one; answered as soon as the server answers.
 */
function post(url: string, body: string | string[], headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks = Array.isArray(body) ? body : null;
    const request = httpRequest(url, {
      method: "POST",
      agent: false,
      headers: chunks ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(body as string)) },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (part: string) => (text += part));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    // The server may stop reading a refused body and close; the answer came first.
    request.on("error", (error) => (request.writableEnded ? undefined : reject(error)));
    if (chunks) for (const chunk of chunks) request.write(chunk);
    else request.write(body);
    request.end();
  });
}

test("the endpoint refuses another site's beacons, bodies over 4 KB (announced or not), unknown metrics and unknown pages, and is never cached", async () => {
  const url = `${sampling.baseURL}/vitals`;
  const send = (body: string | string[], headers: Record<string, string> = {}) =>
    post(url, body, { "Content-Type": "text/plain;charset=UTF-8", Origin: sampling.baseURL, ...headers });
  const id = "v6-1782820800000-1000000000002";
  const beacon = (overrides: Record<string, unknown> = {}) => JSON.stringify({ path: "/careers/7", metrics: [{ name: "LCP", id, value: 1200 }], ...overrides });

  const cases: [string, () => Promise<Answer>, number][] = [
    ["another site", () => send(beacon(), { Origin: "https://evil.example" }), 403],
    ["a 5 KB body", () => send(beacon({ path: `/${"a".repeat(5 * 1024)}` })), 413],
    ["a chunked body of 64 KB", () => send(Array.from({ length: 64 }, () => " ".repeat(1024))), 413],
    ["an unknown metric", () => send(beacon({ metrics: [{ name: "FID", id, value: 10 }] })), 400],
    ["an LCP of an hour", () => send(beacon({ metrics: [{ name: "LCP", id, value: 3_600_000 }] })), 400],
    ["a metric without its page view's id", () => send(beacon({ metrics: [{ name: "LCP", value: 1200 }] })), 400],
    ["a page the site does not have", () => send(beacon({ path: "/wp-admin" })), 400],
    ["a form's encoding", () => send("path=/crm", { "Content-Type": "application/x-www-form-urlencoded" }), 415],
  ];
  for (const [name, request, status] of cases) {
    const response = await request();
    expect(response.status, name).toBe(status);
    expect(response.headers["cache-control"], name).toBe("no-store");
  }
  const get = await fetch(url);
  expect(get.status).toBe(405);

  const accepted = await send(beacon());
  expect(accepted.status).toBe(204);
  expect(accepted.headers["cache-control"]).toBe("no-store");
  expect(accepted.headers["set-cookie"]).toBeUndefined();
  // Only the accepted one, under the job pages' pattern.
  expect(await rows("/careers/:id")).toEqual([{ page: "/careers/:id", metric: "LCP", pageViewId: id, value: 1200 }]);
});
