import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { createS3Storage } from "#app/platform/storage/s3-storage.server.ts";
import { createStorage } from "#app/platform/storage/storage.server.ts";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
}

test("createStorage picks the local driver under DATA_DIR/files by default", async () => {
  const dataDir = tempDir();
  try {
    const storage = createStorage(parseEnv({ DATA_DIR: dataDir }));
    expect(storage.driver).toBe("local");
    await storage.put("consultation/1_a.txt", new Uint8Array([65]), { contentType: "text/plain" });
    expect(fs.readFileSync(path.join(dataDir, "files/consultation/1_a.txt"), "utf8")).toBe("A");
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A stand-in S3 service at the HTTP boundary: keeps objects in memory and records every request, to
 * check what goes on the wire. The behaviours are held against a real S3 server in storage-contract.test.ts.
 */
async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: Recorded[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push({ method: req.method ?? "", url: url.pathname, headers: req.headers, body });
    const object = objects.get(url.pathname);
    if (req.method === "PUT") {
      objects.set(url.pathname, { body, contentType: req.headers["content-type"] ?? "" });
      res.writeHead(200, { ETag: '"etag"' }).end();
    } else if (req.method === "GET" && object) {
      res.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length }).end(object.body);
    } else if (req.method === "GET") {
      res.writeHead(404, { "Content-Type": "application/xml" }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
    } else if (req.method === "DELETE") {
      objects.delete(url.pathname);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(r)) };
}

test("S3 driver on the wire: bucket and key in the path, signed, If-None-Match: * only on an exclusive put, bytes intact", async () => {
  const fake = await startFakeS3();
  try {
    const env = parseEnv({
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: fake.endpoint,
      S3_ACCESS_KEY_ID: "test-key",
      S3_SECRET_ACCESS_KEY: "test-secret",
    });
    const storage = createStorage(env);
    expect(storage.driver).toBe("s3");
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    await storage.put("consultation/1700000000000_logo.png", bytes, { contentType: "image/png" });
    await storage.put("consultation/1700000000001_a.txt", Readable.from([Buffer.from("streamed")]), {
      contentType: "text/plain",
      exclusive: true,
    });

    const got = await storage.get("consultation/1700000000000_logo.png");
    expect(got?.contentType).toBe("image/png");
    expect(got?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of got!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    expect(await storage.get("consultation/missing.png")).toBeNull();
    await storage.delete("consultation/1700000000000_logo.png");
    expect(await storage.get("consultation/1700000000000_logo.png")).toBeNull();

    const calls = fake.requests.map((r) => `${r.method} ${r.url}`);
    expect(calls).toEqual([
      "PUT /consultation/consultation/1700000000000_logo.png",
      "PUT /consultation/consultation/1700000000001_a.txt",
      "GET /consultation/consultation/1700000000000_logo.png",
      "GET /consultation/consultation/missing.png",
      "DELETE /consultation/consultation/1700000000000_logo.png",
      "GET /consultation/consultation/1700000000000_logo.png",
    ]);
    const firstPut = fake.requests[0]!;
    expect(firstPut.body.equals(bytes)).toBe(true);
    expect(firstPut.headers["content-type"]).toBe("image/png");
    expect(firstPut.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
    expect(firstPut.headers["if-none-match"]).toBeUndefined();
    expect(fake.requests[1]!.body.toString()).toBe("streamed");
    expect(fake.requests[1]!.headers["if-none-match"]).toBe("*");
  } finally {
    await fake.close();
  }
});

test("S3 driver: a refusing service gives a clear error, and invalid keys never leave the process", async () => {
  const server = http.createServer((_req, res) => {
    res
      .writeHead(403, { "Content-Type": "application/xml" })
      .end('<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const storage = createS3Storage({
      S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      S3_REGION: "auto",
      S3_BUCKET: "consultation",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
      S3_FORCE_PATH_STYLE: true,
    });
    await expect(storage.put("consultation/1_a.txt", new Uint8Array([1]), { contentType: "text/plain" })).rejects.toThrow(
      "the storage service could not store the file (HTTP 403 AccessDenied)",
    );
    await expect(storage.put("../x", new Uint8Array([1]), { contentType: "text/plain" })).rejects.toThrow(/Invalid storage key/);
  } finally {
    await new Promise((r) => server.close(r));
  }
});
