import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3StorageConfig } from "#app/platform/storage/s3-storage.server.ts";

/*
 * Test support: a real S3-compatible server (the `s3rver` package, in this
 * process) on 127.0.0.1 with one bucket in a temporary folder. It checks
 * request signatures with its fixed key pair, stores what it is sent and serves
 * it back, so the S3 driver is tested over HTTP against a server that is not
 * ours.
 *
 * One gap is filled here: s3rver 3.7 ignores `If-None-Match: *` on PUT and
 * overwrites (storage.test.ts shows it), while S3, R2 and MinIO refuse with 412
 * when the key exists. The driver's exclusive put relies on that refusal, so
 * unless `conditionalWrites: false`, a front in this process answers such a
 * PUT with S3's 412 PreconditionFailed when the object exists or another
 * conditional PUT of the same key is still running, and hands every other
 * request to s3rver unchanged.
 */

export type TestS3Server = {
  endpoint: string;
  port: number;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where s3rver keeps the bucket; removed by `stop()`. */
  directory: string;
  /** The driver's settings for this server (for `createS3Storage`). */
  storageConfig: S3StorageConfig;
  /** The same as environment variables, for an app process (`STORAGE_DRIVER=s3` included). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  listKeys(): Promise<string[]>;
  /** An object's bytes and content type as the server holds them, or null. */
  readObject(key: string): Promise<{ bytes: Buffer; contentType: string | undefined } | null>;
  stop(): Promise<void>;
};

/** s3rver accepts only this key pair, and checks the signature made with it. */
const S3RVER_KEY = "S3RVER";

type FilesystemStore = { existsObject(bucket: string, key: string): Promise<boolean> };

export async function startS3Server(options: { bucket?: string; port?: number; conditionalWrites?: boolean } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? "consultation";
  const region = "us-east-1";
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const store = (s3rver as unknown as { store: FilesystemStore }).store;

  const conditional = new Set<string>();
  const server = http.createServer((req, res) => {
    const target = options.conditionalWrites === false ? null : conditionalCreate(req);
    if (!target) return void handle(req, res);
    const id = `${target.bucket}/${target.key}`;
    const refuse = () => req.resume().once("end", () => preconditionFailed(res));
    if (conditional.has(id)) return void refuse();
    conditional.add(id);
    res.once("close", () => conditional.delete(id));
    store.existsObject(target.bucket, target.key).then(
      (exists) => (exists ? refuse() : handle(req, res)),
      () => res.writeHead(500).end(),
    );
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;

  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });

  return {
    endpoint,
    port,
    region,
    bucket,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    directory,
    storageConfig: {
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: true,
    },
    env: {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async listKeys() {
      // ListObjects (v1) with a marker, apart from the driver's own listing (v2), so a test of that does not check it with itself.
      const keys: string[] = [];
      let Marker: string | undefined;
      for (;;) {
        const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Marker }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        if (!page.IsTruncated || !page.Contents?.length) break;
        Marker = page.Contents.at(-1)!.Key;
      }
      return keys.sort();
    },
    async readObject(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
      } catch (error) {
        if ((error as Error).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async stop() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** A path-style PUT that creates an object only if none exists (not a copy, not a multipart part). */
function conditionalCreate(req: http.IncomingMessage): { bucket: string; key: string } | null {
  if (req.method !== "PUT" || req.headers["if-none-match"] !== "*" || req.headers["x-amz-copy-source"]) return null;
  const url = new URL(req.url ?? "/", "http://s3");
  if (url.searchParams.has("partNumber")) return null;
  const match = /^\/([^/]+)\/(.+)$/.exec(url.pathname);
  if (!match) return null;
  return { bucket: decodeURIComponent(match[1]!), key: decodeURIComponent(match[2]!) };
}

function preconditionFailed(res: http.ServerResponse): void {
  res
    .writeHead(412, { "Content-Type": "application/xml" })
    .end(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>' +
        "<Message>At least one of the pre-conditions you specified did not hold</Message>" +
        "<Condition>If-None-Match</Condition></Error>",
    );
}
