import path from "node:path";
import type { Env } from "#app/platform/env.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";
import { createLocalStorage } from "#app/platform/storage/local-storage.server.ts";
import { createS3Storage } from "#app/platform/storage/s3-storage.server.ts";

export type { FileStorage, StoredFile, StorageBody } from "#app/platform/storage/file-storage.server.ts";
export { InvalidStorageKeyError, StorageKeyTakenError } from "#app/platform/storage/file-storage.server.ts";
export {
  consultationKey,
  consultationKeys,
  resumeKey,
  sanitizeFileName,
  UPLOAD_FOLDERS,
  MAX_FILE_NAME_LENGTH,
  FALLBACK_FILE_NAME,
} from "#app/platform/storage/file-names.server.ts";

function localStorageRoot(env: Pick<Env, "DATA_DIR">): string {
  return path.join(env.DATA_DIR, "files");
}

/** The driver STORAGE_DRIVER names. */
export function createStorage(env: Env): FileStorage {
  return env.STORAGE_DRIVER === "s3" ? createS3Storage(env) : createLocalStorage(localStorageRoot(env));
}
