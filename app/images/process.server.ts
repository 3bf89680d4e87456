/**
 * Checking an uploaded file and making its WebP sizes with sharp (docs/decisions/008-images.md). Nothing here
 * writes anywhere: the uploader stores the result only once every size has been made.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { largestWidthFor, widthsUpTo } from "./image-url";

// Decompression bombs: a small, highly compressible PNG or GIF can open into billions of pixels. 50 megapixels
// takes the largest photos phones take (48 MP) and, for an animation, counts every frame.
const MAX_MEGAPIXELS = 50;
const MAX_PIXELS = MAX_MEGAPIXELS * 1_000_000;

/** What a person is told beside the field (the size limit's message is the uploader's: it knows the limit). */
export const IMAGE_MESSAGES = {
  notAnImage: "This file is not a JPEG, PNG, WebP or GIF image.",
  damaged: "This image could not be read; the file may be damaged. Choose another one.",
  tooManyPixels: `The image has too many pixels (more than ${MAX_MEGAPIXELS} megapixels). Choose a smaller one.`,
} as const;

// Part of the hash: changing how sizes are made (quality, widths) gives every new upload new keys, so a file
// already cached by browsers under an old key is never replaced by different bytes.
const PROCESSING_VERSION = "webp-q80-v1";

const WEBP = { quality: 80, effort: 4 } as const;

type Format = "jpeg" | "png" | "gif" | "webp";

export type CheckedImage = {
  /** The width of the image's largest file, whose URL is what the database keeps. */
  largest: number;
  /** Every width to make, narrowest first (the last is `largest`). */
  widths: number[];
  animated: boolean;
};

export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; message: string };

/**
 * The format the file's first bytes announce, whatever its name or the browser's MIME type say. Only these four
 * reach sharp, so SVG, PDF, TIFF, HEIC and the other formats libvips could open are refused before any decoder runs.
 */
export function sniffFormat(bytes: Uint8Array): Format | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(1, 8) === "PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

// Every frame of an animated GIF or WebP is read, so animations stay animated (as animated WebP); a still image
// is one frame either way. Warnings are tolerated (many cameras write slightly odd files), errors and truncation are not.
const input = (bytes: Uint8Array) => sharp(bytes, { animated: true, failOn: "error", limitInputPixels: MAX_PIXELS });

/** Reads the file's header: is it an image we take, and which widths will it have? Nothing is decoded in full yet. */
export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  const format = sniffFormat(bytes);
  if (!format) return { ok: false, message: IMAGE_MESSAGES.notAnImage };
  let metadata: Metadata;
  try {
    metadata = await input(bytes).metadata();
  } catch {
    return { ok: false, message: IMAGE_MESSAGES.damaged };
  }
  // The decoder must agree with the first bytes (a PNG signature in front of something else is not a PNG).
  if (metadata.format !== format || !metadata.width || !metadata.height) {
    return { ok: false, message: IMAGE_MESSAGES.damaged };
  }
  // With every frame read, height is that of all frames together.
  if (metadata.width * metadata.height > MAX_PIXELS) return { ok: false, message: IMAGE_MESSAGES.tooManyPixels };
  // The width as the image is meant to be seen: a portrait photo stored sideways with an EXIF orientation tag
  // is narrower than its stored pixels.
  const largest = largestWidthFor(metadata.autoOrient?.width ?? metadata.width);
  return {
    ok: true,
    image: { largest, widths: widthsUpTo(largest), animated: (metadata.pages ?? 1) > 1 },
  };
}

/** The content hash that names an upload: SHA-256 of its bytes (and of how they are processed), cut to 128 bits. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(PROCESSING_VERSION).update(bytes).digest("hex").slice(0, 32);
}

export type ImageSize = { width: number; bytes: Buffer };

/**
 * Decodes the image in full and makes one WebP per width: turned upright by its EXIF orientation first, then
 * scaled down (never up), converted to sRGB, with every piece of metadata left out (EXIF with GPS and camera
 * details, XMP, IPTC, and the ICC profile once its colours are converted). Throws when the file cannot be decoded.
 */
export async function makeSizes(bytes: Uint8Array, widths: readonly number[]): Promise<ImageSize[]> {
  return Promise.all(
    widths.map(async (width) => ({
      width,
      // sharp writes no metadata unless asked to (keepMetadata, withExif, keepIccProfile…), and asks for none here.
      bytes: await input(bytes).autoOrient().resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer(),
    })),
  );
}
