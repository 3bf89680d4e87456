/**
 * One person's browser or phone at the rehearsal: its cookies (the session the sign-in flow gave, and whatever the app
 * sets: the toast, the device key), and its requests timed. Without JavaScript a form post is a document post whose
 * redirect the browser follows (the page it leads to is part of the answer); with JavaScript it is Remix's single-fetch
 * post to the route's `.data` address, answered 202/204 for a redirect.
 */
import { performance } from "node:perf_hooks";

export interface Answer {
  status: number;
  /** Where a redirect pointed (the document's Location, or single fetch's redirect in its body). */
  location: string | null;
  text: string;
  ms: number;
}

export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    sessionCookie?: string,
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

  /** One request, its redirect not followed. A network failure answers status 0 with the error as its text. */
  async send(method: "GET" | "POST", address: string, fields?: Record<string, string>): Promise<Answer> {
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
      const response = await fetch(url, { method, headers, body, redirect: "manual" });
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
