/**
 * A phone's bid as the benchmarks and drills send it: the bidder screen's form post (POST /inroombid?id=&item=,
 * intent=place) with the bidder's session cookie, and the next minimum a refusal names.
 */
import http from "node:http";

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
 * Sends `bid` to the app at `url` as the browser sends the form: `data` posts to the JavaScript page's single-fetch
 * address (/inroombid.data) instead of the document's. `onResponse` reads the answer, as with http.request; the
 * caller listens for the request's errors (and its timeout) on what this returns.
 */
export function sendBid(
  url: string,
  bid: Bid,
  { data = false, ...options }: Pick<http.RequestOptions, "agent" | "timeout"> & { data?: boolean },
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const body = new URLSearchParams({ intent: "place", amount: (bid.cents / 100).toFixed(2), key: bid.key }).toString();
  const request = http.request(
    `${url}${data ? "/inroombid.data" : "/inroombid"}?id=${bid.eventId}&item=${bid.itemId}`,
    {
      ...options,
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(body),
        Origin: url,
        Cookie: bid.bidder.cookie,
      },
    },
    onResponse,
  );
  request.end(body);
  return request;
}

/** The next minimum bid (cents) that a refusal's text names ("… next minimum bid is $1,250.00"), if it names one. */
export function nextMinimumIn(text: string): number | undefined {
  const found = /next minimum bid is \$([\d,]+\.\d\d)/.exec(text);
  return found ? Math.round(Number(found[1].replace(/,/g, "")) * 100) : undefined;
}
