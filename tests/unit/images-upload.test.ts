// Uploading images end to end without a browser: real multipart requests carrying real JPEG, PNG, GIF and WebP
// files made by sharp go through readFormWithImages onto a temporary UPLOAD_DIR, and the /images/* resource route
// serves what was stored. No database is involved, so this runs once, with the unit tests.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_MESSAGES } from "~/images/process.server";

const IMAGE_URL = /^\/images\/([0-9a-f]{32})\/w([0-9]+)\.webp$/;
const LONG_CACHE = "public, max-age=31536000, immutable";

let uploadDir: string;

/** The uploader and the route as the app loads them with this environment (configuration is read at import). */
async function loadApp(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const upload = await import("~/images/upload.server");
  const route = await import("~/routes/images.$");
  /** Calls the resource route's loader as Remix does for GET /images/<splat>. */
  const serve = async (splat: string) =>
    (await route.loader({
      request: new Request(`http://localhost:3000/images/${splat}`),
      params: { "*": splat },
      context: {},
    })) as Response;
  return { ...upload, serve };
}

let app: Awaited<ReturnType<typeof loadApp>>;

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), "gavel-uploads-"));
  app = await loadApp({ UPLOAD_DIR: uploadDir });
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** A POST as a browser sends it: FormData makes the multipart body and its Content-Type with the boundary. */
function post(fields: Array<[string, string | Blob]>): Request {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request("http://localhost:3000/admin/setup/branding", { method: "POST", body });
}

// Copied into a plain ArrayBuffer, as File wants (a Buffer may sit on a shared one).
const file = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** Every file under UPLOAD_DIR, as slash-separated paths relative to it, sorted. */
function storedFiles(dir = uploadDir, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? storedFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    )
    .sort();
}

const onDisk = (url: string) => readFileSync(path.join(uploadDir, ...url.slice(1).split("/")));

/** The stored URL of a field, checked to be an uploader URL. */
function uploadedUrl(form: FormData, name: string): { url: string; hash: string; width: number } {
  const url = form.get(name);
  expect(url).toEqual(expect.stringMatching(IMAGE_URL));
  const [, hash, width] = IMAGE_URL.exec(url as string)!;
  return { url: url as string, hash, width: Number(width) };
}

// Metadata a camera or editor leaves in a file: who took it, where (GPS), and a colour profile.
const EXIF = {
  IFD0: { Artist: "Jane Private", Copyright: "Jane Private 2025", Make: "PhoneCo", Model: "Pocket 9" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Jane Private"/></rdf:RDF></x:xmpmeta>';

const canvas = (width: number, height: number, background = "#3366aa") =>
  sharp({ create: { width, height, channels: 3, background } });

/** Random pixels: compresses badly, so a small picture makes a large file. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

describe("an accepted image", () => {
  let png: Buffer;
  let url: string;
  let hash: string;

  beforeAll(async () => {
    png = await canvas(2400, 1600).withExif(EXIF).withXmp(XMP).withIccProfile("p3").png().toBuffer();
    // The test image really carries what the upload must strip.
    const source = await sharp(png).metadata();
    expect(source).toMatchObject({ format: "png", width: 2400 });
    expect([source.exif, source.xmp, source.icc].every(Boolean)).toBe(true);
  });

  it("is stored under its content hash, and its URL (the largest width) takes the field's place in the form", async () => {
    const request = post([
      ["title", "Harbor Lights Gala"],
      ["logo", file(png, "holiday photo.png", "image/png")],
    ]);
    expect(request.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    const { form, imageErrors } = await app.readFormWithImages(request, ["logo"]);
    expect(imageErrors).toEqual({});
    expect(form.get("title")).toBe("Harbor Lights Gala");
    ({ url, hash } = uploadedUrl(form, "logo"));
    expect(url).toBe(`/images/${hash}/w1920.webp`);
    expect(app.chosenImageUrl(form, "logo", "/demo/logo.svg")).toBe(url);
  });

  it("has a WebP file at every responsive width, and nothing else (no temporary files left)", async () => {
    expect(storedFiles()).toEqual([320, 640, 1280, 1920].map((width) => `images/${hash}/w${width}.webp`).sort());
    for (const width of [320, 640, 1280, 1920]) {
      const stored = await sharp(onDisk(`/images/${hash}/w${width}.webp`)).metadata();
      expect(stored).toMatchObject({ format: "webp", width, height: Math.round((width * 2) / 3) });
    }
  });

  it("keeps none of the file's metadata: no EXIF (camera, GPS), XMP, IPTC or ICC profile", async () => {
    for (const width of [320, 640, 1280, 1920]) {
      const bytes = onDisk(`/images/${hash}/w${width}.webp`);
      const stored = await sharp(bytes).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(bytes.includes("Jane Private")).toBe(false);
      expect(bytes.includes("PhoneCo")).toBe(false);
    }
  });

  it("is served by GET /images/* as WebP that caches for a year", async () => {
    for (const width of [320, 1920]) {
      const response = await app.serve(`${hash}/w${width}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe(LONG_CACHE);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(onDisk(`/images/${hash}/w${width}.webp`))).toBe(true);
      expect(response.headers.get("Content-Length")).toBe(String(body.length));
    }
  });

  it("gives the same URL when the same file comes again, and writes nothing new", async () => {
    const before = storedFiles();
    const { form, imageErrors } = await app.readFormWithImages(post([["logo", file(png, "again.png", "image/png")]]), [
      "logo",
    ]);
    expect(imageErrors).toEqual({});
    expect(form.get("logo")).toBe(url);
    expect(storedFiles()).toEqual(before);
  });

  it("turns a JPEG upright by its EXIF orientation and names it by its upright width", async () => {
    // Stored 600 × 400, shown 400 × 600 (orientation 6: turn 90° clockwise), as phones write portrait photos.
    const jpeg = await canvas(600, 400, "#aa3366").withExif(EXIF).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const { form, imageErrors } = await app.readFormWithImages(
      post([["logo", file(jpeg, "IMG_0001.JPG", "image/jpeg")]]),
      ["logo"],
    );
    expect(imageErrors).toEqual({});
    const { hash: jpegHash, width } = uploadedUrl(form, "logo");
    expect(width).toBe(400);
    expect(storedFiles().filter((name) => name.includes(jpegHash))).toEqual([
      `images/${jpegHash}/w320.webp`,
      `images/${jpegHash}/w400.webp`,
    ]);
    const stored = await sharp(onDisk(`/images/${jpegHash}/w400.webp`)).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 400, height: 600 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it("keeps an animated GIF animated, as one WebP no wider than the GIF", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 64, height: 48, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp(await Promise.all(["#f00", "#0f0", "#00f"].map(frame)), { join: { animated: true } })
      .gif({ delay: 100 })
      .toBuffer();
    const { form, imageErrors } = await app.readFormWithImages(
      post([["logo", file(gif, "spinner.gif", "image/gif")]]),
      ["logo"],
    );
    expect(imageErrors).toEqual({});
    const { url: gifUrl, hash: gifHash } = uploadedUrl(form, "logo");
    expect(gifUrl).toBe(`/images/${gifHash}/w64.webp`);
    expect(storedFiles().filter((name) => name.includes(gifHash))).toEqual([`images/${gifHash}/w64.webp`]);
    const stored = await sharp(onDisk(gifUrl), { animated: true }).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 64, pages: 3, pageHeight: 48 });
  });

  it("takes a WebP, whatever type the browser claims for it", async () => {
    const webp = await canvas(900, 300, "#119911").webp().toBuffer();
    const { form, imageErrors } = await app.readFormWithImages(
      post([["hero", file(webp, "banner.bin", "application/octet-stream")]]),
      ["hero"],
    );
    expect(imageErrors).toEqual({});
    const { hash: webpHash, width } = uploadedUrl(form, "hero");
    expect(width).toBe(900);
    expect(storedFiles().filter((name) => name.includes(webpHash))).toEqual(
      [320, 640, 900].map((w) => `images/${webpHash}/w${w}.webp`).sort(),
    );
  });

  it("stores each image field of a form", async () => {
    const logo = await canvas(200, 200, "#222222").png().toBuffer();
    const hero = await canvas(700, 350, "#dddddd").jpeg().toBuffer();
    const { form, imageErrors } = await app.readFormWithImages(
      post([
        ["logo", file(logo, "logo.png", "image/png")],
        ["title", "Gala"],
        ["hero", file(hero, "hero.jpg", "image/jpeg")],
      ]),
      ["logo", "hero"],
    );
    expect(imageErrors).toEqual({});
    expect(uploadedUrl(form, "logo").width).toBe(200);
    expect(uploadedUrl(form, "hero").width).toBe(700);
    expect(form.get("title")).toBe("Gala");
  });
});

describe("GET /images/* for anything that is not a stored file", () => {
  let hash: string;

  beforeAll(async () => {
    const png = await canvas(500, 500, "#884400").png().toBuffer();
    const { form } = await app.readFormWithImages(post([["logo", file(png, "a.png", "image/png")]]), ["logo"]);
    hash = uploadedUrl(form, "logo").hash;
    // Files a path escaping the images folder could reach.
    writeFileSync(path.join(uploadDir, "secret.txt"), "not for the web");
    writeFileSync(path.join(uploadDir, "images", hash, "notes.webp"), "not a key");
  });

  it.each([
    ["a width that was not made", () => `${hash}/w400.webp`],
    ["a hash that was never uploaded", () => `${"0".repeat(32)}/w320.webp`],
    ["a parent folder", () => `${hash}/../../secret.txt`],
    ["a parent folder in front", () => `../${hash}/w320.webp`],
    ["just ..", () => ".."],
    ["a trailing ..", () => `${hash}/w320.webp/..`],
    ["an encoded parent folder", () => `${hash}/%2e%2e/%2e%2e/secret.txt`],
    ["an absolute path", () => "/etc/passwd"],
    ["a file beside the sizes", () => `${hash}/notes.webp`],
    ["upper case", () => `${hash.toUpperCase()}/w320.webp`],
    ["a second spelling of a width", () => `${hash}/w0320.webp`],
    ["another extension", () => `${hash}/w320.png`],
    ["the folder", () => hash],
    ["nothing", () => ""],
  ])("answers 404 for %s, uncached", async (_, splat) => {
    const response = await app.serve(splat());
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
  });

  it("still serves the stored file itself", async () => {
    expect((await app.serve(`${hash}/w320.webp`)).status).toBe(200);
  });
});

describe("files and values that are not taken", () => {
  it("refuses a text file named .png, with a message, storing nothing", async () => {
    const before = storedFiles();
    const text = new TextEncoder().encode("Dear committee, here are the minutes of our last meeting.\n".repeat(20));
    const { form, imageErrors } = await app.readFormWithImages(
      post([
        ["title", "Kept"],
        ["logo", file(text, "logo.png", "image/png")],
      ]),
      ["logo"],
    );
    expect(imageErrors).toEqual({ logo: IMAGE_MESSAGES.notAnImage });
    expect(form.has("logo")).toBe(false);
    expect(form.get("title")).toBe("Kept");
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a PNG cut short, as damaged, storing nothing", async () => {
    const before = storedFiles();
    const whole = await noise(200, 200).png().toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const { form, imageErrors } = await app.readFormWithImages(post([["logo", file(cut, "cut.png", "image/png")]]), [
      "logo",
    ]);
    expect(imageErrors).toEqual({ logo: IMAGE_MESSAGES.damaged });
    expect(form.has("logo")).toBe(false);
    expect(storedFiles()).toEqual(before);
  });

  it("leaves the field out for an empty file input (no file chosen): no change", async () => {
    const before = storedFiles();
    // What a browser sends for a file input left empty: a part with an empty file name and no bytes.
    const { form, imageErrors } = await app.readFormWithImages(
      post([
        ["title", "Kept"],
        ["logo", new File([], "", { type: "application/octet-stream" })],
      ]),
      ["logo"],
    );
    expect(imageErrors).toEqual({});
    expect(form.has("logo")).toBe(false);
    expect(form.get("title")).toBe("Kept");
    expect(app.chosenImageUrl(form, "logo", "/demo/logo.svg")).toBe("/demo/logo.svg");
    expect(storedFiles()).toEqual(before);
  });

  it("drops a text value posted under an image field's name: only an upload sets it", async () => {
    const forged = `/images/${"a".repeat(32)}/w640.webp`;
    const { form, imageErrors } = await app.readFormWithImages(
      post([
        ["logo", forged],
        ["logo__remove", "on"],
      ]),
      ["logo"],
    );
    expect(imageErrors).toEqual({});
    expect(form.has("logo")).toBe(false);
    expect(app.chosenImageUrl(form, "logo", "/demo/logo.svg")).toBeNull();

    // The same from a form without files (urlencoded).
    const plain = new Request("http://localhost:3000/admin/setup/branding", {
      method: "POST",
      body: new URLSearchParams({ logo: forged, title: "Kept" }),
    });
    const urlencoded = await app.readFormWithImages(plain, ["logo"]);
    expect(urlencoded.form.has("logo")).toBe(false);
    expect(urlencoded.form.get("title")).toBe("Kept");
  });

  it("ignores a file under a name that is not an image field", async () => {
    const before = storedFiles();
    const png = await canvas(100, 100, "#123456").png().toBuffer();
    const { form, imageErrors } = await app.readFormWithImages(
      post([["attachment", file(png, "a.png", "image/png")]]),
      ["logo"],
    );
    expect(imageErrors).toEqual({});
    expect(form.has("attachment")).toBe(false);
    expect(storedFiles()).toEqual(before);
  });
});

describe("MAX_IMAGE_MB", () => {
  let small: Awaited<ReturnType<typeof loadApp>>;

  beforeAll(async () => {
    // 0.1 MB = 104,857 bytes; the same UPLOAD_DIR.
    small = await loadApp({ UPLOAD_DIR: uploadDir, MAX_IMAGE_MB: "0.1" });
  });

  it("refuses a larger image with a message naming the limit, keeps the other fields, and stores nothing", async () => {
    const before = storedFiles();
    const big = await noise(300, 300).png().toBuffer();
    expect(big.length).toBeGreaterThan(0.1 * 1024 * 1024);
    const { form, imageErrors } = await small.readFormWithImages(
      post([
        ["logo", file(big, "big.png", "image/png")],
        ["title", "Kept"],
      ]),
      ["logo"],
    );
    expect(imageErrors).toEqual({ logo: "The image is larger than 0.1 MB. Choose a smaller one." });
    expect(form.has("logo")).toBe(false);
    expect(form.get("title")).toBe("Kept");
    expect(storedFiles()).toEqual(before);
  });

  it("takes an image under the limit", async () => {
    const fits = await noise(100, 100).png().toBuffer();
    expect(fits.length).toBeLessThan(0.1 * 1024 * 1024);
    const { form, imageErrors } = await small.readFormWithImages(post([["logo", file(fits, "ok.png", "image/png")]]), [
      "logo",
    ]);
    expect(imageErrors).toEqual({});
    expect(uploadedUrl(form, "logo").width).toBe(100);
  });

  it("refuses a body far beyond the limit whole, with 413, storing nothing", async () => {
    const before = storedFiles();
    const huge = new Uint8Array(2 * 1024 * 1024);
    const refused = await small
      .readFormWithImages(post([["logo", file(huge, "huge.png", "image/png")]]), ["logo"])
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(413);
    expect(await (refused as Response).text()).toMatch(/0\.1 MB/);
    expect(storedFiles()).toEqual(before);
  });
});

describe("a field of several files (a gallery)", () => {
  const gallery = { name: "images", maxFiles: 3 };

  it("stores each file and gives their URLs in the order they were sent", async () => {
    const [a, b] = await Promise.all([
      canvas(120, 80, "#101010").png().toBuffer(),
      canvas(90, 90, "#202020").jpeg().toBuffer(),
    ]);
    const { form, imageErrors } = await app.readFormWithImages(
      post([
        ["title", "Kept"],
        ["images", file(a, "a.png", "image/png")],
        ["images", file(b, "b.jpg", "image/jpeg")],
        // No file chosen in a second input of the same name: nothing.
        ["images", new File([], "", { type: "application/octet-stream" })],
      ]),
      [gallery],
    );
    expect(imageErrors).toEqual({});
    const urls = form.getAll("images") as string[];
    expect(urls).toHaveLength(2);
    expect(urls.map((url) => IMAGE_URL.exec(url)?.[2])).toEqual(["120", "90"]);
    expect(form.get("title")).toBe("Kept");
  });

  it("names each refused file in one message, and stores the others", async () => {
    const good = await canvas(70, 70, "#303030").png().toBuffer();
    const words = new TextEncoder().encode("not a picture\n".repeat(50));
    const { form, imageErrors } = await app.readFormWithImages(
      post([
        ["images", file(words, "C:\\Users\\me\\minutes.png", "image/png")],
        ["images", file(good, "good.png", "image/png")],
        ["images", file(words, "notes.gif", "image/gif")],
      ]),
      [gallery],
    );
    expect(imageErrors).toEqual({
      images: `minutes.png: ${IMAGE_MESSAGES.notAnImage} notes.gif: ${IMAGE_MESSAGES.notAnImage}`,
    });
    expect(form.getAll("images")).toHaveLength(1);
  });

  it("drops files past maxFiles, saying how many may come at once", async () => {
    const pictures = await Promise.all(
      ["#404040", "#505050", "#606060", "#707070"].map((colour) => canvas(40, 40, colour).png().toBuffer()),
    );
    const { form, imageErrors } = await app.readFormWithImages(
      post(pictures.map((bytes, i) => ["images", file(bytes, `${i}.png`, "image/png")] as [string, File])),
      [gallery],
    );
    expect(imageErrors).toEqual({
      images: "Choose at most 3 images at a time (4 were chosen); the others were not added.",
    });
    expect(form.getAll("images")).toHaveLength(3);
  });

  it("drops text posted under its name, as for a single image field", async () => {
    const forged = `/images/${"b".repeat(32)}/w640.webp`;
    const { form } = await app.readFormWithImages(post([["images", forged]]), [gallery]);
    expect(form.has("images")).toBe(false);
    const plain = new Request("http://localhost:3000/admin/auction_items/inventory/1", {
      method: "POST",
      body: new URLSearchParams({ images: forged, title: "Kept" }),
    });
    const urlencoded = await app.readFormWithImages(plain, [gallery]);
    expect(urlencoded.form.has("images")).toBe(false);
  });

  it("reads a body as large as its files may be, and refuses one far beyond them with 413", async () => {
    const small = await loadApp({ UPLOAD_DIR: uploadDir, MAX_IMAGE_MB: "0.1" });
    const ten = { name: "images", maxFiles: 10 };
    // Six files of 0.3 MB: each is too large and gets its message, but the body (1.8 MB) is within what ten
    // files may bring (10 + 3 files' worth + 1 MB), though beyond one single image field's ceiling (4 + 1 MB).
    const tooLarge = Array.from(
      { length: 6 },
      (_, i) => ["images", file(new Uint8Array(300 * 1024), `${i}.png`, "image/png")] as [string, File],
    );
    const read = await small.readFormWithImages(post(tooLarge), [ten]);
    expect(read.imageErrors.images).toBe(
      tooLarge.map(([, f]) => `${f.name}: The image is larger than 0.1 MB. Choose a smaller one.`).join(" "),
    );
    expect(read.form.has("images")).toBe(false);

    const huge = new Uint8Array(3 * 1024 * 1024);
    const refused = await small.readFormWithImages(post([["images", file(huge, "huge.png", "image/png")]]), [ten]).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(413);
  });
});
