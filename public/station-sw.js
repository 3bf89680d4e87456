/**
 * Gavel's staff stations offline (docs/decisions/041-offline-stations.md). This worker only keeps what a station
 * needs to open again without a network: the station pages themselves (the door, the live clerk, the paddle-raise
 * console, the cash desk) and the app's built scripts and styles. Every other request goes to the network untouched:
 * a page's data (….data) too, since an answer made up here would break the page where a plain failure does not, and
 * every post, since actions are the page's queue's job (IndexedDB), never this worker's.
 */
const CACHE = "gavel-stations-v1";
const STATION_PATHS = ["/admin/registration/checkinout", "/live", "/admin/bids/paddleraises", "/admin/billing/winners"];

const isStationPath = (pathname) => STATION_PATHS.includes(pathname);

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Built files have their content's hash in their names: a cached one is never stale.
  if (url.pathname.startsWith("/build/")) event.respondWith(cacheFirst(request));
  else if (request.mode === "navigate" && isStationPath(url.pathname)) event.respondWith(networkFirst(request));
});

// The page asks for its own address to be kept: the first visit, before this worker controlled it, and now and then
// after, so a station opened again offline shows a recent list.
self.addEventListener("message", (event) => {
  const url = event.data && event.data.type === "keep-page" ? new URL(event.data.url) : null;
  if (url && url.origin === self.location.origin && isStationPath(url.pathname))
    event.waitUntil(networkFirst(new Request(url.href, { credentials: "same-origin" })).catch(() => undefined));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  let answer;
  try {
    answer = await fetch(request);
  } catch {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    return offlinePage();
  }
  // A station's page kept only while it is the station (a redirect means signed out or no longer allowed).
  if (answer.ok && !answer.redirected) {
    await cache.put(request, answer.clone());
    await dropUnnamedBuildFiles(cache);
  } else await cache.delete(request);
  return answer;
}

/** A built file's address as pages, scripts and styles name it (`/build/…`, up to a quote, space or parenthesis). */
const BUILD_FILE = /\/build\/[^"'`\s)]+/g;
/** A built file a page loads: its scripts, module preloads and styles. */
const LOADED_FILE = /(?:src|href)="(\/build\/[^"]+)"/g;

/**
 * Each new build of the app brings built files of new names, and the ones of the builds before stay in the cache
 * until dropped: once a page is kept, every built file that no kept page names, directly or through the kept files
 * it names (a script's later import, such as the QR reader's, a style's font), goes. Not before every file the pages
 * load is kept: until a page has loaded under this worker, what its scripts import is not known.
 */
async function dropUnnamedBuildFiles(cache) {
  const kept = new Map((await cache.keys()).map((request) => [new URL(request.url).pathname, request]));
  const pages = await Promise.all(
    [...kept.keys()].filter((path) => !path.startsWith("/build/")).map((path) => textOf(cache, kept.get(path))),
  );
  const loaded = pages.flatMap((page) => [...page.matchAll(LOADED_FILE)].map(([, path]) => path));
  if (loaded.some((path) => !kept.has(path))) return;
  const named = new Set(pages.flatMap(namesIn));
  const toRead = [...named].filter((path) => kept.has(path) && isScriptOrStyle(path));
  while (toRead.length > 0) {
    for (const path of namesIn(await textOf(cache, kept.get(toRead.pop())))) {
      if (named.has(path)) continue;
      named.add(path);
      if (kept.has(path) && isScriptOrStyle(path)) toRead.push(path);
    }
  }
  for (const [path, request] of kept) if (path.startsWith("/build/") && !named.has(path)) await cache.delete(request);
}

const isScriptOrStyle = (path) => /\.(js|css)$/.test(path);

const namesIn = (text) => [...text.matchAll(BUILD_FILE)].map(([path]) => path);

async function textOf(cache, request) {
  const answer = await cache.match(request, { ignoreVary: true });
  return answer ? await answer.text() : "";
}

function offlinePage() {
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
      "<title>Offline · Gavel</title><body style='font:1.125rem system-ui;margin:2rem;max-width:36rem'>" +
      "<h1>This station is not on this device yet</h1><p>The network is down, and this page was never opened here " +
      "while online. Open it once with a network, and it will open offline from then on.</p>",
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } },
  );
}
