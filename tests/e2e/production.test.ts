import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import https from "node:https";
import { builtinModules } from "node:module";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, inject, test } from "vitest";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { lockFileFor } from "#app/platform/db/directory-lock.server.ts";
import { newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { nginxUnavailable, startRecipeNginx } from "#tests/support/recipe-nginx.ts";
import { freePort, startServer } from "#tests/support/server.ts";

/*
 * The built server as production runs it (decision 018): what the image needs of
 * it, the start warnings, the health answers, a shutdown that a stalled upload
 * cannot hold hostage, and the recipe's nginx in front of it.
 */

test("every package the server build imports is a production dependency: the image's `npm ci --omit=dev` gives the server all it needs", () => {
  const { dependencies } = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
  const files = ["build/server/index.js", "build/server/staff-cli.js", ...readdirSync("build/server/assets").map((name) => `build/server/assets/${name}`)];
  const packageName = /^((?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*)(?:\/.*)?$/;
  const imported = new Set<string>();
  for (const file of files.filter((name) => name.endsWith(".js"))) {
    for (const [, specifier = ""] of readFileSync(file, "utf8").matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^"]+)"/g)) {
      const name = packageName.exec(specifier)?.[1];
      if (name && !specifier.startsWith("node:") && !builtinModules.includes(name)) imported.add(name);
    }
  }
  expect(imported.size).toBeGreaterThan(10);
  expect([...imported].filter((name) => !(name in dependencies)).sort()).toEqual([]);
});

test("the server build runs without the sources (the image has build/, node_modules and package.json): started from another folder it migrates a new database", async () => {
  const folder = await mkdtemp(path.join(tmpdir(), "image-like-"));
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve("build/server/index.js")], {
    cwd: folder,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(folder, "data"),
      LOG_LEVEL: "warn",
      DEMO_CONTENT: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    let status = 0;
    for (const deadline = Date.now() + 45_000; status !== 200 && child.exitCode === null && Date.now() < deadline;) {
      status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status, output).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/careers`)).status).toBe(200);
  } finally {
    const exited = new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
    child.kill("SIGTERM");
    await exited;
    await rm(folder, { recursive: true, force: true });
  }
  expect(child.exitCode, output).toBe(0);
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
    [
      "POST /newsletter HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      "Content-Type: application/x-www-form-urlencoded",
      "Content-Length: 10000",
      "",
      "email=stalled",
    ].join("\r\n"),
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
    expect(
      [...positions].sort((a, b) => a - b),
      output,
    ).toEqual(positions);
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

const noNginx = nginxUnavailable();

/** A request to the recipe's nginx over TLS, as a browser at `https://localhost:{port}` sends it. */
function overTls(port: number, ca: Buffer, method: string, pathname: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; text: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = https.request(
      { host: "127.0.0.1", port, servername: "localhost", ca, method, path: pathname, headers: { Host: `localhost:${port}`, ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const newsletterPost = (email: string, origin: string, site: "same-origin" | "cross-site") => ({
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": site },
  body: new URLSearchParams({ email, consent: "yes", consentVersion: "2025-01" }).toString(),
});

test.skipIf(noNginx !== null)(
  "behind the recipe's nginx (deploy/nginx.conf) over TLS: with TRUST_PROXY=1 a form post from the public origin is stored, a cross-site one refused, links name SITE_URL; without TRUST_PROXY posts are refused and the start says why",
  async () => {
    const httpsPort = await freePort();
    const siteUrl = `https://localhost:${httpsPort}`;
    const request = (ca: Buffer, method: string, pathname: string, post?: { headers: Record<string, string>; body: string }) =>
      overTls(httpsPort, ca, method, pathname, post?.headers, post?.body);

    // Without TRUST_PROXY the server takes the request for plain http, and React Router refuses the https Origin.
    const untrusting = await startServer({ SITE_URL: siteUrl });
    let nginx = await startRecipeNginx(`127.0.0.1:${new URL(untrusting.baseURL).port}`, { httpsPort });
    try {
      expect(untrusting.output()).toMatch(/"level":40.*TRUST_PROXY is unset/);
      expect((await request(nginx.ca, "POST", "/newsletter", newsletterPost("untrusted@example.com", siteUrl, "same-origin"))).status).toBe(400);
    } finally {
      await nginx.stop();
      await untrusting.stop();
    }

    const server = await startServer({ SITE_URL: siteUrl, TRUST_PROXY: "1" });
    nginx = await startRecipeNginx(`127.0.0.1:${new URL(server.baseURL).port}`, { httpsPort });
    try {
      expect(server.output()).not.toContain("TRUST_PROXY is unset");
      const page = await request(nginx.ca, "GET", "/crm");
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<link rel="canonical" href="${siteUrl}/crm"/>`);
      expect(page.headers["strict-transport-security"]).toBeTruthy();
      const stored = await request(nginx.ca, "POST", "/newsletter", newsletterPost("through-proxy@example.com", siteUrl, "same-origin"));
      expect(stored.status).toBe(200);
      const refused = await request(nginx.ca, "POST", "/newsletter", newsletterPost("forged@example.com", "https://evil.example", "cross-site"));
      // Refused by React Router's own origin check (400) before the forms' (403); nothing is stored either way.
      expect([400, 403]).toContain(refused.status);
      expect((await request(nginx.ca, "GET", "/readyz")).text).toBe('{"status":"ok","database":"ok"}');
    } finally {
      await nginx.stop();
      await server.stop({ keepData: true });
    }
    const database = await openDatabase(parseEnv({ DATA_DIR: server.dataDir }));
    try {
      const rows = await database.db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
      expect(rows).toEqual([{ email: "through-proxy@example.com" }]);
    } finally {
      await database.close();
      await rm(server.dataDir, { recursive: true, force: true });
    }
  },
);
