import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import {
  assertValidKey,
  assertValidPrefix,
  InvalidStorageKeyError,
  StorageKeyTakenError,
  type FileStorage,
  type StorageBody,
} from "#app/platform/storage/file-storage.server.ts";

/** Stored files and their folders are the server's user's alone. */
export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIRECTORY = 0o700;

/**
 * Files in a directory outside anything the web server serves. The content
 * type lives in a small JSON file under `.meta/`, a name no valid key can reach.
 */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);

  const pathsFor = (key: string) => {
    assertValidKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKeyError(key, "it leaves the storage folder");
    return { file, meta: path.resolve(base, ".meta", `${key}.json`) };
  };

  return {
    driver: "local",

    async put(key, body, { contentType, exclusive = false }) {
      const { file, meta } = pathsFor(key);
      // Owner-only (0700 folders, 0600 files): uploads hold visitors' documents, and nothing else on the machine needs them.
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY });
      await fs.promises.mkdir(path.dirname(meta), { recursive: true, mode: PRIVATE_DIRECTORY });
      // Write beside, then rename: a reader never sees half a file, a failed upload leaves nothing.
      // The content type lands only once the file has: a refused exclusive put must not relabel the kept file.
      const suffix = `${randomBytes(6).toString("hex")}.tmp`;
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${suffix}`);
      const temporaryMeta = `${meta}.${suffix}`;
      try {
        await pipeline(toReadable(body), fs.createWriteStream(temporary, { flags: "wx", mode: PRIVATE_FILE }));
        await fs.promises.writeFile(temporaryMeta, JSON.stringify({ contentType }), { flag: "wx", mode: PRIVATE_FILE });
        if (exclusive) {
          // link() fails when the name exists: the check and the write are one step.
          await fs.promises.link(temporary, file);
          await fs.promises.rm(temporary, { force: true });
        } else {
          await fs.promises.rename(temporary, file);
        }
        await fs.promises.rename(temporaryMeta, meta);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        await fs.promises.rm(temporaryMeta, { force: true });
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new StorageKeyTakenError(key);
        throw error;
      }
    },

    async get(key) {
      const { file, meta } = pathsFor(key);
      let size: number;
      try {
        const stat = await fs.promises.stat(file);
        if (!stat.isFile()) return null;
        size = stat.size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      let contentType = "application/octet-stream";
      try {
        const parsed = JSON.parse(await fs.promises.readFile(meta, "utf8")) as { contentType?: unknown };
        if (typeof parsed.contentType === "string") contentType = parsed.contentType;
      } catch {
        // A file without metadata is still served, as opaque bytes.
      }
      return { body: fs.createReadStream(file), contentType, size };
    },

    async delete(key) {
      const { file, meta } = pathsFor(key);
      await fs.promises.rm(file, { force: true });
      await fs.promises.rm(meta, { force: true });
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(path.join(base, prefix), { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // A write in progress (or one a killed process left) is a dot-named temporary file, not a key.
        if (key.split("/").some((segment) => segment.startsWith("."))) continue;
        const stat = await fs.promises.stat(path.join(entry.parentPath, entry.name)).catch(() => null);
        if (stat) yield { key, modifiedAt: stat.mtime };
      }
    },
  };
}

export function toReadable(body: StorageBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof Uint8Array) return Readable.from([body]);
  return Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
}
