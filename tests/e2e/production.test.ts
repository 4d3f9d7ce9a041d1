import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { expect, inject, test } from "vitest";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { lockFileFor } from "#app/platform/db/directory-lock.server.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { startServer } from "#tests/support/server.ts";

/*
 * The built server as production runs it (issue 12): the start warnings, the
 * health answers, and a shutdown that a stalled upload cannot hold hostage.
 */

test("a production start with a public https SITE_URL gives no warning, and canonical links come from it, whatever address the request reached", async () => {
  const server = await startServer({ SITE_URL: "https://www.example.com" });
  try {
    expect(server.output()).not.toContain("SITE_URL is");
    const html = await (await fetch(`${server.baseURL}/crm`)).text();
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/crm"/>');
  } finally {
    await server.stop();
  }
});

test("/healthz and /readyz answer with the security headers and no-store", async () => {
  for (const probe of ["/healthz", "/readyz"]) {
    const response = await fetch(`${inject("baseURL")}${probe}`);
    expect(response.status, probe).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  }
  expect(await (await fetch(`${inject("baseURL")}/readyz`)).json()).toEqual({ status: "ok", database: "ok" });
  // Pages send the Permissions-Policy too.
  expect((await fetch(`${inject("baseURL")}/crm`)).headers.get("permissions-policy")).toContain("microphone=()");
});

test("SIGTERM with a stalled upload (on a localhost SITE_URL, which is warned about): the post gets the grace period, then its connection is cut, the database closes and the exit code is 0", async () => {
  const server = await startServer({ LOG_LEVEL: "info", SHUTDOWN_GRACE_MS: "1500" });
  const { port } = new URL(server.baseURL);
  // A newsletter post announcing 10 KB and sending a few bytes, then nothing, like a visitor whose line dropped.
  const socket = net.connect(Number(port), "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.write(
    ["POST /newsletter HTTP/1.1", `Host: 127.0.0.1:${port}`, "Content-Type: application/x-www-form-urlencoded", "Content-Length: 10000", "", "email=stalled"].join("\r\n"),
  );
  const socketClosed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  socket.on("error", () => undefined);
  await new Promise((resolve) => setTimeout(resolve, 300));

  const stoppedAt = Date.now();
  const code = await server.stop({ keepData: true });
  const cutAt = await socketClosed;
  try {
    expect(code).toBe(0);
    // Cut after the grace period, not before, and the process did not linger after it.
    expect(cutAt - stoppedAt).toBeGreaterThanOrEqual(1_400);
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    const output = server.output();
    // Started as the tests start it, on a localhost SITE_URL: warned about, as links would point there.
    expect(output).toMatch(/"level":40.*SITE_URL is http:\/\/127\.0\.0\.1:\d+, a localhost address/);
    const order = ["Shutting down", "Requests still running after the grace period", "stopping the mail worker and closing the database", "Server closed"];
    const positions = order.map((line) => output.indexOf(line));
    expect(
      positions.every((position) => position >= 0),
      output,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The embedded database was closed: its lock is released and it opens again, without the cut post.
    expect(existsSync(lockFileFor(path.join(server.dataDir, "db")))).toBe(false);
    const database = await openDatabase(parseEnv({ DATA_DIR: server.dataDir }));
    try {
      expect(await database.db.select().from(newsletterSubscriptions)).toEqual([]);
    } finally {
      await database.close();
    }
  } finally {
    socket.destroy();
    await rm(server.dataDir, { recursive: true, force: true });
  }
});
