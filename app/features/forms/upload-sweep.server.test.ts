import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, vi } from "vitest";
import { ORPHAN_UPLOAD_AGE_MS, sweepOrphanUploads } from "#app/features/forms/upload-sweep.server.ts";
import { consultationAttachments, consultations, jobApplications } from "#app/platform/db/schema.server.ts";
import { createLocalStorage } from "#app/platform/storage/local-storage.server.ts";
import { REQUEST_TIMEOUT_MS } from "#server/http-limits.ts";
import { openTestDatabase, featureDrivers } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

async function keysIn(storage: ReturnType<typeof createLocalStorage>, folder: string) {
  const keys: string[] = [];
  for await (const file of storage.list(folder)) keys.push(file.key);
  return keys.sort();
}

for (const driver of await featureDrivers()) {
  test(`the sweep deletes old uploads no row names, and keeps named, recent and other files (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), "upload-sweep-"));
    try {
      const { db } = database;
      const storage = createLocalStorage(root);
      const put = (key: string) => storage.put(key, Buffer.from(key), { contentType: "application/pdf" });
      for (const key of ["consultation/1_kept.pdf", "consultation/1_orphan.pdf", "careers/2_cv.pdf", "careers/2_orphan.pdf", "media/abc/320.webp"])
        await put(key);
      const [consultation] = await db
        .insert(consultations)
        .values({
          fullName: "Ann Lee",
          email: "ann@example.com",
          country: "India",
          phone: "+91 98765 43210",
          projectBrief: "A portal.",
        })
        .returning({ id: consultations.id });
      await db.insert(consultationAttachments).values({
        consultationId: consultation!.id,
        storageKey: "consultation/1_kept.pdf",
        originalName: "kept.pdf",
        contentType: "application/pdf",
        sizeBytes: 23,
      });
      await db.insert(jobApplications).values({
        fullName: "Asha Verma",
        email: "asha@example.com",
        phone: "+91 98765 43210",
        resumeKey: "careers/2_cv.pdf",
        resumeName: "cv.pdf",
        resumeContentType: "application/pdf",
        resumeSize: 16,
        consentAt: new Date(),
        consentVersion: "v1",
        reference: "APP-2026-SWEEP1",
      });

      // Written just now: younger than the age a request can reach, so nothing is touched yet.
      expect(await sweepOrphanUploads(db, storage)).toEqual({
        examined: 4,
        deleted: [],
      });

      const afterwards = new Date(Date.now() + 1_000);
      const swept = await sweepOrphanUploads(db, storage, {
        olderThan: afterwards,
      });
      expect(swept.examined).toBe(4);
      expect(swept.deleted.sort()).toEqual(["careers/2_orphan.pdf", "consultation/1_orphan.pdf"]);
      expect(await keysIn(storage, "consultation/")).toEqual(["consultation/1_kept.pdf"]);
      expect(await keysIn(storage, "careers/")).toEqual(["careers/2_cv.pdf"]);
      // Images the staff uploaded are not the sweep's business.
      expect(await keysIn(storage, "media/")).toEqual(["media/abc/320.webp"]);
      // Twice is harmless.
      expect(await sweepOrphanUploads(db, storage, { olderThan: afterwards })).toEqual({ examined: 2, deleted: [] });
    } finally {
      await database.dispose();
      await fs.promises.rm(root, { recursive: true, force: true });
    }
  });
}

test("an upload is swept only long after the longest request the server allows could have finished", () => {
  expect(ORPHAN_UPLOAD_AGE_MS).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS * 6);
});
