/**
 * The ordered images of a record (inventory_image and auction_item_image: url, display_order, linked id):
 * add uploads at the end, move one up or down, remove one. display_order is kept 0, 1, 2… in the order shown,
 * the first image being the record's main one.
 *
 * These functions trust `ownerId`: the caller has already found the owner among the current event's records,
 * in the same transaction, and locked it (`for update`), so two people reordering at once take turns. Removing an
 * image removes its row only; the file stays in storage (docs/decisions/008-images.md, "Orphans are kept").
 */
import { and, asc, eq, max } from "drizzle-orm";
import { z } from "zod";
import { db, type Transaction } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { auction_item_image, inventory_image } from "~drizzle/schema";
import {
  GALLERY_INTENTS,
  GALLERY_UPLOAD_FIELD,
  MAX_GALLERY_IMAGES,
  MAX_GALLERY_UPLOAD,
  type GalleryImage,
} from "./image-gallery-fields";
import { parseImageUrl } from "./image-url";
import type { Outcome } from "~/forms/reply.server";

export { GALLERY_INTENTS, type GalleryImage } from "./image-gallery-fields";

/** Pass to readFormWithImages to read the gallery's uploads. */
export const galleryUploadField = { name: GALLERY_UPLOAD_FIELD, maxFiles: MAX_GALLERY_UPLOAD };

/** More images than the record has room for: a refusal on the upload field. */
export class GalleryFullError extends Refusal {
  constructor(readonly room: number) {
    super(
      room === 0
        ? `This item already has the ${MAX_GALLERY_IMAGES} images it can have. Remove one to add another.`
        : `An item can have ${MAX_GALLERY_IMAGES} images: there is room for ${room} more. Choose fewer.`,
      GALLERY_UPLOAD_FIELD,
    );
  }
}

// The two image tables have the same shape; only their key and owner columns are named after their owner.
const TABLES = {
  inventory: {
    table: inventory_image,
    id: inventory_image.inventory_image_id,
    owner: inventory_image.inventory_id,
    url: inventory_image.url,
    order: inventory_image.display_order,
    row: (ownerId: number, url: string, display_order: number) => ({ inventory_id: ownerId, url, display_order }),
  },
  auction_item: {
    table: auction_item_image,
    id: auction_item_image.auction_item_image_id,
    owner: auction_item_image.auction_item_id,
    url: auction_item_image.url,
    order: auction_item_image.display_order,
    row: (ownerId: number, url: string, display_order: number) => ({ auction_item_id: ownerId, url, display_order }),
  },
} as const;

export type GalleryKind = keyof typeof TABLES;

/** The gallery of one kind of record: `imageGallery("inventory")` works on inventory_image. */
export function imageGallery(kind: GalleryKind) {
  const t = TABLES[kind];
  // Drizzle's builders are typed per table; the two tables share one shape, so one of them stands for both.
  const table = t.table as typeof inventory_image;
  const id = t.id as typeof inventory_image.inventory_image_id;
  const owner = t.owner as typeof inventory_image.inventory_id;
  const url = t.url as typeof inventory_image.url;
  const order = t.order as typeof inventory_image.display_order;

  async function list(tx: Pick<Transaction, "select">, ownerId: number): Promise<GalleryImage[]> {
    return tx.select({ image_id: id, url }).from(table).where(eq(owner, ownerId)).orderBy(asc(order), asc(id));
  }

  /** Writes display_order 0, 1, 2… in the order of `ids`. */
  async function renumber(tx: Transaction, ownerId: number, ids: number[]) {
    for (const [index, imageId] of ids.entries()) {
      await tx
        .update(table)
        .set({ display_order: index })
        .where(and(eq(id, imageId), eq(owner, ownerId)));
    }
  }

  return {
    list,

    /** Adds stored uploads after the last image; refuses (GalleryFullError) when they would not all fit. */
    async add(tx: Transaction, ownerId: number, urls: string[]): Promise<void> {
      const uploads = urls.filter((candidate) => parseImageUrl(candidate) !== null);
      if (uploads.length === 0) return;
      const current = await list(tx, ownerId);
      const room = MAX_GALLERY_IMAGES - current.length;
      if (uploads.length > room) throw new GalleryFullError(Math.max(0, room));
      const [{ last }] = await tx
        .select({ last: max(order) })
        .from(table)
        .where(eq(owner, ownerId));
      const start = last === null ? 0 : last + 1;
      await tx.insert(table).values(uploads.map((upload, index) => t.row(ownerId, upload, start + index)) as never);
    },

    /** Moves an image one place up or down; false when the record has no such image. At either end: no change. */
    async move(tx: Transaction, ownerId: number, imageId: number, direction: "up" | "down"): Promise<boolean> {
      const ids = (await list(tx, ownerId)).map((image) => image.image_id);
      const from = ids.indexOf(imageId);
      if (from === -1) return false;
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= ids.length) return true;
      [ids[from], ids[to]] = [ids[to], ids[from]];
      await renumber(tx, ownerId, ids);
      return true;
    },

    /** Removes an image from the record; false when the record has no such image. */
    async remove(tx: Transaction, ownerId: number, imageId: number): Promise<boolean> {
      const removed = await tx
        .delete(table)
        .where(and(eq(id, imageId), eq(owner, ownerId)))
        .returning({ image_id: id });
      if (removed.length === 0) return false;
      await renumber(
        tx,
        ownerId,
        (await list(tx, ownerId)).map((image) => image.image_id),
      );
      return true;
    },
  };
}

const imageIdField = z.coerce.number().int().positive().max(2_147_483_647);

/** The image and direction of a move; null when the post is malformed. */
export function readImageMove(form: FormData): { imageId: number; direction: "up" | "down" } | null {
  const parsed = z
    .object({ imageId: imageIdField, direction: z.enum(["up", "down"]) })
    .safeParse({ imageId: form.get("image_id"), direction: form.get("direction") });
  return parsed.success ? parsed.data : null;
}

/** The image of a removal; null when the post is malformed. */
export function readImageId(form: FormData): number | null {
  const parsed = imageIdField.safeParse(form.get("image_id"));
  return parsed.success ? parsed.data : null;
}

/** The URLs the uploader stored for the gallery's file field, in the order they were chosen. */
export function uploadedGalleryUrls(form: FormData): string[] {
  return form
    .getAll(GALLERY_UPLOAD_FIELD)
    .filter((value): value is string => typeof value === "string" && parseImageUrl(value) !== null);
}

/**
 * What became of a gallery's post: done (with a message for the toast, or none), or refused with the reason (on the
 * upload field when it is about the files chosen).
 */
export type GalleryOutcome = Outcome;

/**
 * Carries out a post of the gallery's forms (image-gallery.tsx) on a record, or returns null when `intent` is not
 * one of the gallery's. `lockOwner` finds the record among the current event's, locks it, and returns its id, in
 * the transaction it is given (throwing a 404 response when there is no such record). `form` and `imageErrors`
 * come from readFormWithImages(request, [galleryUploadField, …]).
 */
export async function runGalleryIntent({
  kind,
  intent,
  form,
  imageErrors,
  lockOwner,
}: {
  kind: GalleryKind;
  intent: unknown;
  form: FormData;
  imageErrors: Record<string, string>;
  lockOwner: (tx: Transaction) => Promise<number>;
}): Promise<GalleryOutcome | null> {
  const gallery = imageGallery(kind);
  switch (intent) {
    case GALLERY_INTENTS.add: {
      const refusal = imageErrors[GALLERY_UPLOAD_FIELD];
      if (refusal) return { refused: `Nothing was added. ${refusal}`, field: GALLERY_UPLOAD_FIELD };
      const urls = uploadedGalleryUrls(form);
      if (urls.length === 0) return { refused: "Choose one or more images to add first.", field: GALLERY_UPLOAD_FIELD };
      try {
        await db.transaction(async (tx) => gallery.add(tx, await lockOwner(tx), urls));
      } catch (error) {
        if (error instanceof GalleryFullError)
          return { refused: `Nothing was added. ${error.message}`, field: GALLERY_UPLOAD_FIELD };
        throw error;
      }
      return { done: urls.length === 1 ? "Image added" : `${urls.length} images added` };
    }
    case GALLERY_INTENTS.move: {
      const move = readImageMove(form);
      if (!move) throw new Response("This move is not one the gallery makes.", { status: 400 });
      const found = await db.transaction(async (tx) =>
        gallery.move(tx, await lockOwner(tx), move.imageId, move.direction),
      );
      return found ? { done: null } : { refused: "This image is no longer here. Reload the page." };
    }
    case GALLERY_INTENTS.remove: {
      const imageId = readImageId(form);
      if (imageId === null) throw new Response("This removal is not one the gallery makes.", { status: 400 });
      const found = await db.transaction(async (tx) => gallery.remove(tx, await lockOwner(tx), imageId));
      return found ? { done: "Image removed" } : { refused: "This image is no longer here. Reload the page." };
    }
    default:
      return null;
  }
}
