import type { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { Env } from "#app/platform/env.server.ts";
import { assertValidKey, assertValidPrefix, StorageKeyTakenError, type FileStorage, type StorageBody } from "#app/platform/storage/file-storage.server.ts";
import { toReadable } from "#app/platform/storage/local-storage.server.ts";

export type S3StorageConfig = Pick<Env, "S3_ENDPOINT" | "S3_REGION" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE">;

/**
 * Any S3-compatible service: AWS S3, Cloudflare R2, MinIO, Supabase Storage's S3 endpoint. The SDK is
 * loaded by the first file operation, not when the process starts (decision 086).
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  let connection: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () => (connection ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: newClient(sdk, config) })));
  const Bucket = config.S3_BUCKET;

  return {
    driver: "s3",

    async put(key, body, { contentType, exclusive = false }) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      // A single PUT needs the length up front; uploads are capped at a few MB, so buffering is fine.
      const bytes = await collect(body);
      try {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
            // A conditional write (S3, R2, MinIO): refused with 412 when the key exists.
            ...(exclusive ? { IfNoneMatch: "*" } : {}),
          }),
        );
      } catch (error) {
        if (exclusive && statusOf(sdk, error) === 412) throw new StorageKeyTakenError(key);
        throw describe(sdk, error, "store the file");
      }
    },

    async get(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        return {
          body: result.Body as Readable,
          contentType: result.ContentType ?? "application/octet-stream",
          size: result.ContentLength ?? 0,
        };
      } catch (error) {
        if (statusOf(sdk, error) === 404 || (error as Error).name === "NoSuchKey") return null;
        throw describe(sdk, error, "read the file");
      }
    },

    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (statusOf(sdk, error) === 404) return;
        throw describe(sdk, error, "delete the file");
      }
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      const { sdk, client } = await connect();
      try {
        for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
          for (const object of page.Contents ?? []) {
            if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
          }
        }
      } catch (error) {
        throw describe(sdk, error, "list the files");
      }
    },
  };
}

function newClient(sdk: typeof S3Sdk, config: S3StorageConfig): S3Sdk.S3Client {
  return new sdk.S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: {
      accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
    },
    // The SDK's default extra checksums are rejected by several S3-compatible services.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

async function collect(body: StorageBody): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const chunks: Buffer[] = [];
  for await (const chunk of toReadable(body)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function statusOf(sdk: typeof S3Sdk, error: unknown): number | undefined {
  return error instanceof sdk.S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** The SDK's own messages are often just "UnknownError"; say what failed and what the service answered. */
function describe(sdk: typeof S3Sdk, error: unknown, action: string): Error {
  const status = statusOf(sdk, error);
  const name = (error as Error).name;
  const detail = status ? `HTTP ${status} ${name}` : (error as Error).message;
  return new Error(`the storage service could not ${action} (${detail})`, { cause: error });
}
