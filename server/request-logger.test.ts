import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { expect, test } from "vitest";
import { createLogger } from "#app/platform/logger.server.ts";
import { requestLogger } from "#server/app.ts";

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
