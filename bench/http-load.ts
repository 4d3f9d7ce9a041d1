import autocannon from "autocannon";

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
  ok: number;
  /** Bytes read per response, headers included: shows whether the answer came compressed. */
  bytesPerResponse: number;
};

/** What a browser asks for: pages are measured compressed, as visitors get them. */
export const BROWSER_ENCODINGS = { "Accept-Encoding": "gzip, br" };

type LoadOptions = {
  seconds?: number;
  connections?: number;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** Send exactly this many requests (instead of running for `seconds`). */
  amount?: number;
  /** Replace [<id>] in the body with a fresh id for every request. */
  idReplacement?: boolean;
  /**
   * Each request from an address of its own (X-Forwarded-For, for a server with TRUST_PROXY=loopback),
   * as visitors come: one address may have only a few writes at work at once (decision 028).
   */
  addressPerRequest?: boolean;
};

/** A bounded autocannon run against 127.0.0.1: it stops by itself after `seconds` or `amount` requests. */
export async function httpLoad(
  url: string,
  { seconds = 10, connections = 16, method = "GET", body, headers, idReplacement = false, amount, addressPerRequest = false }: LoadOptions = {},
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error(`Load tests only target this machine, not ${url}`);
  let sent = 0;
  const fromOwnAddress = (request: autocannon.Request) => {
    sent++;
    return { ...request, headers: { ...request.headers, "x-forwarded-for": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}` } };
  };
  const result = await autocannon({
    url,
    connections,
    method,
    body,
    headers,
    idReplacement,
    ...(addressPerRequest ? { requests: [{ setupRequest: fromOwnAddress }] } : {}),
    ...(amount ? { amount, timeout: 30 } : { duration: seconds }),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    ok: result["2xx"],
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}
