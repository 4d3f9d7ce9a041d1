import { expect, test, vi } from "vitest";
import { acceptBeacon, BEACONS_PER_CLIENT, parseBeacon, type BeaconDependencies } from "#app/features/vitals/vitals-beacon.server.ts";
import { metricRules, vitalMetrics } from "#app/features/vitals/vitals-rules.ts";
import { webVitals } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const SITE = "https://www.example.com";
/** A page view's ids, one per metric, as web-vitals makes them. */
const idsOf = (view: number) => ({
  LCP: `v6-1782820800000-${8_000_000_000_000 + 5 * view}`,
  CLS: `v6-1782820800000-${8_000_000_000_001 + 5 * view}`,
  INP: `v6-1782820800000-${8_000_000_000_002 + 5 * view}`,
  FCP: `v6-1782820800000-${8_000_000_000_003 + 5 * view}`,
  TTFB: `v6-1782820800000-${8_000_000_000_004 + 5 * view}`,
});
const metricsOf = (view: number) => {
  const ids = idsOf(view);
  return [
    { name: "LCP", id: ids.LCP, value: 1840, navigationType: "navigate" },
    { name: "CLS", id: ids.CLS, value: 0.0123 },
    { name: "INP", id: ids.INP, value: 96 },
    { name: "FCP", id: ids.FCP, value: 900 },
    { name: "TTFB", id: ids.TTFB, value: 120 },
  ];
};
const metrics = metricsOf(0);
const beacon = (overrides: Record<string, unknown> = {}) => JSON.stringify({ path: "/careers/12", metrics, ...overrides });
const id = idsOf(0).LCP;

test("a beacon names a path and one to ten known metrics, each with its page view's id and a finite value in its range", () => {
  expect(parseBeacon(beacon())).toMatchObject({ ok: true, beacon: { path: "/careers/12" } });
  // Each metric's range: from 0 to its ceiling, both ends included.
  for (const name of vitalMetrics) {
    const { max } = metricRules[name];
    for (const value of [0, max]) expect(parseBeacon(beacon({ metrics: [{ name, id, value }] })).ok, `${name} ${value}`).toBe(true);
    for (const value of [-0.001, max + (name === "CLS" ? 0.0001 : 1)])
      expect(parseBeacon(beacon({ metrics: [{ name, id, value }] })).ok, `${name} ${value}`).toBe(false);
  }
  expect(metricRules).toMatchObject({ LCP: { max: 120_000 }, FCP: { max: 120_000 }, TTFB: { max: 120_000 }, INP: { max: 60_000 }, CLS: { max: 10 } });
  const refused = {
    "not JSON": "{",
    "unknown metric": beacon({ metrics: [{ name: "FID", id, value: 10 }] }),
    "negative value": beacon({ metrics: [{ name: "LCP", id, value: -1 }] }),
    "LCP of ten minutes": beacon({ metrics: [{ name: "LCP", id, value: 600_000 }] }),
    "CLS of 50": beacon({ metrics: [{ name: "CLS", id, value: 50 }] }),
    "value as text": beacon({ metrics: [{ name: "LCP", id, value: "1000" }] }),
    "value null (Infinity in JSON)": beacon({ metrics: [{ name: "LCP", id, value: null }] }),
    "no page view id": beacon({ metrics: [{ name: "LCP", value: 1 }] }),
    "an empty page view id": beacon({ metrics: [{ name: "LCP", id: "", value: 1 }] }),
    "a page view id of 65 characters": beacon({ metrics: [{ name: "LCP", id: "v".repeat(65), value: 1 }] }),
    "a page view id with a NUL": beacon({ metrics: [{ name: "LCP", id: "v6-1\u0000", value: 1 }] }),
    "a page view id that is not text": beacon({ metrics: [{ name: "LCP", id: 7, value: 1 }] }),
    "a metric of a page view twice": beacon({ metrics: [metrics[0], { ...metrics[0], value: 4000 }] }),
    "no metrics": beacon({ metrics: [] }),
    "eleven metrics": beacon({ metrics: Array.from({ length: 11 }, (_, i) => ({ name: "LCP", id: `v6-${i}`, value: 1 })) }),
    "a field beyond the contract": beacon({ userAgent: "Mozilla/5.0" }),
    "a metric field beyond the contract": beacon({ metrics: [{ name: "LCP", id, value: 1, entries: [] }] }),
    "unknown navigation type": beacon({ metrics: [{ name: "LCP", id, value: 1, navigationType: "teleport" }] }),
    "path with a query": beacon({ path: "/careers?q=secret" }),
    "path with a hash": beacon({ path: "/crm#top" }),
    "relative path": beacon({ path: "crm" }),
    "path too long": beacon({ path: `/${"a".repeat(200)}` }),
  };
  for (const [name, body] of Object.entries(refused)) expect(parseBeacon(body).ok, name).toBe(false);
});

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  const init: RequestInit & { duplex?: "half" } = {
    method: "POST",
    body,
    headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: SITE, "Sec-Fetch-Site": "same-origin", ...headers },
    duplex: "half",
  };
  return new Request(`${SITE}/vitals`, init);
}

/** A body that arrives in pieces without a length, as a chunked upload does, and never ends. */
function endlessBody(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"path":"/","metrics":[${" ".repeat(1000)}`);
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(chunk);
    },
  });
}

const drivers = await featureDrivers();

for (const driver of drivers) {
  test(`stores a beacon's metrics under its page, and refuses what is off, cross-site, too large, malformed or about another page (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const deps: BeaconDependencies = { db: database.db, sampleRate: 0.1, siteUrl: SITE, clientAddress: "203.0.113.5" };
      const stored = () =>
        database.db
          .select({ page: webVitals.page, metric: webVitals.metric, pageViewId: webVitals.pageViewId, value: webVitals.value })
          .from(webVitals)
          .orderBy(webVitals.id);

      const ok = await acceptBeacon(post(beacon()), deps);
      expect(ok.status).toBe(204);
      expect(ok.headers.get("Cache-Control")).toBe("no-store");
      expect(await ok.text()).toBe("");
      expect(await stored()).toEqual(metrics.map(({ name, id, value }) => ({ page: "/careers/:id", metric: name, pageViewId: id, value })));
      // application/json too, and a post without Origin (as some clients send) is not cross-site.
      expect((await acceptBeacon(post(beacon({ path: "/", metrics: metricsOf(1) }), { "Content-Type": "application/json", Origin: "" }), deps)).status).toBe(
        204,
      );
      expect(await stored()).toHaveLength(10);

      const refusals: [string, Request, BeaconDependencies, number][] = [
        ["reporting off", post(beacon()), { ...deps, sampleRate: 0 }, 404],
        ["another site's page", post(beacon(), { Origin: "https://evil.example" }), deps, 403],
        ["a cross-site fetch", post(beacon(), { "Sec-Fetch-Site": "cross-site" }), deps, 403],
        ["a form post", post(beacon(), { "Content-Type": "application/x-www-form-urlencoded" }), deps, 415],
        ["an announced 5 KB", post(beacon({ path: `/${"a".repeat(5000)}` })), deps, 413],
        ["an endless body without a length", post(endlessBody()), deps, 413],
        ["an unknown metric", post(beacon({ metrics: [{ name: "FID", id, value: 10 }] })), deps, 400],
        ["an LCP of ten minutes", post(beacon({ metrics: [{ name: "LCP", id: idsOf(2).LCP, value: 600_000 }] })), deps, 400],
        ["no page view id", post(beacon({ metrics: [{ name: "LCP", value: 1840 }] })), deps, 400],
        ["an unknown page", post(beacon({ path: "/wp-login.php" })), deps, 400],
        ["a staff page", post(beacon({ path: "/staff/vitals" })), deps, 400],
        ["bytes that are not UTF-8", post(new Uint8Array([0xff, 0xfe, 0x7b])), deps, 400],
      ];
      for (const [name, request, dependencies, status] of refusals) {
        const response = await acceptBeacon(request, dependencies);
        expect(response.status, name).toBe(status);
        expect(response.headers.get("Cache-Control"), name).toBe("no-store");
      }
      expect(await stored()).toHaveLength(10);
    } finally {
      await database.dispose();
    }
  });

  test(`a client over its beacon limit is refused before its body is read; another client is not (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const deps: BeaconDependencies = { db: database.db, sampleRate: 1, siteUrl: SITE, clientAddress: "198.51.100.7" };
      for (let i = 0; i < BEACONS_PER_CLIENT.limit; i++) expect((await acceptBeacon(post(beacon({ metrics: metricsOf(i) })), deps)).status).toBe(204);
      const refused = await acceptBeacon(post(endlessBody()), deps);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await acceptBeacon(post(beacon({ metrics: metricsOf(BEACONS_PER_CLIENT.limit) })), { ...deps, clientAddress: "198.51.100.8" })).status).toBe(204);
      expect(await database.db.select().from(webVitals)).toHaveLength((BEACONS_PER_CLIENT.limit + 1) * metrics.length);
    } finally {
      await database.dispose();
    }
  });

  test(`a page view counts once per metric: a replayed beacon adds no row, and a later CLS or INP of the same page view replaces the earlier (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const deps: BeaconDependencies = { db: database.db, sampleRate: 1, siteUrl: SITE, clientAddress: "192.0.2.44" };
      const stored = () =>
        database.db.select({ metric: webVitals.metric, pageViewId: webVitals.pageViewId, value: webVitals.value }).from(webVitals).orderBy(webVitals.id);
      const [lcp, cls, inp] = metrics;
      // Hidden for the first time: what web-vitals has so far.
      expect((await acceptBeacon(post(beacon({ metrics: [lcp, cls, inp] })), deps)).status).toBe(204);
      // Someone posting that page view's beacon again and again, with the worst LCP a beacon may carry.
      for (let i = 0; i < 10; i++) expect((await acceptBeacon(post(beacon({ metrics: [{ ...lcp, value: metricRules.LCP.max }] })), deps)).status).toBe(204);
      // Shown and hidden again after more shifts and a slower interaction: the same ids, larger values.
      expect(
        (
          await acceptBeacon(
            post(
              beacon({
                metrics: [
                  { ...cls, value: 0.2 },
                  { ...inp, value: 340 },
                ],
              }),
            ),
            deps,
          )
        ).status,
      ).toBe(204);
      expect(await stored()).toEqual([
        { metric: "LCP", pageViewId: lcp!.id, value: metricRules.LCP.max },
        { metric: "CLS", pageViewId: cls!.id, value: 0.2 },
        { metric: "INP", pageViewId: inp!.id, value: 340 },
      ]);
    } finally {
      await database.dispose();
    }
  });
}
