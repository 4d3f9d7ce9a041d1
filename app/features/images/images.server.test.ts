import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { expect, test } from "vitest";
import { readForm } from "#app/features/forms/read-form.server.ts";
import { IMAGE_ENCODER_SOURCE } from "#app/features/images/image-encoder.server.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, srcSetOf } from "#app/features/images/image-rules.ts";
import { imageUploadRule, mediaKeyOf, storeImage } from "#app/features/images/images.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";
import { createLocalStorage } from "#app/platform/storage/local-storage.server.ts";

function tempStorage(): { storage: FileStorage; root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "images-test-"));
  return { storage: createLocalStorage(root), root };
}

/** A picture with some detail: left half red, right half blue, so orientation shows in the pixels. */
function halves(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) raw[i] = 220;
      else raw[i + 2] = 220;
      raw[i + 1] = (x + y) % 64;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

async function storedWidths(storage: FileStorage, src: string): Promise<number[]> {
  const srcSet = srcSetOf(src)!;
  const widths: number[] = [];
  for (const candidate of srcSet.split(", ")) {
    const [url, descriptor] = candidate.split(" ");
    const [, , id, file] = url!.split("/");
    const stored = await storage.get(mediaKeyOf(id!, file!)!);
    expect(stored, url).not.toBeNull();
    expect(stored!.contentType).toBe("image/webp");
    const metadata = await sharp(await buffer(stored!.body)).metadata();
    expect(metadata.format).toBe("webp");
    expect(`${metadata.width}w`).toBe(descriptor);
    widths.push(metadata.width);
  }
  return widths;
}

test("PNG, JPEG, WebP and AVIF are stored as WebP at every web width up to their own", async () => {
  const { storage, root } = tempStorage();
  try {
    const inputs = {
      png: await halves(2400, 1200).png().toBuffer(),
      jpeg: await halves(2400, 1200).jpeg().toBuffer(),
      webp: await halves(1000, 500).webp().toBuffer(),
      avif: await halves(700, 350).avif().toBuffer(),
    };
    const png = await storeImage(storage, inputs.png, "wide.png");
    const jpeg = await storeImage(storage, inputs.jpeg);
    const webp = await storeImage(storage, inputs.webp);
    const avif = await storeImage(storage, inputs.avif);
    expect(png).toMatchObject({ ok: true, width: 1920, height: 960 });
    expect(jpeg).toMatchObject({ ok: true, width: 1920, height: 960 });
    expect(webp).toMatchObject({ ok: true, width: 1000, height: 500 });
    expect(avif).toMatchObject({ ok: true, width: 700, height: 350 });
    if (!png.ok || !jpeg.ok || !webp.ok || !avif.ok) throw new Error("not stored");
    expect(png.src).toMatch(/^\/media\/[0-9a-f-]{36}\/1920\.webp$/);
    expect(png.src).not.toBe(jpeg.src);
    expect(await storedWidths(storage, png.src)).toEqual([320, 640, 960, 1280, 1920]);
    expect(await storedWidths(storage, jpeg.src)).toEqual([320, 640, 960, 1280, 1920]);
    expect(await storedWidths(storage, webp.src)).toEqual([320, 640, 960, 1000]);
    expect(await storedWidths(storage, avif.src)).toEqual([320, 640, 700]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a picture narrower than the smallest web width is kept at its own width", async () => {
  const { storage, root } = tempStorage();
  try {
    const small = await storeImage(storage, await halves(200, 100).png().toBuffer());
    expect(small).toMatchObject({ ok: true, width: 200, height: 100 });
    if (!small.ok) throw new Error("not stored");
    expect(small.src).toMatch(/\/200\.webp$/);
    expect(await storedWidths(storage, small.src)).toEqual([200]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the EXIF orientation is applied, and EXIF (with GPS) and other metadata are stripped", async () => {
  const { storage, root } = tempStorage();
  try {
    // Stored landscape, 600×400, with "rotate 90° clockwise to display": the photo is portrait.
    const photo = await halves(600, 400)
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret Studio" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("Secret Studio");

    const stored = await storeImage(storage, photo);
    expect(stored).toMatchObject({ ok: true, width: 400, height: 600 });
    if (!stored.ok) throw new Error("not stored");
    const [, , id, file] = stored.src.split("/");
    const bytes = await buffer((await storage.get(mediaKeyOf(id!, file!)!))!.body);
    const after = await sharp(bytes).metadata();
    expect([after.width, after.height]).toEqual([400, 600]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.toString("latin1")).not.toContain("Secret Studio");
    // The red half, left when stored, is on top once upright.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(200, 50)[0]).toBeGreaterThan(150);
    expect(pixel(200, 550)[2]).toBeGreaterThan(150);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("SVG, GIF, a PDF named .png, damaged files, empty, oversized and over-pixelled images are refused and nothing is stored", async () => {
  const { storage, root } = tempStorage();
  try {
    const jpeg = await halves(800, 600).jpeg().toBuffer();
    const png = await halves(800, 600).png().toBuffer();
    const refusals = {
      svg: await storeImage(
        storage,
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        "logo.svg",
      ),
      gif: await storeImage(storage, await halves(40, 40).gif().toBuffer(), "anim.gif"),
      pdf: await storeImage(storage, new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"), "photo.png"),
      truncatedJpeg: await storeImage(storage, jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), "cut.jpg"),
      truncatedPng: await storeImage(storage, png.subarray(0, Math.floor(png.length * 0.6)), "cut.png"),
      corruptHeader: await storeImage(storage, png.subarray(0, 40), "header.png"),
      empty: await storeImage(storage, new Uint8Array(), "empty.png"),
      // A valid PNG with padding after its end: decoders would accept it, the byte limit does not.
      oversized: await storeImage(storage, Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]), "huge.png"),
      // 8000 × 5001 of one colour: a small file that decodes to 40 megapixels and more.
      overPixels: await storeImage(
        storage,
        await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#336699" } })
          .png({ compressionLevel: 1 })
          .toBuffer(),
        "bomb.png",
      ),
    };
    expect(refusals).toEqual({
      svg: { ok: false, status: 415, message: "logo.svg is not a PNG, JPEG, WebP or AVIF image." },
      gif: { ok: false, status: 415, message: "anim.gif is not a PNG, JPEG, WebP or AVIF image." },
      pdf: { ok: false, status: 415, message: "photo.png is not a PNG, JPEG, WebP or AVIF image." },
      truncatedJpeg: { ok: false, status: 400, message: expect.stringMatching(/^cut\.jpg could not be read: the file is damaged or incomplete/) },
      truncatedPng: { ok: false, status: 400, message: expect.stringMatching(/^cut\.png could not be read/) },
      corruptHeader: { ok: false, status: 400, message: expect.stringMatching(/^header\.png could not be read/) },
      empty: { ok: false, status: 400, message: "empty.png is empty." },
      oversized: { ok: false, status: 413, message: "huge.png is larger than 10 MB." },
      overPixels: { ok: false, status: 413, message: "bomb.png has more than 40 megapixels; please make it smaller and upload it again." },
    });
    expect(fs.existsSync(path.join(root, "media"))).toBe(false);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a picture wider or taller than the longest side is refused by its header, however few its megapixels", async () => {
  const { storage, root } = tempStorage();
  try {
    const flat = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#336699" } })
        .png({ compressionLevel: 1 })
        .toBuffer();
    const refusals = {
      // 39 megapixels, under that limit, but rows long enough to take a decoder several times a photo's memory.
      strip: await storeImage(storage, await flat(65_000, 600), "strip.png"),
      wide: await storeImage(storage, await flat(MAX_IMAGE_SIDE + 1, 1), "wide.png"),
      tall: await storeImage(storage, await flat(1, MAX_IMAGE_SIDE + 1), "tall.png"),
    };
    const message = (name: string) => `${name} is wider or taller than 12,000 pixels; please make it smaller and upload it again.`;
    expect(refusals).toEqual({
      strip: { ok: false, status: 413, message: message("strip.png") },
      wide: { ok: false, status: 413, message: message("wide.png") },
      tall: { ok: false, status: 413, message: message("tall.png") },
    });
    expect(fs.existsSync(path.join(root, "media"))).toBe(false);
    // At the limit, it is stored: 1920 wide at its own proportions.
    expect(await storeImage(storage, await flat(MAX_IMAGE_SIDE, 1200))).toMatchObject({ ok: true, width: 1920, height: 192 });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a 2000×1333 photo is stored 1920 wide at its own proportions (the encode time is in the bench)", async () => {
  const { storage, root } = tempStorage();
  try {
    const raw = Buffer.alloc(2000 * 1333 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i % 6000) / 24 + ((i * 2654435761) >>> 28);
    const photo = await sharp(raw, { raw: { width: 2000, height: 1333, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const stored = await storeImage(storage, photo);
    expect(stored).toMatchObject({ ok: true, width: 1920, height: 1280 });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("mediaKeyOf accepts only the names storeImage writes", () => {
  const id = "0b5e3c1e-7d1a-4c5e-9f0a-2b3c4d5e6f70";
  expect(mediaKeyOf(id, "960.webp")).toBe(`media/${id}/960.webp`);
  for (const [badId, file] of [
    [id, "960.png"],
    [id, "0960.webp"],
    [id, "2400.webp"],
    [id, "..webp"],
    [id.toUpperCase(), "960.webp"],
    ["..", "960.webp"],
    [`${id}x`, "960.webp"],
  ] as const) {
    expect(mediaKeyOf(badId, file), `${badId}/${file}`).toBeNull();
  }
});

function imagePost(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)]), name);
  return new Request("http://localhost/staff/media", { method: "POST", body: form });
}

const uploadRules = {
  maxBytes: MAX_IMAGE_BYTES + 64 * 1024,
  encodings: ["multipart"] as const,
  fields: [],
  multiline: [],
  labels: {},
  upload: imageUploadRule("image"),
};

test("the upload rule lets WebP and AVIF through the form reader and refuses a GIF by its first bytes", async () => {
  const webp = await halves(1200, 800).webp().toBuffer();
  const avif = await halves(1200, 800).avif().toBuffer();
  expect(webp.length).toBeGreaterThan(4100);
  expect(avif.length).toBeGreaterThan(4100);
  expect((await readForm(imagePost(webp, "a.webp"), uploadRules)).files[0]).toMatchObject({ name: "a.webp", contentType: "image/webp" });
  expect((await readForm(imagePost(avif, "a.avif"), uploadRules)).files[0]).toMatchObject({ name: "a.avif", contentType: "image/avif" });
  const gif = await halves(400, 400).gif().toBuffer();
  await expect(readForm(imagePost(gif, "photo.png"), uploadRules)).rejects.toMatchObject({
    status: 415,
    message: "photo.png is not a PNG, JPEG, WebP or AVIF image.",
    field: "image",
  });
});

test("when the store fails, nothing of the upload is left and the answer says to try again", async () => {
  const { storage, root } = tempStorage();
  try {
    let puts = 0;
    const failing: FileStorage = {
      ...storage,
      put: async (key, body, options) => {
        if (++puts === 3) throw new Error("disk full");
        // The other widths are still being written when the third fails.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await storage.put(key, body, options);
      },
    };
    const stored = await storeImage(failing, await halves(1400, 700).jpeg().toBuffer());
    expect(stored).toEqual({ ok: false, status: 503, message: "The image store is not available right now. Please try again in a few minutes." });
    // A put that outlived the cleanup would land now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const left = fs.existsSync(path.join(root, "media"))
      ? fs.readdirSync(path.join(root, "media"), { recursive: true }).filter((entry) => String(entry).endsWith(".webp"))
      : [];
    expect(left).toEqual([]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

/** The encoder processes this process has running now (each is `node -e IMAGE_ENCODER_SOURCE`). */
function runningEncoders(): number[] {
  const children = fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return children.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(IMAGE_ENCODER_SOURCE);
    } catch {
      return false; // it exited meanwhile
    }
  });
}

test("a burst of uploads is encoded one image at a time, each in a process that exits when its image is done", async () => {
  const { storage, root } = tempStorage();
  const seen = new Set<number>();
  let mostAtOnce = 0;
  const watch = setInterval(() => {
    const running = runningEncoders();
    for (const pid of running) seen.add(pid);
    mostAtOnce = Math.max(mostAtOnce, running.length);
  }, 5);
  try {
    const photo = await halves(2400, 1200).jpeg().toBuffer();
    const stored = await Promise.all(Array.from({ length: 4 }, (_, index) => storeImage(storage, photo, `photo-${index}.jpg`)));
    expect(stored.map((result) => result.ok && [result.width, result.height])).toEqual(Array(4).fill([1920, 960]));
    expect(mostAtOnce).toBe(1);
    expect(seen.size).toBe(4);
    await expect.poll(runningEncoders).toEqual([]);
  } finally {
    clearInterval(watch);
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("when the encoder process dies, the upload is refused with a sentence to try again, nothing is stored, and the next upload works", async () => {
  const { storage, root } = tempStorage();
  try {
    const photo = await halves(2400, 1200).jpeg().toBuffer();
    const upload = storeImage(storage, photo);
    await expect.poll(runningEncoders).toHaveLength(1);
    process.kill(runningEncoders()[0]!, "SIGKILL");
    expect(await upload).toEqual({ ok: false, status: 503, message: "Images cannot be processed right now. Please try again in a few minutes." });
    expect(fs.existsSync(path.join(root, "media"))).toBe(false);
    expect(await storeImage(storage, photo)).toMatchObject({ ok: true, width: 1920, height: 960 });
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
