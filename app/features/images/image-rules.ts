/*
 * The facts about insight images, in one place for the server (checks,
 * encoding, the media route) and the browser (srcset on cards and articles).
 * Everything here is pure: a picture's sizes follow from its URL alone.
 */

/** What staff may upload, named as a member of staff knows them. */
export const IMAGE_FORMATS_TEXT = "PNG, JPEG, WebP or AVIF";
/** One upload; a phone photo is 3 to 8 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoded size limit (width × height), so a small file cannot unpack into gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;
/**
 * The longest either side may be, in pixels: a decoder's memory follows the
 * length of a row as much as the pixel count, so a 65,000 × 600 strip within
 * the megapixels costs several times a photo's. A 40-megapixel photo of 3:2
 * fits, and a 4:1 banner up to 12,000 × 3,000 (decision 029).
 */
export const MAX_IMAGE_SIDE = 12_000;
/** The widths the site serves; the browser picks one through srcset. */
export const WEB_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const MAX_WEB_WIDTH = WEB_WIDTHS[WEB_WIDTHS.length - 1]!;

/** Stored images are public under this path, one folder per upload. */
export const MEDIA_PATH = "/media";
const MEDIA_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MEDIA_FILE = /^([1-9][0-9]{0,3})\.webp$/;
const MEDIA_URL = /^\/media\/([^/?#]+)\/([^/?#]+)$/;

/**
 * The widths stored for a picture whose largest variant is `largest` pixels
 * wide: every web width below it, and itself. An upload narrower than
 * MAX_WEB_WIDTH keeps its own width as the largest.
 */
export function variantWidths(largest: number): number[] {
  return [...WEB_WIDTHS.filter((width) => width < largest), largest];
}

/** The width a media file name stands for ("960.webp" is 960), or null when it is no name of ours. */
export function widthOfMediaFile(file: string): number | null {
  const match = MEDIA_FILE.exec(file);
  const width = match ? Number(match[1]) : 0;
  return width > 0 && width <= MAX_WEB_WIDTH ? width : null;
}

/** True for an upload's folder name (a lower-case UUID). */
export function isMediaId(id: string): boolean {
  return MEDIA_ID.test(id);
}

export function mediaUrl(id: string, width: number): string {
  return `${MEDIA_PATH}/${id}/${width}.webp`;
}

/**
 * The srcset of an image of ours (`/media/{id}/{largest}.webp`), or null for
 * anything else (the placeholder, an outside URL), which is drawn as it is.
 */
export function srcSetOf(src: string): string | null {
  const match = MEDIA_URL.exec(src);
  if (!match || !isMediaId(match[1]!)) return null;
  const largest = widthOfMediaFile(match[2]!);
  if (largest === null) return null;
  const id = match[1]!;
  return variantWidths(largest)
    .map((width) => `${mediaUrl(id, width)} ${width}w`)
    .join(", ");
}
