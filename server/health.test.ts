import fs from "node:fs";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { expect, test, vi } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { openServices, type Services } from "#app/platform/services.server.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { createApp, READY_DATABASE_TIMEOUT_MS } from "#server/app.ts";
import { PERMISSIONS_POLICY } from "#server/security-headers.ts";

// A PGlite database starts with an initdb and the migrations: seconds on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

test("/healthz and /readyz carry the security headers; /readyz asks the database, /healthz never does; both turn away while shutting down", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "health-test-"));
  const services = await openServices(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", DEMO_CONTENT: "false" }), { mailTemplates });
  let ready = true;
  // The health answers come before any page: no route module is ever loaded.
  const app = createApp({ build: {} as ServerBuild, clientDir: dataDir, services, isReady: () => ready });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const probe of ["/healthz", "/readyz"]) {
      const response = await fetch(`${origin}${probe}`);
      expect(response.status, probe).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-powered-by")).toBeNull();
    }
    expect(await (await fetch(`${origin}/readyz`)).json()).toEqual({ status: "ok", database: "ok" });
    expect(PERMISSIONS_POLICY).toContain("camera=()");
    expect(PERMISSIONS_POLICY).toContain("geolocation=()");

    // A database that does not answer: /readyz says so after READY_DATABASE_TIMEOUT_MS, /healthz answers at once meanwhile.
    const stuck = createApp({
      build: {} as ServerBuild,
      clientDir: dataDir,
      services: { ...services, db: { execute: () => new Promise(() => undefined) } as unknown as Services["db"] },
      isReady: () => true,
    });
    const stuckServer = stuck.listen(0, "127.0.0.1");
    await once(stuckServer, "listening");
    const stuckOrigin = `http://127.0.0.1:${(stuckServer.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const readiness = fetch(`${stuckOrigin}/readyz`);
      expect((await fetch(`${stuckOrigin}/healthz`)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(READY_DATABASE_TIMEOUT_MS);
      const answer = await readiness;
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ status: "not ready", database: "timeout" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(READY_DATABASE_TIMEOUT_MS - 50);
    } finally {
      stuckServer.close();
      stuckServer.closeAllConnections();
    }

    // The database gone: not ready, but alive (a restart would not bring the database back).
    await services.close();
    const notReady = await fetch(`${origin}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: "not ready", database: "error" });
    expect(notReady.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
    const alive = await fetch(`${origin}/healthz`);
    expect(alive.status).toBe(200);

    ready = false;
    for (const probe of ["/healthz", "/readyz"]) {
      const response = await fetch(`${origin}${probe}`);
      expect(response.status, probe).toBe(503);
      expect(await response.json()).toEqual({ status: "shutting down" });
      expect(response.headers.get("content-security-policy")).toBeTruthy();
    }
  } finally {
    server.close();
    server.closeAllConnections();
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
