import type { Readable } from "node:stream";

/** What `put` accepts: bytes in memory, a Node stream or a web stream (e.g. from a multipart parser). */
export type StorageBody = Uint8Array | Readable | ReadableStream<Uint8Array>;

export type StoredFile = {
  body: Readable;
  contentType: string;
  size: number;
};

/** Private file storage: nothing in it is ever served directly; staff routes stream it out. */
export interface FileStorage {
  readonly driver: "local" | "s3";
  /**
   * Stores the file. With `exclusive`, refuses (StorageKeyTakenError) when the
   * key already holds a file, so two uploads can never overwrite each other.
   */
  put(key: string, body: StorageBody, options: { contentType: string; exclusive?: boolean }): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored key under a folder (`prefix` ends with "/"), with when it was
   * written, in no particular order. For housekeeping, not for requests.
   */
  list(prefix: string): AsyncIterable<ListedFile>;
}

export type ListedFile = { key: string; modifiedAt: Date };

/** A listing's prefix is a folder: "consultation/", never part of a name. */
export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith("/")) throw new InvalidStorageKeyError(prefix, "a listing's prefix must end with /");
  assertValidKey(prefix.slice(0, -1));
}

export class StorageKeyTakenError extends Error {
  constructor(readonly key: string) {
    super(`A file is already stored under ${JSON.stringify(key.slice(0, 200))}`);
    this.name = "StorageKeyTakenError";
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 200))}: ${reason}`);
    this.name = "InvalidStorageKeyError";
  }
}

/**
 * Keys are relative, slash-separated paths. Refused: absolute paths, `..`,
 * backslashes, NUL and other control characters, and segments starting with a
 * dot (which also keeps the local driver's own `.meta` folder out of reach).
 */
export function assertValidKey(key: string): void {
  if (key.length === 0) throw new InvalidStorageKeyError(key, "it is empty");
  if (key.length > 1024) throw new InvalidStorageKeyError(key, "it is longer than 1024 characters");
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidStorageKeyError(key, "it contains a control character");
  if (key.includes("\\")) throw new InvalidStorageKeyError(key, "it contains a backslash");
  if (key.startsWith("/") || /^[A-Za-z]:/.test(key)) throw new InvalidStorageKeyError(key, "it is an absolute path");
  for (const segment of key.split("/")) {
    if (segment === "") throw new InvalidStorageKeyError(key, "it has an empty path segment");
    if (segment === "." || segment === "..") throw new InvalidStorageKeyError(key, "it contains . or ..");
    if (segment.startsWith(".")) throw new InvalidStorageKeyError(key, "a path segment starts with a dot");
  }
}

/** False for a key no file can be stored under: such a key, e.g. from an address, names nothing to look up. */
export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) return false;
    throw error;
  }
}
