import { describe, expect, it } from "vitest";
import { imageKey, imageUrl, largestWidthFor, parseImagePath, parseImageUrl, widthsUpTo } from "~/images/image-url";
import { sniffFormat } from "~/images/process.server";
import { responsiveImage } from "~/images/responsive";
import { isStorageKey } from "~/images/storage.server";

const HASH = "0123456789abcdef0123456789abcdef";

describe("the image URL rule", () => {
  it("makes every ladder width below the largest, then the largest, never more than 1920", () => {
    expect(widthsUpTo(1920)).toEqual([320, 640, 1280, 1920]);
    expect(widthsUpTo(1000)).toEqual([320, 640, 1000]);
    expect(widthsUpTo(640)).toEqual([320, 640]);
    expect(widthsUpTo(200)).toEqual([200]);
    expect(largestWidthFor(4032)).toBe(1920);
    expect(largestWidthFor(1000)).toBe(1000);
    expect(largestWidthFor(1)).toBe(1);
  });

  it("names the key and the URL after the hash and the width", () => {
    expect(imageKey({ hash: HASH, width: 640 })).toBe(`images/${HASH}/w640.webp`);
    expect(imageUrl({ hash: HASH, width: 1280 })).toBe(`/images/${HASH}/w1280.webp`);
    expect(parseImageUrl(`/images/${HASH}/w1280.webp`)).toEqual({ hash: HASH, width: 1280 });
    expect(parseImagePath(`${HASH}/w7.webp`)).toEqual({ hash: HASH, width: 7 });
  });

  it.each([
    ["", "empty"],
    [`${HASH}`, "no file"],
    [`${HASH}/w640.png`, "another extension"],
    [`${HASH}/w0640.webp`, "a second spelling of a width"],
    [`${HASH}/w0.webp`, "width zero"],
    [`${HASH}/w1921.webp`, "wider than made"],
    [`${HASH}/w640.webp/x`, "an extra segment"],
    [`../${HASH}/w640.webp`, "a parent folder"],
    [`${HASH}/../w640.webp`, "a parent folder inside"],
    [`%2e%2e/${HASH}/w640.webp`, "an encoded parent folder"],
    [`/${HASH}/w640.webp`, "an absolute path"],
    [`/etc/passwd`, "a system file"],
    [`${HASH.toUpperCase()}/w640.webp`, "upper case"],
    [`${HASH.slice(1)}/w640.webp`, "a short hash"],
    [`${HASH}\\w640.webp`, "a backslash"],
    [`${HASH}/w640.webp\0`, "a NUL byte"],
  ])("refuses %j (%s)", (path) => {
    expect(parseImagePath(path)).toBeNull();
  });

  it("reads only uploader URLs", () => {
    expect(parseImageUrl("/demo/logo.svg")).toBeNull();
    expect(parseImageUrl(`https://example.org/images/${HASH}/w640.webp`)).toBeNull();
    expect(parseImageUrl(`/images/${HASH}/w640.webp?x=1`)).toBeNull();
  });
});

describe("responsiveImage", () => {
  it("gives an upload the srcset of its sizes", () => {
    expect(responsiveImage(`/images/${HASH}/w1000.webp`, "(min-width: 48rem) 20rem, 100vw")).toEqual({
      src: `/images/${HASH}/w1000.webp`,
      srcSet: `/images/${HASH}/w320.webp 320w, /images/${HASH}/w640.webp 640w, /images/${HASH}/w1000.webp 1000w`,
      sizes: "(min-width: 48rem) 20rem, 100vw",
    });
    expect(responsiveImage(`/images/${HASH}/w1920.webp`)?.srcSet?.split(", ")).toHaveLength(4);
    expect(responsiveImage(`/images/${HASH}/w1920.webp`)).not.toHaveProperty("sizes");
  });

  it("gives a small upload, and any other URL, just its src", () => {
    expect(responsiveImage(`/images/${HASH}/w200.webp`, "10rem")).toEqual({ src: `/images/${HASH}/w200.webp` });
    expect(responsiveImage("/demo/gala-hero.svg", "100vw")).toEqual({ src: "/demo/gala-hero.svg" });
    expect(responsiveImage("https://cdn.example.org/logo.png")).toEqual({ src: "https://cdn.example.org/logo.png" });
  });

  it("gives nothing without an image", () => {
    expect(responsiveImage(null)).toBeNull();
    expect(responsiveImage(undefined)).toBeNull();
    expect(responsiveImage("")).toBeNull();
  });
});

describe("storage keys", () => {
  it.each([`images/${HASH}/w640.webp`, "a", "images/x_y-z.1"])("accepts %j", (key) => {
    expect(isStorageKey(key)).toBe(true);
  });

  it.each([
    "",
    "/etc/passwd",
    "../x",
    "images/../x",
    "images/.hidden",
    "images//x",
    "images/x/",
    "Images/x",
    "a\\b",
    "a/./b",
  ])("refuses %j", (key) => {
    expect(isStorageKey(key)).toBe(false);
  });
});

describe("the format a file's first bytes announce", () => {
  const bytes = (...values: Array<number | string>) =>
    new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

  it("knows the four formats taken, and nothing else", () => {
    expect(sniffFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffFormat(bytes(0x89, "PNG\r\n", 0x1a, "\n"))).toBe("png");
    expect(sniffFormat(bytes("GIF89a"))).toBe("gif");
    expect(sniffFormat(bytes("GIF87a"))).toBe("gif");
    expect(sniffFormat(bytes("RIFF", 0, 0, 0, 0, "WEBP"))).toBe("webp");
    expect(sniffFormat(bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(sniffFormat(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffFormat(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffFormat(bytes())).toBeNull();
  });
});
