/**
 * Pages that are the same for every visitor without a session, rendered once and served to all for a moment: the
 * bidders' gallery and item pages (/inroombid), which a room of phones opens at once when the auction starts and
 * after every announcement. server.js asks `sharedPages.answer` before the app renders such a page. A render is shared
 * for SHARED_PAGE_MS from the moment it began, so a page is never older than that; what changes after it arrives by
 * the page's live stream, whose snapshot follows every connection. The bytes are gzipped once, and the page's inline
 * scripts are allowed by their hashes instead of a nonce, since a nonce must not be sent twice (security/ui/nonce.tsx).
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

/** How long one render serves: at 500 visitors a second, about 125 of them. */
export const SHARED_PAGE_MS = 250;

/** The pages kept at once, per process (a gallery is about 300 KB of HTML, and a fifth of that gzipped). */
const MAX_PAGES = 50;

/** What server.js knows of a request before the app sees it. */
export interface PageRequest {
  method: string;
  path: string;
  /** The address the app is asked for, with its host (what Remix's request will be). */
  url: string;
  cookie: string | undefined;
}

export interface SharedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  gzipped: Buffer;
}

/** A shared page to send, or the render's own answer (not shareable) to send to the one who asked for it. */
export type PageAnswer = { shared: SharedPage } | { own: Response };

/**
 * The cache key of a page that may be shared, or null. Only /inroombid's gallery and item pages, asked for by a
 * visitor with none of Gavel's cookies: a session makes the page the bidder's own (their paddle, bids and watches), a
 * toast is a message for them alone. A bidder's own page (&view=mine) and Remix's data requests are never shared.
 */
export function sharedPageKey(request: PageRequest): string | null {
  if (request.method !== "GET" || request.path !== "/inroombid") return null;
  if (request.cookie && /(?:^|;)\s*gavel_/.test(request.cookie)) return null;
  const query = new URL(request.url).searchParams;
  if (query.has("_data") || query.get("view") === "mine") return null;
  return request.url;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The page's Content-Security-Policy with its nonce replaced by the hashes of the page's inline scripts (the scripts
 * that carry a `src` are allowed by 'self', as before).
 */
export function policyByHashes(policy: string, html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return policy.replace(/'nonce-[^']*'/, [...hashes].join(" ") || "'none'");
}

/** The rendered answer as a page to share, or null when it is not the same for everyone (or not a page). */
async function shareable(response: Response): Promise<SharedPage | null> {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || response.headers.has("Set-Cookie") || !type.startsWith("text/html")) return null;
  const body = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    headers.push([name, name === "content-security-policy" ? policyByHashes(value, body.toString("utf8")) : value]);
  }
  return { status: response.status, headers, body, gzipped: gzipSync(body) };
}

/**
 * The shared pages of one process: `answer` gives the page for a request (null: not one to share, the app answers
 * as usual). Visitors who ask while a page renders wait for that render rather than start their own.
 */
export function sharedPageCache({ lifetimeMs = SHARED_PAGE_MS, now = Date.now } = {}) {
  const pages = new Map<string, { renderedFrom: number; page: Promise<SharedPage | null> }>();

  const forget = (at: number) => {
    for (const [key, entry] of pages) if (at - entry.renderedFrom >= lifetimeMs) pages.delete(key);
    while (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
  };

  return {
    async answer(request: PageRequest, render: () => Promise<Response>): Promise<PageAnswer | null> {
      const key = sharedPageKey(request);
      if (key === null) return null;
      const at = now();
      const entry = pages.get(key);
      if (entry && at - entry.renderedFrom < lifetimeMs) {
        const page = await entry.page;
        // Not shareable (a 404, a redirect): this visitor's page is rendered for them as usual.
        return page ? { shared: page } : null;
      }
      forget(at);
      const response = render();
      const page = response.then(shareable, () => null);
      pages.set(key, { renderedFrom: at, page });
      const shared = await page;
      // An answer that is not shareable is its renderer's own; it was not read, so it can be sent as it is.
      return shared ? { shared } : { own: await response };
    },
  };
}
