import type { Server } from "node:http";
import { MAX_REQUEST_BYTES } from "#app/features/consultation/consultation-schema.ts";

/*
 * Time limits of the HTTP server. Node's defaults let a request take 300 s
 * and a kept-alive connection close after 5 s, which a proxy reusing its
 * upstream connections (nginx keeps them 60 s) runs into as 502s.
 */

/** Idle kept-alive connections stay open this long: longer than a proxy keeps its own (nginx: 60 s), so the proxy always closes first. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** A request's headers must arrive within this; Node wants it above the keep-alive timeout. */
export const HEADERS_TIMEOUT_MS = 66_000;
/** The slowest line a visitor may upload from and still send the largest form (MAX_REQUEST_BYTES, 51 MB), in bits per second. */
export const SLOWEST_UPLOAD_BITS_PER_SECOND = 1_000_000;
/** A whole request, body included: the largest form at SLOWEST_UPLOAD_BITS_PER_SECOND (about 7 minutes), rounded up to 10 minutes. */
export const REQUEST_TIMEOUT_MS = 10 * 60_000;
/** A connection with a request under way on which nothing moves either way for this long is closed: a stalled upload does not hold a socket for 10 minutes. */
export const IDLE_SOCKET_TIMEOUT_MS = 60_000;

/** Seconds the largest form takes at the slowest line we serve. */
export const largestFormUploadSeconds = () => (MAX_REQUEST_BYTES * 8) / SLOWEST_UPLOAD_BITS_PER_SECOND;

export function applyHttpLimits(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  // Only while a request is under way: between requests the keep-alive timeout applies instead.
  server.timeout = IDLE_SOCKET_TIMEOUT_MS;
}
