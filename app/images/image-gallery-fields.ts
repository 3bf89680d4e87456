/**
 * What the image gallery's forms post (app/images/ui/image-gallery.tsx) and the server reads
 * (app/images/image-gallery.server.ts). Client-safe.
 */

/** One image of a gallery, as the page shows it. */
export type GalleryImage = { image_id: number; url: string };

/** How many images one record may have; far more than a bidder looks through. */
export const MAX_GALLERY_IMAGES = 24;

/** How many files one post may add. */
export const MAX_GALLERY_UPLOAD = 10;

/** The file field of the gallery's upload (`<input type="file" multiple>`). */
export const GALLERY_UPLOAD_FIELD = "images";

/** The intents of the gallery's forms; the move posts `image_id` and `direction`, the removal `image_id`. */
export const GALLERY_INTENTS = {
  add: "images-add",
  move: "image-move",
  remove: "image-remove",
} as const;

/**
 * The gallery's form id in the contract: a refused post answers a FormReply with it, its message on the upload field
 * (an add) or for the gallery as a whole (a move or removal of an image that is gone).
 */
export const GALLERY_FORM = "gallery";
