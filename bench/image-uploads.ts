import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { storeImage } from "#app/features/images/images.server.ts";
import { createLocalStorage } from "#app/platform/storage/local-storage.server.ts";
import { startServer } from "#tests/support/server.ts";
import { staffSession } from "#tests/support/staff.ts";
import { processTreeRssBytes } from "./process-cpu.ts";

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
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
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

/** Uploads at once in a burst: eight editors pressing "Insert image" together. */
const BURST_UPLOADS = 8;
/** How long after the burst the server's memory is read again. */
const SETTLE_SECONDS = 30;
const MB = 1024 * 1024;

/** A PNG of `width` × `height` with sparse noise: a small file that decodes to every one of its pixels. */
function sparseNoisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 97) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * BURST_UPLOADS uploads of one image at once to /staff/media on a fresh built
 * server, as the editor's "Insert image" posts them, each from an editor at an
 * address of their own (X-Forwarded-For behind TRUST_PROXY): one address may
 * send only a few bodies at once (decision 028). The server's resident
 * memory (with its image encoder's) is read before, every 50 ms during, and
 * SETTLE_SECONDS after the burst.
 */
async function uploadBurst(image: Buffer, name: string) {
  const server = await startServer({ TRUST_PROXY: "loopback" });
  try {
    const cookie = await staffSession(server, "editor");
    const pid = server.process.pid!;
    const rss = () => processTreeRssBytes(pid);
    const beforeBytes = await rss();
    let peakBytes = beforeBytes;
    const sampler = setInterval(async () => (peakBytes = Math.max(peakBytes, await rss())), 50);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: BURST_UPLOADS }, async (_, editor) => {
        const form = new FormData();
        form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), name);
        const headers = { origin: server.baseURL, cookie, "x-forwarded-for": `10.0.0.${editor + 1}` };
        const response = await fetch(`${server.baseURL}/staff/media`, { method: "POST", body: form, headers });
        return { status: response.status, body: (await response.json()) as { message?: string } };
      }),
    );
    const burstMs = performance.now() - started;
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const afterBytes = await rss();
    const statuses = [...new Set(answers.map((answer) => answer.status))].join(", ");
    return {
      answers: `${BURST_UPLOADS} × ${statuses}`,
      message: answers.find((answer) => answer.body.message)?.body.message ?? "",
      burstMs: Math.round(burstMs),
      rssBeforeMB: Math.round(beforeBytes / MB),
      rssPeakMB: Math.round(peakBytes / MB),
      rssAfterMB: Math.round(afterBytes / MB),
      peakOverBeforeMB: Math.round((peakBytes - beforeBytes) / MB),
      afterOverBeforeMB: Math.round((afterBytes - beforeBytes) / MB),
    };
  } finally {
    await server.stop();
  }
}

/**
 * Bursts of extreme-aspect uploads, each on a fresh server: a 65,000 × 600 strip
 * under the megapixel limit (refused by its side), and the widest and the tallest
 * pictures accepted at 40 megapixels. The target (decision 029) is a peak under +400 MB and
 * back within +100 MB of the start SETTLE_SECONDS later.
 */
export async function imageBurstBench() {
  const rows = [];
  for (const [width, height] of [
    [65_000, 600],
    [12_000, 3_333],
    [3_333, 12_000],
  ] as const) {
    const image = await sparseNoisePng(width, height);
    rows.push({ upload: `${width} × ${height} PNG, ${Math.round(image.length / 1024)} KB`, ...(await uploadBurst(image, `${width}x${height}.png`)) });
  }
  return rows;
}
