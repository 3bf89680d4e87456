// The image field and image as the server renders them: what a person gets before (or without) JavaScript.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImageField } from "~/images/ui/image-field";
import { ResponsiveImage } from "~/images/ui/responsive-image";

const HASH = "0123456789abcdef0123456789abcdef";

/** The value of `attribute` on the first tag matching `tag` (e.g. 'input type="file"'). */
function attribute(html: string, tag: RegExp, name: string): string | undefined {
  const element = html.match(tag)?.[0];
  return element?.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

describe("ImageField", () => {
  it("offers a labelled file input of the four formats, and says there is no image yet", () => {
    const html = renderToStaticMarkup(<ImageField name="logo" label="Logo" />);
    const input = /<input[^>]*type="file"[^>]*>/;
    expect(attribute(html, input, "name")).toBe("logo");
    expect(attribute(html, input, "accept")).toBe("image/jpeg,image/png,image/webp,image/gif");
    const id = attribute(html, input, "id");
    expect(id).toBeTruthy();
    expect(attribute(html, /<label[^>]*>/, "for")).toBe(id);
    expect(html).toContain("No image yet");
    expect(html).not.toContain("logo__remove");
  });

  it("shows the current image with its sizes and offers to remove it", () => {
    const html = renderToStaticMarkup(
      <ImageField name="logo" label="Logo" currentUrl={`/images/${HASH}/w1280.webp`} alt="The gala's logo" />,
    );
    const img = /<img[^>]*>/;
    expect(attribute(html, img, "src")).toBe(`/images/${HASH}/w1280.webp`);
    expect(attribute(html, img, "srcSet")).toContain(`/images/${HASH}/w640.webp 640w`);
    expect(attribute(html, img, "alt")).toBe("The gala&#x27;s logo");
    expect(attribute(html, /<input[^>]*type="checkbox"[^>]*>/, "name")).toBe("logo__remove");
    expect(html).toMatch(/<label class="checkbox"><input[^>]*>Remove the image<\/label>/);
    expect(html).not.toContain("No image yet");
  });

  it("links the error to the file input and marks it invalid", () => {
    const html = renderToStaticMarkup(
      <ImageField
        name="logo"
        label="Logo"
        help="A square works best."
        error="This file is not a JPEG, PNG, WebP or GIF image."
      />,
    );
    const input = /<input[^>]*type="file"[^>]*>/;
    expect(attribute(html, input, "aria-invalid")).toBe("true");
    const described = attribute(html, input, "aria-describedby")?.split(" ") ?? [];
    expect(described).toHaveLength(2);
    const errorId = described[1];
    expect(html).toContain(
      `<p id="${errorId}" class="field__error">This file is not a JPEG, PNG, WebP or GIF image.</p>`,
    );
  });
});

describe("ResponsiveImage", () => {
  it("renders an upload with its srcset, lazily by default", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage image={`/images/${HASH}/w640.webp`} alt="" sizes="20rem" width={640} height={480} />,
    );
    expect(html).toBe(
      `<img src="/images/${HASH}/w640.webp" srcSet="/images/${HASH}/w320.webp 320w, /images/${HASH}/w640.webp 640w" sizes="20rem" alt="" width="640" height="480" loading="lazy" decoding="async"/>`,
    );
  });

  it("renders another URL as it is, and nothing without an image", () => {
    expect(renderToStaticMarkup(<ResponsiveImage image="/demo/logo.svg" alt="Logo" loading="eager" />)).toBe(
      `<img src="/demo/logo.svg" alt="Logo" loading="eager" decoding="async"/>`,
    );
    expect(renderToStaticMarkup(<ResponsiveImage image={null} alt="Logo" />)).toBe("");
  });
});
