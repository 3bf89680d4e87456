/**
 * One person's browser or phone at the rehearsal: its cookies (the session the sign-in flow gave, and whatever the app
 * sets: the toast, the device key), and its requests timed. Without JavaScript a form post is a document post whose
 * redirect the browser follows (the page it leads to is part of the answer); with JavaScript it is Remix's single-fetch
 * post to the route's `.data` address, answered 202/204 for a redirect.
 */
import { performance } from "node:perf_hooks";
import { sleep } from "../support/stats";

export interface Answer {
  status: number;
  /** Where a redirect pointed (the document's Location, or single fetch's redirect in its body). */
  location: string | null;
  text: string;
  ms: number;
}

/**
 * How a person answers a failure under --chaos: a request that got no answer (the process died, the network dropped)
 * or a server error is sent again, the same form with the same idempotency key, as the app's pages and the desk do,
 * until `retryForMs` has passed. Each failed try is noted (its time is the tally's); the answer's time is the whole wait.
 */
export interface Retrying {
  retryForMs: number;
  failed(kind: string, example: string): void;
}

const GIVE_UP_AFTER_MS = 60_000;

export class Browser {
  private readonly cookies = new Map<string, string>();
  /** Until then (performance.now()) the phone has no network: each request is cut mid-way (--chaos). */
  offlineUntil = 0;

  constructor(
    readonly base: string,
    sessionCookie?: string,
    private readonly retrying?: Retrying,
  ) {
    if (sessionCookie) this.keep(sessionCookie);
  }

  private keep(cookie: string) {
    const [pair] = cookie.split(";");
    const at = pair.indexOf("=");
    if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /**
   * One request, its redirect not followed (tried again under --chaos, see Retrying). A network failure answers status
   * 0 with the error as its text.
   */
  async send(method: "GET" | "POST", address: string, fields?: Record<string, string>): Promise<Answer> {
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      const answer = await this.sendOnce(method, address, fields);
      const failed = answer.status === 0 || answer.status >= 500;
      if (!failed || !this.retrying || performance.now() - started > this.retrying.retryForMs)
        return { ...answer, ms: performance.now() - started };
      this.retrying.failed(
        `${method} ${new URL(address, this.base).pathname}: ${answer.status || "no answer"}`,
        answer.text,
      );
      await sleep(Math.min(2_000, 250 * attempt));
    }
  }

  private async sendOnce(method: "GET" | "POST", address: string, fields?: Record<string, string>): Promise<Answer> {
    const started = performance.now();
    const url = new URL(address, this.base);
    const headers: Record<string, string> = { Cookie: this.cookieHeader() };
    let body: string | undefined;
    if (fields) {
      body = new URLSearchParams(fields).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      // The app refuses a post from another origin; a page's own forms post from the page's.
      headers.Origin = url.origin;
    }
    try {
      // Without a network the request leaves and is cut a few milliseconds later: the server may have it or not. An
      // answer that never comes (a connection left hanging by a fault) is given up after a minute, as a person would.
      const signal = AbortSignal.timeout(
        performance.now() < this.offlineUntil ? 2 + Math.floor(Math.random() * 20) : GIVE_UP_AFTER_MS,
      );
      const response = await fetch(url, { method, headers, body, redirect: "manual", signal });
      for (const cookie of response.headers.getSetCookie()) this.keep(cookie);
      const text = await response.text();
      return { status: response.status, location: locationOf(response, text), text, ms: performance.now() - started };
    } catch (error) {
      return { status: 0, location: null, text: String(error), ms: performance.now() - started };
    }
  }

  get(address: string) {
    return this.send("GET", address);
  }

  /**
   * A form post as a browser without JavaScript sends it: a redirect is followed to the page it leads to (once), and
   * the time is the post's and that page's together.
   */
  async postDocument(address: string, fields: Record<string, string>): Promise<Answer> {
    const posted = await this.send("POST", address, fields);
    if (posted.status < 300 || posted.status >= 400 || !posted.location) return posted;
    // Another site (the payment provider's page) is not followed here: the caller goes there itself.
    if (new URL(posted.location, this.base).origin !== new URL(this.base).origin) return posted;
    const page = await this.get(posted.location);
    return { ...posted, ms: posted.ms + page.ms, text: page.text };
  }

  /** A form post as the JavaScript page sends it: single fetch, to the route's `.data` address. */
  postData(address: string, fields: Record<string, string>): Promise<Answer> {
    const url = new URL(address, this.base);
    url.pathname = `${url.pathname === "/" ? "/_root" : url.pathname}.data`;
    return this.send("POST", url.pathname + url.search, fields);
  }
}

/** A document's Location, or the redirect single fetch writes into a 202's body (["SingleFetchRedirect", …]). */
function locationOf(response: Response, text: string): string | null {
  const header = response.headers.get("location");
  if (header) return header;
  if (response.status !== 202) return null;
  const found = /"redirect",\s*"([^"]+)"/.exec(text);
  return found ? found[1] : null;
}
