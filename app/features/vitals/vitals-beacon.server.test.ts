import { expect, test, vi } from "vitest";
import { acceptBeacon, BEACONS_PER_CLIENT, parseBeacon, type BeaconDependencies } from "#app/features/vitals/vitals-beacon.server.ts";
import { webVitals } from "#app/platform/db/schema.server.ts";
import { openTestDatabase, testDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const SITE = "https://www.example.com";
const metrics = [
  { name: "LCP", value: 1840, navigationType: "navigate" },
  { name: "CLS", value: 0.0123 },
  { name: "INP", value: 96 },
  { name: "FCP", value: 900 },
  { name: "TTFB", value: 120 },
];
const beacon = (overrides: Record<string, unknown> = {}) => JSON.stringify({ path: "/careers/12", metrics, ...overrides });

test("a beacon names a path and one to ten known metrics, each with a finite value in its range", () => {
  expect(parseBeacon(beacon())).toMatchObject({ ok: true, beacon: { path: "/careers/12" } });
  const refused = {
    "not JSON": "{",
    "unknown metric": beacon({ metrics: [{ name: "FID", value: 10 }] }),
    "negative value": beacon({ metrics: [{ name: "LCP", value: -1 }] }),
    "LCP of ten minutes": beacon({ metrics: [{ name: "LCP", value: 600_000 }] }),
    "CLS of 50": beacon({ metrics: [{ name: "CLS", value: 50 }] }),
    "value as text": beacon({ metrics: [{ name: "LCP", value: "1000" }] }),
    "value null (Infinity in JSON)": beacon({ metrics: [{ name: "LCP", value: null }] }),
    "no metrics": beacon({ metrics: [] }),
    "eleven metrics": beacon({ metrics: Array.from({ length: 11 }, () => ({ name: "LCP", value: 1 })) }),
    "a field beyond the contract": beacon({ userAgent: "Mozilla/5.0" }),
    "a metric field beyond the contract": beacon({ metrics: [{ name: "LCP", value: 1, id: "v5-1" }] }),
    "unknown navigation type": beacon({ metrics: [{ name: "LCP", value: 1, navigationType: "teleport" }] }),
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

const drivers = await testDrivers();

for (const driver of drivers) {
  test(`stores a beacon's metrics under its page, and refuses what is off, cross-site, too large, malformed or about another page (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const deps: BeaconDependencies = { db: database.db, sampleRate: 0.1, siteUrl: SITE, clientAddress: "203.0.113.5" };
      const stored = () => database.db.select({ page: webVitals.page, metric: webVitals.metric, value: webVitals.value }).from(webVitals);

      const ok = await acceptBeacon(post(beacon()), deps);
      expect(ok.status).toBe(204);
      expect(ok.headers.get("Cache-Control")).toBe("no-store");
      expect(await ok.text()).toBe("");
      expect(await stored()).toEqual(metrics.map(({ name, value }) => ({ page: "/careers/:id", metric: name, value })));
      // application/json too, and a post without Origin (as some clients send) is not cross-site.
      expect((await acceptBeacon(post(beacon({ path: "/" }), { "Content-Type": "application/json", Origin: "" }), deps)).status).toBe(204);
      expect(await stored()).toHaveLength(10);

      const refusals: [string, Request, BeaconDependencies, number][] = [
        ["reporting off", post(beacon()), { ...deps, sampleRate: 0 }, 404],
        ["another site's page", post(beacon(), { Origin: "https://evil.example" }), deps, 403],
        ["a cross-site fetch", post(beacon(), { "Sec-Fetch-Site": "cross-site" }), deps, 403],
        ["a form post", post(beacon(), { "Content-Type": "application/x-www-form-urlencoded" }), deps, 415],
        ["an announced 5 KB", post(beacon({ path: `/${"a".repeat(5000)}` })), deps, 413],
        ["an endless body without a length", post(endlessBody()), deps, 413],
        ["an unknown metric", post(beacon({ metrics: [{ name: "FID", value: 10 }] })), deps, 400],
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
      for (let i = 0; i < BEACONS_PER_CLIENT.limit; i++) expect((await acceptBeacon(post(beacon()), deps)).status).toBe(204);
      const refused = await acceptBeacon(post(endlessBody()), deps);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await acceptBeacon(post(beacon()), { ...deps, clientAddress: "198.51.100.8" })).status).toBe(204);
      expect(await database.db.select().from(webVitals)).toHaveLength((BEACONS_PER_CLIENT.limit + 1) * metrics.length);
    } finally {
      await database.dispose();
    }
  });
}
