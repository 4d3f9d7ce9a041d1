import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { expect, test } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { createLocalStorage } from "#app/platform/storage/local-storage.server.ts";
import { createS3Storage } from "#app/platform/storage/s3-storage.server.ts";
import { createStorage, StorageKeyTakenError } from "#app/platform/storage/storage.server.ts";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
}

test("local driver: put, get and delete round trip with the content type", async () => {
  const root = tempDir();
  try {
    const storage = createLocalStorage(root);
    await storage.put("consultation/1_brief.pdf", new TextEncoder().encode("%PDF-1.7 hello"), {
      contentType: "application/pdf",
    });
    await storage.put("consultation/2_notes.txt", Readable.from([Buffer.from("from "), Buffer.from("a stream")]), {
      contentType: "text/plain",
    });
    await storage.put("consultation/3_web.txt", new Blob(["web stream"]).stream(), { contentType: "text/plain" });

    const pdf = await storage.get("consultation/1_brief.pdf");
    expect(pdf?.contentType).toBe("application/pdf");
    expect(pdf?.size).toBe(14);
    expect(await text(pdf!.body)).toBe("%PDF-1.7 hello");
    expect(await text((await storage.get("consultation/2_notes.txt"))!.body)).toBe("from a stream");
    expect(await text((await storage.get("consultation/3_web.txt"))!.body)).toBe("web stream");
    expect(fs.existsSync(path.join(root, "consultation/1_brief.pdf"))).toBe(true);

    await storage.delete("consultation/1_brief.pdf");
    expect(await storage.get("consultation/1_brief.pdf")).toBeNull();
    await storage.delete("consultation/1_brief.pdf");
    expect(await storage.get("consultation/missing.pdf")).toBeNull();
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("local driver: keys that could leave the folder are refused", async () => {
  const root = tempDir();
  try {
    const storage = createLocalStorage(root);
    const bytes = new Uint8Array([1]);
    const bad = [
      "../escape.txt",
      "consultation/../../escape.txt",
      "/etc/passwd",
      "C:/windows/x",
      "a\\..\\b",
      "a/\u0000b",
      "",
      "a//b",
      ".meta/x.json",
      "consultation/.hidden",
    ];
    for (const key of bad) {
      await expect(storage.put(key, bytes, { contentType: "text/plain" }), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(fs.existsSync(path.join(path.dirname(root), "escape.txt"))).toBe(false);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

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

/** A stand-in S3 service at the HTTP boundary: keeps objects in memory and records every request. */
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
    if (req.method === "PUT" && req.headers["if-none-match"] === "*" && object) {
      res
        .writeHead(412, { "Content-Type": "application/xml" })
        .end('<?xml version="1.0"?><Error><Code>PreconditionFailed</Code><Message>exists</Message></Error>');
    } else if (req.method === "PUT") {
      objects.set(url.pathname, { body, contentType: req.headers["content-type"] ?? "" });
      res.writeHead(200, { ETag: '"etag"' }).end();
    } else if (req.method === "GET" && object) {
      res.writeHead(200, { "Content-Type": object.contentType, "Content-Length": object.body.length }).end(object.body);
    } else if (req.method === "GET") {
      res
        .writeHead(404, { "Content-Type": "application/xml" })
        .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
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

test("S3 driver: PUT, GET and DELETE with bucket and key in the path, signed, bytes intact", async () => {
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
    expect(fake.requests[1]!.body.toString()).toBe("streamed");
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
    await expect(storage.put("../x", new Uint8Array([1]), { contentType: "text/plain" })).rejects.toThrow(
      /Invalid storage key/,
    );
  } finally {
    await new Promise((r) => server.close(r));
  }
});

test("an exclusive put never overwrites: local and S3 both refuse a taken key", async () => {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "storage-exclusive-"));
  const fake = await startFakeS3();
  try {
    const local = createLocalStorage(dir);
    const s3 = createStorage(
      parseEnv({ STORAGE_DRIVER: "s3", S3_ENDPOINT: fake.endpoint, S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" }),
    );
    for (const storage of [local, s3]) {
      await storage.put("consultation/1_a.pdf", Buffer.from("first"), { contentType: "application/pdf", exclusive: true });
      await expect(
        storage.put("consultation/1_a.pdf", Buffer.from("second"), { contentType: "application/pdf", exclusive: true }),
      ).rejects.toBeInstanceOf(StorageKeyTakenError);
      const kept = await storage.get("consultation/1_a.pdf");
      const chunks: Buffer[] = [];
      for await (const chunk of kept!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe("first");
    }
    expect(fake.requests.filter((r) => r.method === "PUT").map((r) => r.headers["if-none-match"])).toEqual(["*", "*"]);
  } finally {
    await fake.close();
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
});
