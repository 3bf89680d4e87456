// The bidders' pages one render serves to every visitor without a session for a moment (issue 18, goal 7): which
// requests share a page, its script policy by hashes, and one render per lifetime of the cache.
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { policyByHashes, sharedPageCache, sharedPageKey, type PageRequest } from "~/http/shared-pages";

const gallery = (more: Partial<PageRequest> = {}): PageRequest => ({
  method: "GET",
  path: "/inroombid",
  url: "http://gala.test/inroombid?id=7",
  cookie: undefined,
  ...more,
});

const page = (html: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "object-src 'none'; script-src 'self' 'nonce-abc'",
      ...headers,
    },
  });

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("which pages are shared", () => {
  it("the bidders' gallery and item pages, for a visitor without Gavel's cookies", () => {
    expect(sharedPageKey(gallery())).toBe("http://gala.test/inroombid?id=7");
    expect(sharedPageKey(gallery({ url: "http://gala.test/inroombid?id=7&item=3" }))).not.toBeNull();
    expect(sharedPageKey(gallery({ cookie: "theme=dark" }))).not.toBeNull();
  });

  it("never a signed-in visitor's, a toast's, a bidder's own page, a data request, a post or another path", () => {
    expect(sharedPageKey(gallery({ cookie: "gavel_session=xyz" }))).toBeNull();
    expect(sharedPageKey(gallery({ cookie: "theme=dark; gavel_toast=abc" }))).toBeNull();
    expect(sharedPageKey(gallery({ url: "http://gala.test/inroombid?id=7&view=mine" }))).toBeNull();
    expect(sharedPageKey(gallery({ url: "http://gala.test/inroombid?id=7&_data=routes%2Finroombid" }))).toBeNull();
    expect(sharedPageKey(gallery({ method: "POST" }))).toBeNull();
    expect(sharedPageKey(gallery({ path: "/register", url: "http://gala.test/register?id=7" }))).toBeNull();
  });

  it("keeps pages of different hosts apart", () => {
    expect(sharedPageKey(gallery({ url: "http://other.test/inroombid?id=7" }))).not.toBe(sharedPageKey(gallery()));
  });
});

describe("the shared page's script policy", () => {
  it("allows the page's inline scripts by their hashes instead of the render's nonce", () => {
    const html =
      '<html><script nonce="abc">window.__remixContext = {};</script>' +
      '<script nonce="abc" type="module" async>import "/build/entry.js";</script>' +
      '<script src="/build/manifest.js"></script></html>';
    const policy = policyByHashes("object-src 'none'; script-src 'self' 'nonce-abc'", html);
    expect(policy).toBe(
      `object-src 'none'; script-src 'self' ${sha("window.__remixContext = {};")} ${sha('import "/build/entry.js";')}`,
    );
  });
});

describe("the cache of one process", () => {
  it("renders once for everyone who asks within its lifetime, gzipped once, with the hashes as its policy", async () => {
    let clock = 1_000;
    let renders = 0;
    const cache = sharedPageCache({ lifetimeMs: 250, now: () => clock });
    const render = async () => {
      renders += 1;
      return page(`<p>render ${renders}</p><script nonce="abc">go()</script>`);
    };
    const [first, second] = await Promise.all([cache.answer(gallery(), render), cache.answer(gallery(), render)]);
    expect(renders).toBe(1);
    if (!first || !("shared" in first) || !second || !("shared" in second)) throw new Error("not shared");
    expect(second.shared).toBe(first.shared);
    expect(gunzipSync(first.shared.gzipped).toString()).toContain("render 1");
    expect(Object.fromEntries(first.shared.headers)["content-security-policy"]).toBe(
      `object-src 'none'; script-src 'self' ${sha("go()")}`,
    );

    clock += 249;
    await cache.answer(gallery(), render);
    expect(renders).toBe(1);
    clock += 1;
    const later = await cache.answer(gallery(), render);
    expect(renders).toBe(2);
    expect(later && "shared" in later && later.shared.body.toString()).toContain("render 2");
  });

  it("gives an answer that is not the same for everyone to its renderer only; the others render their own", async () => {
    const cache = sharedPageCache({ lifetimeMs: 250, now: () => 0 });
    const notFound = async () => page("Not in the auction", {}, 404);
    const withCookie = async () => page("<p>hi</p>", { "Set-Cookie": "gavel_toast=1" });
    const first = await cache.answer(gallery(), notFound);
    expect(first && "own" in first && first.own.status).toBe(404);
    expect(await cache.answer(gallery(), notFound)).toBeNull();
    const other = gallery({ url: "http://gala.test/inroombid?id=8" });
    const own = await cache.answer(other, withCookie);
    expect(own && "own" in own && (await own.own.text())).toBe("<p>hi</p>");
  });

  it("answers nothing for a request it does not share, without rendering", async () => {
    const cache = sharedPageCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      return page("x");
    };
    expect(await cache.answer(gallery({ cookie: "gavel_session=1" }), render)).toBeNull();
    expect(renders).toBe(0);
  });
});
