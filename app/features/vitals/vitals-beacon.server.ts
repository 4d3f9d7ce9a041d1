import { z } from "zod";
import { isCrossSite } from "#app/features/forms/submission.server.ts";
import { pageOf } from "#app/features/vitals/vitals-pages.server.ts";
import { recordVitals } from "#app/features/vitals/vitals-store.server.ts";
import {
  MAX_BEACON_BYTES,
  MAX_METRICS_PER_BEACON,
  MAX_PAGE_VIEW_ID_LENGTH,
  MAX_PATH_LENGTH,
  metricRules,
  vitalMetrics,
} from "#app/features/vitals/vitals-rules.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { hitRateLimit, type RateLimitRule } from "#app/platform/rate-limit.server.ts";
import { readBounded } from "#app/platform/read-bounded.server.ts";

/*
 * The endpoint browsers send their web vitals to (decision 015). Guards
 * cheapest first, as the forms' (decision 009): reporting switched off, a
 * cross-site post, a content type or announced size it does not take, and a
 * client over its limit are all refused before a byte of the body is read;
 * the body is then read up to 4 KB as counted, whatever the headers said.
 */

/** Beacons one client address may send: a sampled visitor sends one or two per page view. */
export const BEACONS_PER_CLIENT: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 };

const navigationTypes = ["navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore", "soft-navigation"] as const;

const metricSchema = z
  .strictObject({
    name: z.enum(vitalMetrics),
    /** web-vitals' id of this metric of this page view: what makes a repeated report replace, not add. */
    id: z
      .string()
      .min(1)
      .max(MAX_PAGE_VIEW_ID_LENGTH)
      .regex(/^[A-Za-z0-9-]+$/),
    value: z.number().min(0),
    navigationType: z.enum(navigationTypes).optional(),
  })
  .refine((metric) => metric.value <= metricRules[metric.name].max, { message: "out of range", path: ["value"] });

/** A beacon as the browser's reporter sends it: the page's path (no query, no hash) and its metrics. */
export const beaconSchema = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(MAX_PATH_LENGTH)
    .startsWith("/")
    .regex(/^[^?#\s]*$/),
  metrics: z
    .array(metricSchema)
    .min(1)
    .max(MAX_METRICS_PER_BEACON)
    // The reporter sends each metric of a page view once per beacon, and one insert cannot count a repeat once.
    .refine((metrics) => new Set(metrics.map(({ name, id }) => `${name} ${id}`)).size === metrics.length, { message: "a metric of a page view is repeated" }),
});

export type Beacon = z.infer<typeof beaconSchema>;

/** The beacon in a body, or why it is not one. */
export function parseBeacon(text: string): { ok: true; beacon: Beacon } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "The body is not JSON." };
  }
  const result = beaconSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { ok: false, reason: `${issue.path.join(".") || "beacon"}: ${issue.message}` };
  }
  return { ok: true, beacon: result.data };
}

export type BeaconDependencies = {
  db: Database;
  /** VITALS_SAMPLE_RATE: 0 means reporting is off and nothing is taken. */
  sampleRate: number;
  siteUrl: string;
  clientAddress: string;
};

/** Takes a beacon: 204 once stored; 404 while reporting is off; 403, 413, 415, 429 or 400 when refused. */
export async function acceptBeacon(request: Request, dependencies: BeaconDependencies): Promise<Response> {
  if (dependencies.sampleRate === 0) return answer(404, "Web vitals reporting is off.");
  if (isCrossSite(request, dependencies.siteUrl)) return answer(403, "Beacons are only taken from this site's own pages.");
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  // sendBeacon with a string sends text/plain, which needs no preflight.
  if (type !== "text/plain" && type !== "application/json") return answer(415, "A beacon is text/plain or application/json.");
  if (Number(request.headers.get("content-length")) > MAX_BEACON_BYTES) return answer(413, "The beacon is too large.");

  const limited = await hitRateLimit(dependencies.db, `vitals:${dependencies.clientAddress}`, BEACONS_PER_CLIENT);
  if (!limited.allowed) return answer(429, "Too many beacons.", { "Retry-After": String(limited.retryAfterSeconds) });

  const text = await readBounded(request, MAX_BEACON_BYTES);
  if (text === "too-large") return answer(413, "The beacon is too large.");
  if (text === null) return answer(400, "The body is not UTF-8 text.");
  const parsed = parseBeacon(text);
  if (!parsed.ok) return answer(400, parsed.reason);
  const page = pageOf(parsed.beacon.path);
  if (!page) return answer(400, "The path is not one of this site's public pages.");

  await recordVitals(
    dependencies.db,
    page,
    parsed.beacon.metrics.map(({ name, id, value }) => ({ metric: name, pageViewId: id, value })),
  );
  return answer(204);
}

function answer(status: number, message?: string, headers: Record<string, string> = {}): Response {
  const body = message && status !== 204 ? message : null;
  return new Response(body, {
    status,
    headers: { "Cache-Control": "no-store", ...(body ? { "Content-Type": "text/plain; charset=utf-8" } : {}), ...headers },
  });
}
