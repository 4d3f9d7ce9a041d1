import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { expect, test } from "vitest";
import { createLogger } from "#app/platform/logger.server.ts";
import { requestLogger } from "#server/request-logger.ts";

test("a request is logged with its id, method and path, never its query string", async () => {
  const lines: string[] = [];
  const app = express();
  app.use(requestLogger(createLogger("info", { write: (line: string) => lines.push(line) })));
  app.get("/careers/registration", (_req, res) => res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  const title = Buffer.from("Senior engineer for visitor@example.com").toString("base64");
  const response = await fetch(`http://127.0.0.1:${port}/careers/registration?pos=${encodeURIComponent(title)}&q=visitor%40example.com`, {
    headers: { "X-Request-Id": "req-42" },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("x-request-id")).toBe("req-42");
  server.close();
  await once(server, "close");

  expect(lines).toHaveLength(1);
  const line = lines[0] ?? "";
  expect(JSON.parse(line)).toMatchObject({
    level: 30,
    req: { id: "req-42", method: "GET", path: "/careers/registration" },
    res: { statusCode: 200 },
  });
  expect(line).not.toContain("visitor");
  expect(line).not.toContain(title.slice(0, 12));
  expect(line).not.toContain("pos=");
});

test("a request without an id gets a new one; assets, and every line at a level above info, are not logged; a failure says so", async () => {
  const lines: string[] = [];
  const quiet: string[] = [];
  const app = express();
  app.use("/quiet", requestLogger(createLogger("warn", { write: (line: string) => quiet.push(line) })));
  app.use(requestLogger(createLogger("info", { write: (line: string) => lines.push(line) })));
  app.get("/assets/app.js", (_req, res) => res.send("code"));
  app.get("/broken", (_req, res) => res.status(500).send("no"));
  app.get("/{*splat}", (_req, res) => res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  const fresh = await fetch(`${base}/crm`);
  const id = fresh.headers.get("x-request-id") ?? "";
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect((await fetch(`${base}/crm`)).headers.get("x-request-id")).not.toBe(id);
  expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
  expect((await fetch(`${base}/broken`)).status).toBe(500);
  expect((await fetch(`${base}/quiet/page`)).headers.get("x-request-id")).toBeTruthy();
  server.close();
  await once(server, "close");

  const logged = lines.map((line) => JSON.parse(line) as { msg: string; req: { id: string; path: string }; res: { statusCode: number }; responseTime: number });
  expect(logged.map((line) => [line.req.path, line.res.statusCode, line.msg])).toEqual([
    ["/crm", 200, "request completed"],
    ["/crm", 200, "request completed"],
    ["/broken", 500, "request errored"],
    ["/quiet/page", 200, "request completed"],
  ]);
  expect(logged[0]?.req.id).toBe(id);
  expect(logged[0]?.responseTime).toBeGreaterThanOrEqual(0);
  expect(quiet).toEqual([]);
});
