import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { storeImage } from "#app/features/images/images.server.ts";
import { createLocalStorage } from "#app/platform/storage/local-storage.server.ts";

/** A photo-like 2000×1333 JPEG (a gradient with noise, so it compresses like a photo, not like a flat colour). */
async function samplePhoto(): Promise<Buffer> {
  const width = 2000;
  const height = 1333;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    raw[i] = ((i % (width * 3)) / (width * 3)) * 200 + (seed >>> 27);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * An editor's banner upload, as the staff form stores it: the content check,
 * orientation, metadata stripped and every web width encoded to WebP, written
 * through the local storage driver. `runs` uploads one after another.
 */
export async function imageUploadBench(runs = 10) {
  const photo = await samplePhoto();
  const root = await mkdtemp(path.join(os.tmpdir(), "kraf-bench-images-"));
  try {
    const storage = createLocalStorage(root);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const stored = await storeImage(storage, photo);
      times.push(performance.now() - started);
      if (!stored.ok) throw new Error(stored.message);
    }
    times.sort((a, b) => a - b);
    return {
      input: `${Math.round(photo.length / 1024)} KB JPEG 2000×1333`,
      runs,
      medianMs: Math.round(times[Math.floor(runs / 2)]!),
      worstMs: Math.round(times[runs - 1]!),
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
