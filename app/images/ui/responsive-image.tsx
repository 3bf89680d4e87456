import { responsiveImage } from "../responsive";

export type ResponsiveImageProps = {
  /** The stored URL: an upload's (`/images/…`) gets a srcset of its sizes, any other URL is used as it is. */
  image: string | null | undefined;
  /** Describe the picture; "" for a decorative one. */
  alt: string;
  /** How wide the image is shown, e.g. "(min-width: 48rem) 20rem, 100vw" (default: the viewport's width). */
  sizes?: string;
  className?: string;
  width?: number;
  height?: number;
  /** "lazy" by default; pass "eager" for an image seen without scrolling (a hero, a logo in the header). */
  loading?: "lazy" | "eager";
  /** The page's largest picture on a phone's first screen: fetched before the other pictures and the scripts. */
  priority?: boolean;
};

// React 18 does not know `fetchPriority` (it warns and passes it on); the attribute is spelt as HTML spells it.
const FETCH_FIRST = { fetchpriority: "high" };

/** An `<img>` with the srcset of an uploaded image's sizes; nothing at all when there is no image. */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  width,
  height,
  loading = "lazy",
  priority = false,
}: ResponsiveImageProps) {
  const attributes = responsiveImage(image, sizes);
  if (!attributes) return null;
  return (
    <img
      {...attributes}
      alt={alt}
      className={className}
      width={width}
      height={height}
      loading={loading}
      decoding={priority ? undefined : "async"}
      {...(priority ? FETCH_FIRST : {})}
    />
  );
}
