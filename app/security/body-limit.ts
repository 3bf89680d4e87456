/**
 * How large a request body may be, by route, checked by server.js on the headers before anything reads the body:
 * the public pages' forms (sign-in, registration, bids, gifts, the payment provider's webhooks) are small, so a
 * body past 1 MB there is refused with 413; the team's pages under /admin/ take uploads (images, CSV imports), whose
 * readers count the bytes as they come and stop at their own limits, so their ceiling is larger. A body without a
 * declared length (chunked) is refused with 411: browsers always declare it, and so the check cannot be dodged.
 */
export const PUBLIC_BODY_BYTES = 1024 * 1024;

export type BodyRefusal = { status: 411 | 413; message: string };

export function bodyRefusal(
  request: { method: string; path: string; contentLength: string | undefined; transferEncoding: string | undefined },
  adminBodyBytes: number,
): BodyRefusal | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const declared = request.contentLength === undefined ? NaN : Number(request.contentLength);
  if (!Number.isSafeInteger(declared) || declared < 0) {
    return request.transferEncoding === undefined
      ? null // no body at all
      : { status: 411, message: "Send the form with its length (Content-Length)." };
  }
  const limit = request.path.startsWith("/admin/") ? adminBodyBytes : PUBLIC_BODY_BYTES;
  if (declared <= limit) return null;
  return { status: 413, message: `This form is larger than ${Math.floor(limit / 1024 / 1024)} MB.` };
}
