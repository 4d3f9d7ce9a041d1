import { randomUUID } from "node:crypto";
import type { Metadata } from "sharp";
import { fileTypeOf } from "#app/features/forms/file-type.server.ts";
import type { UploadRules } from "#app/features/forms/read-form.server.ts";
import { formatBytes } from "#app/features/forms/form-rules.ts";
import {
  IMAGE_FORMATS_TEXT,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_MEGAPIXELS,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_WEB_WIDTH,
  isMediaId,
  mediaUrl,
  variantWidths,
  widthOfMediaFile,
} from "#app/features/images/image-rules.ts";
import { encodeImage } from "#app/features/images/image-encoder.server.ts";
import { logger } from "#app/platform/logger.server.ts";
import type { FileStorage } from "#app/platform/storage/file-storage.server.ts";

export type StoredImage = { ok: true; src: string; width: number; height: number };
export type ImageRefusal = { ok: false; status: 400 | 413 | 415 | 503; message: string };

/** Good enough for photographs at any of the web widths; effort 4 is sharp's default balance of time and size. */
const WEBP_OPTIONS = { quality: 80, effort: 4 } as const;
const WEBP_TYPE = "image/webp";
/** What the first bytes must say, and the type read-form keeps for the file. */
const ACCEPTED_SIGNATURES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", avif: "image/avif" };

export const imageMessages = {
  notAllowed: (name: string) => `${name} is not a ${IMAGE_FORMATS_TEXT} image.`,
  tooLarge: (name: string) => `${name} is larger than ${formatBytes(MAX_IMAGE_BYTES)}.`,
  tooManyPixels: (name: string) => `${name} has more than ${MAX_IMAGE_MEGAPIXELS} megapixels; please make it smaller and upload it again.`,
  sideTooLong: (name: string) => `${name} is wider or taller than ${MAX_IMAGE_SIDE.toLocaleString("en")} pixels; please make it smaller and upload it again.`,
  unreadable: (name: string) => `${name} could not be read: the file is damaged or incomplete. Please export it again and upload the new file.`,
  empty: (name: string) => `${name} is empty.`,
  tooMany: () => "Upload one image at a time.",
  badName: () => "The image's file name is not valid text. Please rename the file and try again.",
  storeFailed: "The image store is not available right now. Please try again in a few minutes.",
  encodeFailed: "Images cannot be processed right now. Please try again in a few minutes.",
};

const refuse = (status: ImageRefusal["status"], message: string): ImageRefusal => ({ ok: false, status, message });

/**
 * The content type of an accepted image, read from its first bytes (never its
 * name or the browser's claim); null for anything else. storeImage decodes the
 * whole file before anything is kept.
 */
export async function detectImageType(bytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeOf(bytes);
  return (detected && ACCEPTED_SIGNATURES[detected.ext]) ?? null;
}

/**
 * Upload rules for a form's image field (the editor's "Insert image", an
 * insight's banner): one file, within MAX_IMAGE_BYTES, refused as soon as its
 * first bytes show it is no accepted image. Pass the file's bytes to storeImage.
 */
export function imageUploadRule(field: string): UploadRules {
  return {
    field,
    maxFiles: 1,
    maxFileBytes: MAX_IMAGE_BYTES,
    detectType: (bytes) => detectImageType(bytes),
    refusedByFirstBytes: async (head) => (await detectImageType(head)) === null,
    messages: {
      tooMany: imageMessages.tooMany,
      tooLarge: imageMessages.tooLarge,
      empty: imageMessages.empty,
      notAllowed: imageMessages.notAllowed,
      badName: imageMessages.badName,
      storeFailed: imageMessages.storeFailed,
    },
  };
}

type Checked = { ok: true; width: number } | ImageRefusal;

/** Reads the header only: the format by content, and the size before any pixel is decoded. */
async function checkImage(bytes: Uint8Array, name: string): Promise<Checked> {
  if (bytes.byteLength === 0) return refuse(400, imageMessages.empty(name));
  if (bytes.byteLength > MAX_IMAGE_BYTES) return refuse(413, imageMessages.tooLarge(name));
  if ((await detectImageType(bytes)) === null) return refuse(415, imageMessages.notAllowed(name));
  // Loaded by the first upload rather than at start (decision 086).
  const { default: sharp } = await import("sharp");
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuse(400, imageMessages.unreadable(name));
  }
  // The signature said PNG, JPEG, WebP or AVIF; the decoder must agree (HEIC shares AVIF's container).
  const agrees = ["png", "jpeg", "webp"].includes(metadata.format) || (metadata.format === "heif" && metadata.compression === "av1");
  if (!agrees) return refuse(415, imageMessages.notAllowed(name));
  if (!metadata.width || !metadata.height) return refuse(400, imageMessages.unreadable(name));
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) return refuse(413, imageMessages.tooManyPixels(name));
  if (metadata.width > MAX_IMAGE_SIDE || metadata.height > MAX_IMAGE_SIDE) return refuse(413, imageMessages.sideTooLong(name));
  // As displayed: a phone's portrait photo is stored landscape with an EXIF orientation.
  return { ok: true, width: metadata.autoOrient.width };
}

/**
 * Checks an uploaded image by its content and size, decodes it completely in
 * its turn among the process's image jobs (a damaged or cut-off file is
 * refused here), and stores it as WebP at each web width
 * up to its own under `media/{random id}/{width}.webp`. Answers the URL of
 * the largest; srcSetOf derives the others from it. `name` starts the
 * messages ("photo.png is larger than 10 MB.").
 */
export async function storeImage(storage: FileStorage, bytes: Uint8Array, name = "The image"): Promise<StoredImage | ImageRefusal> {
  const checked = await checkImage(bytes, name);
  if (!checked.ok) return checked;
  const largest = Math.min(checked.width, MAX_WEB_WIDTH);
  const widths = variantWidths(largest);
  const encoded = await encodeImage(bytes, widths, { maxPixels: MAX_IMAGE_PIXELS, webp: WEBP_OPTIONS });
  if (!encoded.ok) return encoded.reason === "unreadable" ? refuse(400, imageMessages.unreadable(name)) : refuse(503, imageMessages.encodeFailed);
  const { variants } = encoded;
  const id = randomUUID();
  const keys = widths.map((width) => mediaKey(id, width));
  // Every put settles before the cleanup: a put still writing when another failed
  // would otherwise land after the delete and leave an orphan behind.
  const puts = await Promise.allSettled(keys.map((key, index) => storage.put(key, variants[index]!.bytes, { contentType: WEBP_TYPE, exclusive: true })));
  const failure = puts.find((put): put is PromiseRejectedResult => put.status === "rejected");
  if (failure) {
    logger.error({ err: failure.reason, id }, "storing an uploaded image failed");
    // Nothing half-stored stays behind: the upload failed as a whole.
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    return refuse(503, imageMessages.storeFailed);
  }
  const stored = variants[variants.length - 1]!;
  return { ok: true, src: mediaUrl(id, largest), width: stored.width, height: stored.height };
}

function mediaKey(id: string, width: number): string {
  return `media/${id}/${width}.webp`;
}

/** The storage key for a public media request, or null when the path is not one of ours. */
export function mediaKeyOf(id: string, file: string): string | null {
  const width = widthOfMediaFile(file);
  return isMediaId(id) && width !== null ? mediaKey(id, width) : null;
}

export const MEDIA_CONTENT_TYPE = WEBP_TYPE;

/** Whether the image at `src` is still stored; a URL that is not one of our /media files is not ours to check. */
export async function isImageStored(storage: FileStorage, src: string): Promise<boolean> {
  const [, id, file] = /^\/media\/([^/]+)\/([^/?#]+)$/.exec(src) ?? [];
  const key = id && file ? mediaKeyOf(id, file) : null;
  if (!key) return true;
  const stored = await storage.get(key);
  stored?.body.destroy();
  return stored !== null;
}
