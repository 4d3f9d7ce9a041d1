import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { expect, test } from "vitest";
import { createLocalStorage, PRIVATE_DIRECTORY, PRIVATE_FILE } from "#app/platform/storage/local-storage.server.ts";

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

test("stored files are the owner's alone (0600), in folders only the owner can enter (0700), whatever the umask allows", async () => {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "local-storage-")), "files");
  const previous = process.umask(0o022);
  try {
    const storage = createLocalStorage(root);
    await storage.put("consultation/1_brief.pdf", new Uint8Array([37, 80, 68, 70]), { contentType: "application/pdf" });
    await storage.put("careers/2_resume.pdf", Readable.from([Buffer.from("%PDF")]), { contentType: "application/pdf", exclusive: true });
    expect(PRIVATE_FILE).toBe(0o600);
    expect(PRIVATE_DIRECTORY).toBe(0o700);
    for (const file of ["consultation/1_brief.pdf", "careers/2_resume.pdf", ".meta/consultation/1_brief.pdf.json", ".meta/careers/2_resume.pdf.json"]) {
      expect(modeOf(path.join(root, file)).toString(8), file).toBe("600");
    }
    for (const folder of ["", "consultation", "careers", ".meta", ".meta/consultation"]) {
      expect(modeOf(path.join(root, folder)).toString(8), folder || "the storage folder").toBe("700");
    }
    // Still readable by the server itself.
    const stored = await storage.get("careers/2_resume.pdf");
    expect(stored && (await text(stored.body))).toBe("%PDF");
  } finally {
    process.umask(previous);
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
});
