/**
 * The one way images come into Gavel: an action calls `readFormWithImages(request, ["logo"])` instead of
 * `request.formData()`. Files are streamed, counted as they arrive and refused past MAX_IMAGE_MB; an accepted
 * one is checked and resized (./process.server.ts) and stored (./storage.server.ts) before the action runs, and
 * the action finds its URL in the form under the field's name. See docs/decisions/008-images.md.
 *
 * Orphans: when the action then refuses the form for another reason (a missing title, say), the images already
 * stored stay, unreferenced. That is harmless, and on purpose there is no helper to delete them: a key is the
 * hash of the file's content, so the same picture uploaded for another record has the same key, and deleting it
 * could take the picture away from that record. Sending the form again with the same file finds it stored.
 */
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { config } from "~/config.server";
import { readPostedForm, refuseNul } from "~/forms/posted-form.server";
import { imageKey, imageUrl, parseImageUrl } from "./image-url";
import { checkImage, contentHash, IMAGE_MESSAGES, makeSizes, type ImageSize } from "./process.server";
import { fileStorage } from "./storage.server";

export type FormWithImages = {
  /**
   * The form's fields; an image field holds its stored image's URL, and is absent when no file was chosen. A
   * field of several files holds one URL per stored file, in the order the browser sent them (`form.getAll`).
   */
  form: FormData;
  /**
   * By field name, the message to show beside a file that was refused (nothing was stored for it). For a field of
   * several files, one message naming each refused file.
   */
  imageErrors: Record<string, string>;
};

/**
 * An image field of the form: its name for one file (`<input type="file">`), or, for a field that takes several
 * (`<input type="file" multiple>`, an item's gallery), its name and how many files one post may bring.
 */
export type ImageFieldSpec = string | { name: string; maxFiles: number };

// A text field is never an upload; this is plenty for the longest description and stops a runaway body early.
const MAX_TEXT_BYTES = 1024 * 1024;

// How far past the limit a file is still read (and thrown away) so that the form's other fields arrive and the
// person gets the message beside the field; a request beyond this is refused whole with 413.
const READ_PAST_LIMIT_FACTOR = 4;

/** The largest image accepted, in bytes (MAX_IMAGE_MB, megabytes of 1024 × 1024 bytes). */
export function maxImageBytes(): number {
  return Math.floor(config.MAX_IMAGE_MB * 1024 * 1024);
}

export function imageTooLargeMessage(): string {
  return `The image is larger than ${config.MAX_IMAGE_MB} MB. Choose a smaller one.`;
}

/**
 * Reads a form that may carry images, as `request.formData()` would, storing each non-empty file of
 * `imageFields` and putting its URL in the form under the same name. A bad or too large file gets a message in
 * `imageErrors` instead and leaves no trace. An empty file input (no file chosen) leaves the field out of the form:
 * no change. Other file fields are ignored, and so is a text value posted under an image field's name (only an
 * upload can set it). A plain urlencoded form is read as it is, so every action can call this.
 *
 * A field given as `{ name, maxFiles }` takes several files: each stored one adds its URL under the name, and
 * files past `maxFiles` are dropped with a message. A plain field keeps only its first file's URL.
 *
 * Throws a 413 response for a request far larger than the images it may hold, and a 400 one for a body that is
 * not a form.
 */
export async function readFormWithImages(request: Request, imageFields: ImageFieldSpec[]): Promise<FormWithImages> {
  // By field name, how many files it takes (1 for a plain image field).
  const maxFiles = new Map(
    imageFields.map((field) => (typeof field === "string" ? [field, 1] : [field.name, Math.max(1, field.maxFiles)])),
  );
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    const form = await readPostedForm(request);
    for (const field of maxFiles.keys()) form.delete(field);
    return { form, imageErrors: {} };
  }

  const wanted = new Set(maxFiles.keys());
  const limit = maxImageBytes();
  // Each single image field may carry one file read past the limit; a field of several files, its files at the
  // limit plus the same margin for one that is too large.
  const slots = [...maxFiles.values()].reduce(
    (sum, files) => sum + (files === 1 ? READ_PAST_LIMIT_FACTOR : files + READ_PAST_LIMIT_FACTOR - 1),
    0,
  );
  const ceiling = limit * Math.max(READ_PAST_LIMIT_FACTOR, slots) + MAX_TEXT_BYTES;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > ceiling) throw tooLarge();

  const imageErrors: Record<string, string> = {};
  // For fields of several files: how many came so far. Their messages name each refused file, one after another.
  const filesSeen = new Map<string, number>();
  const refuse = (name: string, filename: string, message: string) => {
    if (maxFiles.get(name) === 1) {
      imageErrors[name] = message;
      return;
    }
    const named = `${displayName(filename)}: ${message}`;
    imageErrors[name] = imageErrors[name] ? `${imageErrors[name]} ${named}` : named;
  };
  let received = 0;
  /** Counts every byte of the body's parts against the ceiling. */
  const count = (chunk: Uint8Array) => {
    received += chunk.length;
    if (received > ceiling) throw tooLarge();
  };
  // An error of our own (storage failing) must not be mistaken for a malformed body.
  let ownError: unknown;

  const handler: UploadHandler = async (part) => {
    if (part.filename === undefined) {
      const text = await readText(part.data, count);
      return wanted.has(part.name) ? undefined : text;
    }
    if (!wanted.has(part.name)) {
      for await (const chunk of part.data) count(chunk);
      return undefined;
    }
    const file = await readUpTo(part.data, limit, count);
    if (file === "empty") return undefined;
    const allowed = maxFiles.get(part.name)!;
    if (allowed > 1) {
      const seen = (filesSeen.get(part.name) ?? 0) + 1;
      filesSeen.set(part.name, seen);
      // Past the field's number of files: read (above) and dropped, and said once, after the form is read.
      if (seen > allowed) return undefined;
    }
    if (file === "too large") {
      refuse(part.name, part.filename, imageTooLargeMessage());
      return undefined;
    }
    // Reading the part (above) fails on a malformed body; storing it fails only on our side.
    const stored = await storeImage(file).catch((error: unknown) => {
      ownError = error;
      throw error;
    });
    if ("message" in stored) {
      refuse(part.name, part.filename, stored.message);
      return undefined;
    }
    return stored.url;
  };

  try {
    const form = refuseNul(await unstable_parseMultipartFormData(request, handler));
    for (const [name, seen] of filesSeen) {
      const allowed = maxFiles.get(name)!;
      if (seen > allowed) {
        const message = `Choose at most ${allowed} images at a time (${seen} were chosen); the others were not added.`;
        imageErrors[name] = imageErrors[name] ? `${imageErrors[name]} ${message}` : message;
      }
    }
    return { form, imageErrors };
  } catch (error) {
    if (error === ownError || error instanceof Response) throw error;
    throw unreadable();
  }
}

/**
 * The image URL to save for a field of `<ImageField>`: the new upload's when a file was stored, null when
 * "Remove the image" was ticked (a new file wins over the tick), otherwise `current` unchanged.
 */
export function chosenImageUrl(form: FormData, name: string, current: string | null): string | null {
  const uploaded = form.get(name);
  if (typeof uploaded === "string" && parseImageUrl(uploaded)) return uploaded;
  if (form.has(`${name}__remove`)) return null;
  return current;
}

/**
 * Checks, resizes and stores one image; its URL, or the message to show. Sizes are made in memory first and
 * written narrowest first, the largest (the one the URL names) last, so a stored URL always has all its sizes.
 */
async function storeImage(bytes: Buffer): Promise<{ url: string } | { message: string }> {
  const check = await checkImage(bytes);
  if (!check.ok) return { message: check.message };
  const hash = contentHash(bytes);
  const largest = { hash, width: check.image.largest };
  const storage = fileStorage();
  // The same file was uploaded before (for this record or another): its sizes are there already.
  if (await storage.has(imageKey(largest))) return { url: imageUrl(largest) };

  let sizes: ImageSize[];
  try {
    sizes = await makeSizes(bytes, check.image.widths);
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    return { message: IMAGE_MESSAGES.damaged };
  }

  const written: string[] = [];
  try {
    for (const size of sizes) {
      const key = imageKey({ hash, width: size.width });
      if (await storage.has(key)) continue;
      await storage.put(key, size.bytes);
      written.push(key);
    }
  } catch (error) {
    // Nothing half-stored: remove what this upload wrote (only that: other keys may belong to earlier uploads).
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
  return { url: imageUrl(largest) };
}

/** A file's bytes, or "too large" once it passes `limit` (what came so far is dropped; the rest is read and thrown away). */
async function readUpTo(
  data: AsyncIterable<Uint8Array>,
  limit: number,
  count: (chunk: Uint8Array) => void,
): Promise<Buffer | "empty" | "too large"> {
  let chunks: Uint8Array[] | null = [];
  let size = 0;
  for await (const chunk of data) {
    count(chunk);
    size += chunk.length;
    if (size > limit) chunks = null;
    else chunks?.push(chunk);
  }
  // The parser holds back whatever part of a file is not read, so every file is read to its end, kept or not.
  if (chunks === null) return "too large";
  return size === 0 ? "empty" : Buffer.concat(chunks, size);
}

async function readText(data: AsyncIterable<Uint8Array>, count: (chunk: Uint8Array) => void): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    count(chunk);
    size += chunk.length;
    if (size > MAX_TEXT_BYTES) throw new Response("A field of this form is too long.", { status: 413 });
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** A file's name as a message shows it: its own name only, not too long; the browser sends whatever it has. */
function displayName(filename: string): string {
  const name = filename.split(/[\\/]/).pop()?.trim() || "A file";
  return name.length > 60 ? `${name.slice(0, 57)}…` : name;
}

function tooLarge(): Response {
  return new Response(`This upload is far larger than the ${config.MAX_IMAGE_MB} MB allowed for each image.`, {
    status: 413,
  });
}

function unreadable(): Response {
  return new Response("The form could not be read. Reload the page and try again.", { status: 400 });
}

/** The change an `<ImageField>` asks for: `{ [name]: url }` for a new upload, `{ [name]: null }` to remove, `{}` to keep. */
export function imageChange<Name extends string>(form: FormData, name: Name): Partial<Record<Name, string | null>> {
  const uploaded = form.get(name);
  if (typeof uploaded === "string" && parseImageUrl(uploaded)) return { [name]: uploaded } as Record<Name, string>;
  if (form.has(`${name}__remove`)) return { [name]: null } as Record<Name, null>;
  return {};
}

/**
 * The image to save from a dialog's ImageField whose uploads survive a refused post in `<name>_pending` (only ever
 * an uploaded image's URL): a new upload, the kept one, or none when "Remove the image" is ticked; nothing (no
 * change) when the person did none of these.
 */
export function keptImageChange<Name extends string>(form: FormData, name: Name): Partial<Record<Name, string | null>> {
  const pending = String(form.get(`${name}_pending`) ?? "");
  const kept = parseImageUrl(pending) ? pending : null;
  if (kept === null && !form.has(name) && !form.has(`${name}__remove`)) return {};
  return { [name]: chosenImageUrl(form, name, kept) } as Record<Name, string | null>;
}

/**
 * readFormWithImages for a form whose image is kept in `<name>_pending` when the form is refused: the upload's URL
 * is copied there, and a refused file's message is returned as the field's error.
 */
export async function readFormKeepingImage(request: Request, name: string) {
  const { form, imageErrors } = await readFormWithImages(request, [name]);
  const uploaded = form.get(name);
  if (typeof uploaded === "string" && parseImageUrl(uploaded)) form.set(`${name}_pending`, uploaded);
  return { form, fieldErrors: imageErrors[name] ? { [name]: [imageErrors[name]] } : undefined };
}

/** The refused uploads of a form as a contract reply's field messages (reply.server.ts). */
export function imageFieldErrors(imageErrors: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(imageErrors).map(([field, message]) => [field, [message]]));
}
