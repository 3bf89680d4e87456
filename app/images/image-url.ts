/**
 * The naming rule of uploaded images, shared by the uploader, the resource route that serves them and the
 * `<img srcset>` helper (client-safe: no server imports). See docs/decisions/008-images.md.
 *
 * An upload is stored as WebP files at the widths of a fixed ladder that are narrower than the image, plus one at
 * the image's own width capped at the ladder's top (never upscaled):
 *
 *   storage key   images/<hash>/w<width>.webp     hash: 32 lowercase hex digits (SHA-256 of the upload, cut to 128 bits)
 *   URL           /images/<hash>/w<width>.webp    the key with a leading slash
 *
 * The URL saved in the database is the LARGEST width W. The other widths follow from W alone, with no manifest and
 * no database lookup: every ladder width below W. A 1000 px photo gives w320, w640 and w1000 (saved as
 * `/images/<hash>/w1000.webp`); a 3000 px one gives w320, w640, w1280 and w1920; a 200 px logo only w200.
 * Files never change once written (the hash names their content), so they are served as immutable.
 */

/** The widths made for each upload, where the image is at least that wide. */
export const IMAGE_WIDTHS = [320, 640, 1280, 1920] as const;

/** The widest file made: larger images are scaled down to it. */
export const MAX_IMAGE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/** The folder of the storage (and path of the site) that uploaded images live under. */
export const IMAGE_PREFIX = "images";

const HASH = /^[0-9a-f]{32}$/;
// Digits without a leading zero, so each width has exactly one spelling (w0640 would be another key for w640).
const FILE = /^w([1-9][0-9]{0,3})\.webp$/;

export type ImageRef = { hash: string; width: number };

/** True for a width a file can have: 1 to MAX_IMAGE_WIDTH pixels. */
function isImageWidth(width: number): boolean {
  return Number.isInteger(width) && width >= 1 && width <= MAX_IMAGE_WIDTH;
}

/** The widths stored for an image whose largest file is `largest` wide, narrowest first. */
export function widthsUpTo(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((width) => width < largest), largest];
}

/** The largest width made for a source image this many pixels wide (after orientation). */
export function largestWidthFor(sourceWidth: number): number {
  return Math.min(Math.max(1, Math.round(sourceWidth)), MAX_IMAGE_WIDTH);
}

/** `images/<hash>/w<width>.webp` */
export function imageKey({ hash, width }: ImageRef): string {
  return `${IMAGE_PREFIX}/${hash}/w${width}.webp`;
}

/** `/images/<hash>/w<width>.webp` */
export function imageUrl(ref: ImageRef): string {
  return `/${imageKey(ref)}`;
}

/**
 * Reads the part of a key after `images/` (`<hash>/w<width>.webp`, as the resource route's splat gives it);
 * null for anything else. Strict on purpose: this is what stands between a URL and the disk, so `..`, encoded
 * characters, extra segments, absolute paths, upper case and odd spellings are all refused.
 */
export function parseImagePath(path: string): ImageRef | null {
  const segments = path.split("/");
  if (segments.length !== 2) return null;
  const [hash, file] = segments;
  const match = FILE.exec(file);
  if (!HASH.test(hash) || !match) return null;
  const width = Number(match[1]);
  return isImageWidth(width) ? { hash, width } : null;
}

/** Reads an uploader URL (`/images/<hash>/w<width>.webp`); null for any other URL. */
export function parseImageUrl(url: string): ImageRef | null {
  const prefix = `/${IMAGE_PREFIX}/`;
  return url.startsWith(prefix) ? parseImagePath(url.slice(prefix.length)) : null;
}
