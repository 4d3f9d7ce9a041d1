import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import {
  applyHttpLimits,
  HEADERS_TIMEOUT_MS,
  IDLE_SOCKET_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  largestFormUploadSeconds,
  REQUEST_TIMEOUT_MS,
} from "#server/http-limits.ts";

/** nginx's default `keepalive_timeout` for kept-alive upstream connections. */
const NGINX_UPSTREAM_KEEPALIVE_MS = 60_000;

test("the limits fit together: keep-alive outlasts the proxy's, headers outlast keep-alive, the largest form fits in a request on a slow line", () => {
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(NGINX_UPSTREAM_KEEPALIVE_MS);
  expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
  expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(HEADERS_TIMEOUT_MS);
  // 51 MB at 1 Mbit/s: about 428 s, within the 600 s a request may take.
  expect(largestFormUploadSeconds()).toBeGreaterThan(400);
  expect(REQUEST_TIMEOUT_MS / 1000).toBeGreaterThan(largestFormUploadSeconds());
  // A stalled connection goes long before Node's 300 s default.
  expect(IDLE_SOCKET_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
});

test("a server takes the limits (Node accepts them together) and still answers", async () => {
  const server = http.createServer((_req, res) => res.end("ok"));
  applyHttpLimits(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(server.timeout).toBe(IDLE_SOCKET_TIMEOUT_MS);
    const { port } = server.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
  } finally {
    server.close();
    server.closeAllConnections();
  }
});
