import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { StorageKeyTakenError, type FileStorage } from "#app/platform/storage/file-storage.server.ts";
import { createLocalStorage } from "#app/platform/storage/local-storage.server.ts";
import { createS3Storage } from "#app/platform/storage/s3-storage.server.ts";
import { startS3Server } from "#tests/support/s3-server.ts";

/*
 * One contract for both drivers: the local folder, and the S3 driver against a
 * real S3-compatible server (s3rver on 127.0.0.1, see tests/support/s3-server.ts).
 * Each test opens its own store and removes it.
 */

type OpenStorage = {
  storage: FileStorage;
  /** Every key the store holds (for the local driver: every file outside `.meta/`, leftovers included). */
  storedKeys(): Promise<string[]>;
  close(): Promise<void>;
};

const drivers = ["local", "s3"] as const;

async function openStorage(driver: (typeof drivers)[number]): Promise<OpenStorage> {
  if (driver === "s3") {
    const server = await startS3Server();
    return { storage: createS3Storage(server.storageConfig), storedKeys: () => server.listKeys(), close: () => server.stop() };
  }
  const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), "storage-contract-"));
  return {
    storage: createLocalStorage(root),
    storedKeys: async () =>
      (await fs.promises.readdir(root, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
        .filter((key) => !key.startsWith(".meta/"))
        .sort(),
    close: () => fs.promises.rm(root, { recursive: true, force: true }),
  };
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readBack(storage: FileStorage, key: string): Promise<string | null> {
  const file = await storage.get(key);
  return file ? (await bytesOf(file.body)).toString() : null;
}

test.each(drivers)("%s driver: what is put is read back as a stream, byte for byte, with its content type and size", async (driver) => {
  const { storage, storedKeys, close } = await openStorage(driver);
  try {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
    await storage.put("consultation/1700000000000_logo.png", everyByte, { contentType: "image/png" });
    await storage.put("consultation/1700000000001_notes.txt", Readable.from([Buffer.from("from "), Buffer.from("a stream")]), {
      contentType: "text/plain; charset=utf-8",
    });
    await storage.put("careers/1700000000002_cv.pdf", new Blob(["%PDF-1.7 web stream"]).stream(), { contentType: "application/pdf" });
    await storage.put("consultation/1700000000003_empty.txt", new Uint8Array(0), { contentType: "text/plain" });

    const logo = await storage.get("consultation/1700000000000_logo.png");
    expect(logo?.body).toBeInstanceOf(Readable);
    expect(logo?.contentType).toBe("image/png");
    expect(logo?.size).toBe(256);
    expect((await bytesOf(logo!.body)).equals(everyByte)).toBe(true);

    const notes = await storage.get("consultation/1700000000001_notes.txt");
    expect(notes?.contentType).toBe("text/plain; charset=utf-8");
    expect(notes?.size).toBe(13);
    expect((await bytesOf(notes!.body)).toString()).toBe("from a stream");

    const cv = await storage.get("careers/1700000000002_cv.pdf");
    expect(cv?.contentType).toBe("application/pdf");
    expect((await bytesOf(cv!.body)).toString()).toBe("%PDF-1.7 web stream");

    const empty = await storage.get("consultation/1700000000003_empty.txt");
    expect(empty?.size).toBe(0);
    expect((await bytesOf(empty!.body)).length).toBe(0);

    expect(await storedKeys()).toEqual([
      "careers/1700000000002_cv.pdf",
      "consultation/1700000000000_logo.png",
      "consultation/1700000000001_notes.txt",
      "consultation/1700000000003_empty.txt",
    ]);
  } finally {
    await close();
  }
});

test.each(drivers)("%s driver: an exclusive put refuses a taken key and keeps the first file; a plain put replaces it", async (driver) => {
  const { storage, close } = await openStorage(driver);
  try {
    const key = "consultation/1700000000000_brief.pdf";
    await storage.put(key, Buffer.from("first"), { contentType: "application/pdf", exclusive: true });
    const refused = storage.put(key, Buffer.from("second"), { contentType: "text/plain", exclusive: true });
    await expect(refused).rejects.toBeInstanceOf(StorageKeyTakenError);
    await expect(refused).rejects.toMatchObject({ key });
    const kept = await storage.get(key);
    expect(kept?.contentType).toBe("application/pdf");
    expect((await bytesOf(kept!.body)).toString()).toBe("first");

    await storage.put(key, Buffer.from("replaced"), { contentType: "text/plain" });
    expect(await readBack(storage, key)).toBe("replaced");

    await storage.delete(key);
    await storage.put(key, Buffer.from("after delete"), { contentType: "text/plain", exclusive: true });
    expect(await readBack(storage, key)).toBe("after delete");
  } finally {
    await close();
  }
});

test.each(drivers)("%s driver: of exclusive puts racing for one key, exactly one is stored", async (driver) => {
  const { storage, close } = await openStorage(driver);
  try {
    const key = "consultation/1700000000000_race.txt";
    const bodies = Array.from({ length: 6 }, (_, index) => `upload ${index} `.repeat(20_000));
    const results = await Promise.allSettled(
      bodies.map((body, index) => storage.put(key, Buffer.from(body), { contentType: `text/x-upload-${index}`, exclusive: true })),
    );
    const winners = results.flatMap((result, index) => (result.status === "fulfilled" ? [index] : []));
    expect(winners).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(StorageKeyTakenError);
    }
    const kept = await storage.get(key);
    expect(kept?.contentType).toBe(`text/x-upload-${winners[0]}`);
    expect((await bytesOf(kept!.body)).toString()).toBe(bodies[winners[0]!]);
  } finally {
    await close();
  }
});

test.each(drivers)("%s driver: a missing key reads as null, and deleting it twice is not an error", async (driver) => {
  const { storage, storedKeys, close } = await openStorage(driver);
  try {
    expect(await storage.get("consultation/missing.pdf")).toBeNull();
    await storage.delete("consultation/missing.pdf");

    await storage.put("consultation/1_a.txt", Buffer.from("a"), { contentType: "text/plain" });
    await storage.put("consultation/2_b.txt", Buffer.from("b"), { contentType: "text/plain" });
    await storage.delete("consultation/1_a.txt");
    expect(await storage.get("consultation/1_a.txt")).toBeNull();
    await storage.delete("consultation/1_a.txt");
    expect(await readBack(storage, "consultation/2_b.txt")).toBe("b");
    expect(await storedKeys()).toEqual(["consultation/2_b.txt"]);
  } finally {
    await close();
  }
});

test.each(drivers)("%s driver: a 32 MB file streamed in is read back whole (SHA-256)", async (driver) => {
  const { storage, close } = await openStorage(driver);
  try {
    const chunkSize = 1024 * 1024;
    const chunks = 32;
    const written = createHash("sha256");
    // Chunks differ from each other, so a chunk lost, doubled or reordered changes the hash.
    async function* generate() {
      for (let index = 0; index < chunks; index++) {
        const chunk = Buffer.alloc(chunkSize, index);
        chunk.writeUInt32BE((index * 2_654_435_761) >>> 0, 0);
        written.update(chunk);
        yield chunk;
      }
    }
    await storage.put("consultation/1700000000000_large.bin", Readable.from(generate()), { contentType: "application/octet-stream" });

    const file = await storage.get("consultation/1700000000000_large.bin");
    expect(file?.size).toBe(chunks * chunkSize);
    expect(file?.contentType).toBe("application/octet-stream");
    const read = createHash("sha256");
    let length = 0;
    for await (const chunk of file!.body) {
      read.update(chunk as Buffer);
      length += (chunk as Buffer).length;
    }
    expect(length).toBe(chunks * chunkSize);
    expect(read.digest("hex")).toBe(written.digest("hex"));
  } finally {
    await close();
  }
});

test.each(drivers)("%s driver: keys that could leave the store are refused before anything is stored", async (driver) => {
  const { storage, storedKeys, close } = await openStorage(driver);
  try {
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
      await expect(storage.put(key, new Uint8Array([1]), { contentType: "text/plain" }), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(await storedKeys()).toEqual([]);
  } finally {
    await close();
  }
});

test.each(drivers)("%s driver: a listing gives every key under its folder with when it was written, and nothing else", async (driver) => {
  const { storage, close } = await openStorage(driver);
  try {
    const before = Date.now() - 2_000;
    for (const key of ["consultation/1_a.pdf", "consultation/2_b.pdf", "careers/3_cv.pdf", "media/x/320.webp"]) {
      await storage.put(key, Buffer.from(key), { contentType: "application/pdf" });
    }
    const listed = async (prefix: string) => {
      const found: { key: string; modifiedAt: Date }[] = [];
      for await (const file of storage.list(prefix)) found.push(file);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    };
    const consultations = await listed("consultation/");
    expect(consultations.map((file) => file.key)).toEqual(["consultation/1_a.pdf", "consultation/2_b.pdf"]);
    for (const { modifiedAt } of consultations) expect(modifiedAt.getTime()).toBeGreaterThan(before);
    expect((await listed("careers/")).map((file) => file.key)).toEqual(["careers/3_cv.pdf"]);
    expect(await listed("nothing-here/")).toEqual([]);
    await storage.delete("consultation/1_a.pdf");
    expect((await listed("consultation/")).map((file) => file.key)).toEqual(["consultation/2_b.pdf"]);
    // A prefix is a folder: part of a name, or one that could leave the store, is refused.
    for (const prefix of ["consultation", "../", ".meta/"]) {
      await expect(storage.list(prefix)[Symbol.asyncIterator]().next(), prefix).rejects.toThrow(/Invalid storage key/);
    }
  } finally {
    await close();
  }
});

test.each(drivers)("%s driver: a listing longer than one page (S3 answers 1,000 keys at a time) gives every key once", async (driver) => {
  const { storage, close } = await openStorage(driver);
  try {
    const keys = Array.from({ length: 1_005 }, (_, index) => `careers/${index}_cv.pdf`);
    for (let start = 0; start < keys.length; start += 50) {
      await Promise.all(keys.slice(start, start + 50).map((key) => storage.put(key, Buffer.from("%PDF"), { contentType: "application/pdf" })));
    }
    const listed: string[] = [];
    for await (const file of storage.list("careers/")) listed.push(file.key);
    expect(listed.sort()).toEqual([...keys].sort());
  } finally {
    await close();
  }
});

test("the test S3 server: s3rver alone ignores If-None-Match: * on PUT, so tests/support/s3-server.ts answers it with S3's 412", async () => {
  const bare = await startS3Server({ conditionalWrites: false });
  try {
    const storage = createS3Storage(bare.storageConfig);
    await storage.put("consultation/1_a.txt", Buffer.from("first"), { contentType: "text/plain", exclusive: true });
    await storage.put("consultation/1_a.txt", Buffer.from("second"), { contentType: "text/plain", exclusive: true });
    expect((await bare.readObject("consultation/1_a.txt"))?.bytes.toString()).toBe("second");
  } finally {
    await bare.stop();
  }
});
