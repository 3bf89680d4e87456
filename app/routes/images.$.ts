import { imageKey, parseImagePath } from "~/images/image-url";
import { fileStorage } from "~/images/storage.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * GET /images/<hash>/w<width>.webp: an uploaded image's file, public (event pages show them to anyone). A key is
 * the hash of the file's content, so a URL's bytes never change: browsers and proxies keep it for a year without
 * asking again. Anything that is not exactly a key (`..`, encoded characters, other names) is 404 before the disk
 * is touched. See docs/decisions/008-images.md.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const ref = parseImagePath(params["*"] ?? "");
  const file = ref ? await fileStorage().get(imageKey(ref)) : null;
  if (!file) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(file.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      // The bytes are an image and nothing else: no sniffing, and no scripts even if opened on their own.
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
