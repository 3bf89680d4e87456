/**
 * What the benchmarks and drills post to the app as a browser does: a form (with the page's Origin, the person's
 * session cookie, and the compressed answers every browser takes), and a phone's bid, the bidder screen's form (POST
 * /inroombid?id=&item=, intent=place).
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { IN_PLACE_FIELD, IN_PLACE_VALUE } from "~/navigation/answer-in-place";

/** What a browser asks for: the app's compression answers in kind, and its cost is part of what a phone costs. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

type Options = Pick<http.RequestOptions, "agent" | "timeout">;

/**
 * Posts `fields` as a form to `path` of the app at `url`. `onResponse` reads the answer, as with http.request; the
 * caller listens for the request's errors (and its timeout) on what this returns.
 */
export function sendForm(
  url: string,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  options: Options,
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const body = new URLSearchParams(fields).toString();
  const request = http.request(
    `${url}${path}`,
    {
      ...options,
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(body),
        Origin: url,
        Cookie: cookie,
        "Accept-Encoding": BROWSER_ACCEPT_ENCODING,
      },
    },
    onResponse,
  );
  request.end(body);
  return request;
}

/** A bidder: a user with a paddle at the event, and the session cookie the app signed for them. */
export interface Bidder {
  usrId: number;
  cookie: string;
}

export interface Bid {
  eventId: number;
  itemId: number;
  bidder: Bidder;
  cents: number;
  /** The bid's idempotency key. */
  key: string;
}

/**
 * Sends `bid` to the app at `url` as the bidder screen's form; `data` posts it as the JavaScript page does: to its
 * single-fetch address (/inroombid.data) instead of the document's, asking for the answer in place (the outcome and
 * the bidder's own standing, app/navigation/answer-in-place.ts) instead of a redirect. Answers and errors as with
 * `sendForm`.
 */
export function sendBid(
  url: string,
  bid: Bid,
  { data = false, ...options }: Options & { data?: boolean },
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const path = `${data ? "/inroombid.data" : "/inroombid"}?id=${bid.eventId}&item=${bid.itemId}`;
  const fields = {
    intent: "place",
    amount: (bid.cents / 100).toFixed(2),
    key: bid.key,
    ...(data ? { [IN_PLACE_FIELD]: IN_PLACE_VALUE } : {}),
  };
  return sendForm(url, path, bid.bidder.cookie, fields, options, onResponse);
}

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

/** An answer's text from its body's chunks, decompressed as its Content-Encoding says. */
export function answerText(response: http.IncomingMessage, chunks: Buffer[]): string {
  const body = Buffer.concat(chunks);
  // An answer whose body was not kept (an acceptance's is drained) has no text, whatever it was encoded with.
  if (body.length === 0) return "";
  const decode = DECODERS[String(response.headers["content-encoding"] ?? "")];
  return (decode ? decode(body) : body).toString("utf8");
}

/** The next minimum bid (cents) that a refusal's text names ("… next minimum bid is $1,250.00"), if it names one. */
export function nextMinimumIn(text: string): number | undefined {
  const found = /next minimum bid is \$([\d,]+\.\d\d)/.exec(text);
  return found ? Math.round(Number(found[1].replace(/,/g, "")) * 100) : undefined;
}
