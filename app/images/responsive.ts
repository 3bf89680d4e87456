/**
 * `srcset` for an image URL (client-safe). An uploader URL (`/images/<hash>/w<W>.webp`, see ./image-url.ts) names
 * its largest width, so the smaller files it has are known without asking the server; any other URL (the demo's
 * `/demo/*.svg`, an external https address) is used as it is.
 */
import { imageUrl, parseImageUrl, widthsUpTo } from "./image-url";

export type ResponsiveImageAttributes = { src: string; srcSet?: string; sizes?: string };

/**
 * The `src`, `srcSet` and `sizes` to put on an `<img>`, or null when there is no image.
 * `sizes` is how wide the image is shown (e.g. "(min-width: 48rem) 20rem, 100vw"); without it the browser
 * assumes the full viewport width.
 */
export function responsiveImage(url: string | null | undefined, sizes?: string): ResponsiveImageAttributes | null {
  if (!url) return null;
  const ref = parseImageUrl(url);
  if (!ref) return { src: url };
  const widths = widthsUpTo(ref.width);
  // One file only (a small image): a srcset would add nothing.
  if (widths.length === 1) return { src: url };
  return {
    src: url,
    srcSet: widths.map((width) => `${imageUrl({ hash: ref.hash, width })} ${width}w`).join(", "),
    ...(sizes ? { sizes } : {}),
  };
}
