/**
 * Gavel's HTTP server (`npm run serve`, `npm start`, the Docker image): Express serving the Remix build, as
 * remix-serve does (compression, static files, an access log, reloads under `remix dev`), plus what
 * remix-serve cannot do (docs/decisions/006-sign-in.md):
 * - every state-changing request sent from another site's page is refused with 403 before the app sees it
 *   (Remix's own guard would answer such a form post with a 500, and leaves data requests unchecked);
 * - loaders and actions learn the client's IP address (context.clientAddress), for per-address sign-in limits;
 * - live streams are counted per client address and per process, and refused past their ceilings (429); a stream the
 *   route opens is written to its socket here, not through Remix's adapter (docs/decisions/044-live-streams-on-the-socket.md);
 * - answers over HTTPS carry HSTS, and their cookies are Secure.
 * - the bidders' pages that are the same for every visitor without a session are rendered once for a moment and sent
 *   already gzipped (app/http/shared-pages.ts).
 * It runs as WEB_CONCURRENCY processes (node:cluster) sharing one port: by default one per core on PostgreSQL, and one
 * on the embedded PGlite, whose database lives inside its process (docs/decisions/028-app-processes.md).
 * Environment: PORT (default 3000), HOST (default: all interfaces), TRUSTED_PROXIES, WEB_CONCURRENCY, and the app's
 * own variables.
 */
import cluster from "node:cluster";
import { readdirSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import {
  broadcastDevReady,
  createRequestHandler as createFetchHandler,
  installGlobals,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

process.setSourceMapsEnabled(true);

const mode = process.env.NODE_ENV === "development" ? "development" : "production";
const BUILD_PATH = path.resolve("build/index.js");
const VERSION_PATH = path.resolve("build/version.txt");

/** Imports the build; a fresh copy after each rebuild in development (the query defeats the import cache). */
/** The client's IP address as Express sees it through TRUSTED_PROXIES proxies, IPv4 without its IPv6 wrapping. */
const clientAddress = (req) => req.ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");

const importBuild = () => import(`${pathToFileURL(BUILD_PATH).href}?t=${statSync(BUILD_PATH).mtimeMs}`);

/**
 * How many processes serve: WEB_CONCURRENCY when set; otherwise one per core on PostgreSQL, where the realtime bus,
 * the closing scheduler and the outbox already span processes, and one on the embedded PGlite or under `remix dev`.
 */
function processCount() {
  const configured = process.env.WEB_CONCURRENCY?.trim();
  const embedded = !process.env.DATABASE_URL;
  if (configured) {
    const count = Number(configured);
    if (!Number.isInteger(count) || count < 1 || count > 64) {
      console.error(`Configuration error: WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${configured}").`);
      process.exit(1);
    }
    if (count > 1 && embedded) {
      console.error(
        "Configuration error: WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process.",
      );
      process.exit(1);
    }
    return count;
  }
  return embedded || mode === "development" ? 1 : availableParallelism();
}

/** A worker that dies after serving is replaced; one that dies before it ever listened stops the server. */
function runPrimary(count) {
  const listened = new Set();
  let stopping = false;
  const running = () => Object.keys(cluster.workers ?? {}).length;
  const stopAll = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  console.log(`[gavel] starting ${count} processes`);
  cluster.on("listening", (worker) => listened.add(worker.id));
  cluster.on("exit", (worker, code, signal) => {
    if (!stopping && !listened.has(worker.id)) {
      // Start-up failed (bad configuration, no database): starting it again would fail again, in a loop.
      console.error(`[gavel] a process failed to start (${signal ?? `exit ${code}`}): stopping.`);
      process.exitCode = code || 1;
      stopAll("SIGTERM");
    } else if (!stopping) {
      console.error(`[gavel] process ${worker.process.pid} ended (${signal ?? `exit ${code}`}): starting another.`);
      cluster.fork();
    }
    if (stopping && running() === 0) process.exit();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => stopAll(signal));
  for (let index = 0; index < count; index += 1) cluster.fork();
}

const processes = processCount();
if (cluster.isPrimary && processes > 1) runPrimary(processes);
else await serve();

async function serve() {
  let build = await importBuild();
  // A terminal's Ctrl+C reaches every process of the group and the primary passes it on too: the second signal
  // must not cut short the shutdown the build's own handler began (app/startup.server.ts).
  if (cluster.isWorker) for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => {});
  installGlobals({ nativeFetch: build.future.v3_singleFetch });

  const app = express();
  app.disable("x-powered-by");
  // 0 trusts no proxy: the client is the socket's peer. n trusts n proxies' X-Forwarded-For, -Proto and -Host.
  app.set("trust proxy", build.trustedProxies);

  app.use((req, res, next) => {
    for (const [name, value] of build.RESPONSE_HEADERS) res.setHeader(name, value);
    next();
  });
  // Over HTTPS (as TRUSTED_PROXIES lets Express see it), browsers are told to keep to HTTPS and every cookie the
  // answer sets is Secure, whoever set it (app/security/https.ts).
  app.use((req, res, next) => {
    if (!req.secure) return next();
    res.setHeader("Strict-Transport-Security", build.STRICT_TRANSPORT_SECURITY);
    const writeHead = res.writeHead;
    res.writeHead = function writeSecureHead(...args) {
      const cookies = res.getHeader("Set-Cookie");
      if (cookies !== undefined) res.setHeader("Set-Cookie", build.withSecureAttribute(cookies));
      return writeHead.apply(this, args);
    };
    next();
  });
  app.use((req, res, next) => {
    if (!build.isCrossOriginMutation({ method: req.method, header: (name) => req.get(name) })) {
      // Passed as our own page's (Sec-Fetch-Site: same-origin) with "Origin: null", as a page with a no-referrer
      // policy sends it: Remix's own check would compare "null" with the host and answer 500, so it is dropped.
      if (req.get("Origin") === "null") delete req.headers.origin;
      return next();
    }
    console.warn(`[security] refused ${req.method} ${req.path}: sent from ${req.get("Origin") ?? "another site"}`);
    res.status(403).type("text/plain").send(build.CROSS_ORIGIN_REFUSAL);
  });
  // A NUL character in the address reaches no route (app/security/address-check.ts).
  app.use((req, res, next) => {
    if (!build.hasNulInAddress(req.originalUrl)) return next();
    res.status(400).type("text/plain").send(build.NUL_IN_ADDRESS_REFUSAL);
  });
  // A body too large for its route is refused on its headers, before anything reads it (app/security/body-limit.ts).
  app.use((req, res, next) => {
    const refusal = build.refuseBody({
      method: req.method,
      path: req.path,
      contentLength: req.get("Content-Length"),
      transferEncoding: req.get("Transfer-Encoding"),
    });
    if (!refusal) return next();
    res.status(refusal.status).set("Connection", "close").type("text/plain").send(refusal.message);
  });
  // Live streams are counted per client address and per process (app/security/stream-limit.ts); the count is
  // returned when the connection closes, however it ends.
  app.use((req, res, next) => {
    const admission = build.liveStreams.admit({ method: req.method, path: req.path, address: clientAddress(req) });
    if (admission === null) return next();
    if ("status" in admission) {
      return res.status(admission.status).set("Retry-After", "5").type("text/plain").send(admission.message);
    }
    res.once("close", admission.release);
    next();
  });
  const getLoadContext = (req) => ({ clientAddress: clientAddress(req) });
  let handleFetch = createFetchHandler(build, mode);

  // A live stream's route decides who may follow what; the stream it opens is then written to the socket here, so that
  // an open stream holds no Fetch Request, Response or ReadableStream (docs/decisions/044-live-streams-on-the-socket.md).
  // Ahead of compression, which would hold the events in its buffer, and of the access log.
  app.use((req, res, next) => {
    if (!build.isStreamRequest({ method: req.method, path: req.path })) return next();
    serveLiveStream(req, res).catch(next);
  });

  async function serveLiveStream(req, res) {
    let abort = new AbortController();
    res.once("close", () => abort?.abort());
    const request = new Request(remixUrl(req), { headers: requestHeaders(req), signal: abort.signal });
    const response = await handleFetch(request, getLoadContext(req));
    const source = build.claimLiveStream(response);
    if (!source) {
      // Anything else the route answers (a refusal, a stream of its own) goes out as Remix's adapter sends it.
      writeHead(res, response);
      if (!response.body) return res.end();
      return writeReadableStreamToWritable(response.body, res);
    }
    abort = null;
    // The client left while the route decided: nothing to start.
    if (!res.socket || res.socket.destroyed) return;
    // What Express keeps of the request for its own routing (its router's place, the parsed address and query) would
    // be kept for as long as the stream lasts: hours, thousands of times over.
    req.next = req._parsedUrl = req.query = req.params = undefined;
    writeHead(res, response);
    res.flushHeaders();
    const write = (head, tail) => {
      if (!tail) return res.write(head);
      // One chunk on the wire, the shared tail written as it is.
      res.cork();
      res.write(head);
      res.write(tail);
      res.uncork();
    };
    const stop = source({ write, end: () => res.end() });
    res.once("close", stop);
  }

  // Not live streams, nor the small answers to posts made in place (app/http/compression-rule.ts).
  app.use(
    compression({
      filter: (req, res) =>
        build.mayCompress({ method: req.method, path: req.path }, String(res.getHeader("Content-Type") ?? "")) &&
        compression.filter(req, res),
    }),
  );
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  // public/'s own files (the favicon, the icons, the stations' worker and manifest, the demo's pictures): only addresses
  // under its entries reach express.static, which would otherwise look on disk for every page's address (a stat in
  // Node's thread pool for each GET, 8% of a bare request's CPU under load; docs/benchmarks.md, "The stack's floor").
  const publicEntries = new Set(readdirSync("public"));
  const servePublic = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]) ? servePublic(req, res, next) : next()));
  // The access log, as morgan's "tiny" format but with the secrets in links redacted (/invoice?t=[redacted]): some
  // links are credentials (app/security/log-redaction.ts).
  morgan.token("redacted-url", (req) => build.redactAddress(req.originalUrl || req.url));
  app.use(morgan(":method :redacted-url :status :res[content-length] - :response-time ms"));

  // The demo sandbox's card pages, at the app's own origin while the sandbox runs (docs/decisions/037-demo-sandbox.md).
  app.use(build.SANDBOX_PAGES_PATH, (req, res, next) => build.demoSandboxPage(req, res, next));

  // The bidders' pages that are the same for every visitor without a session: one render serves them all for a
  // moment, sent already gzipped (app/http/shared-pages.ts). Not under `remix dev`, whose builds change.
  if (mode === "production") {
    app.get("/inroombid", (req, res, next) => {
      const url = remixUrl(req);
      const request = { method: req.method, path: req.path, url, cookie: req.get("Cookie") };
      const render = () => handleFetch(new Request(url, { headers: requestHeaders(req) }), getLoadContext(req));
      build.sharedPages
        .answer(request, render)
        .then(async (answer) => {
          if (answer === null) return next();
          if ("own" in answer) return sendResponse(res, answer.own);
          const { status, headers, body, gzipped } = answer.shared;
          for (const [name, value] of headers) res.setHeader(name, value);
          res.setHeader("Vary", "Accept-Encoding");
          const gzip = /\bgzip\b/.test(req.get("Accept-Encoding") ?? "");
          if (gzip) res.setHeader("Content-Encoding", "gzip");
          const bytes = gzip ? gzipped : body;
          res.status(status).setHeader("Content-Length", bytes.length);
          res.end(bytes);
        })
        .catch(next);
    });
  }

  if (mode === "development") {
    // `remix dev --manual` rebuilds into build/ and writes version.txt last: load the new build, then tell it we are ready.
    const { default: chokidar } = await import("chokidar");
    const reload = async () => {
      build = await importBuild();
      handleFetch = createFetchHandler(build, mode);
      await broadcastDevReady(build);
    };
    chokidar.watch(VERSION_PATH, { ignoreInitial: true }).on("add", reload).on("change", reload);
    app.all("*", (req, res, next) => createRequestHandler({ build, mode, getLoadContext })(req, res, next));
  } else {
    app.all("*", createRequestHandler({ build, mode, getLoadContext }));
  }

  const port = Number(process.env.PORT || 3000);
  const onListen = () => {
    console.log(`[gavel] listening on http://${process.env.HOST || "localhost"}:${port}`);
    if (mode === "development") void broadcastDevReady(build);
  };
  const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
  // A slow client (slow loris) holds a connection only so long: 20 s to send its headers, 120 s for its whole request
  // (room for a 64 MB upload over a venue's Wi-Fi). Answers, live streams included, are not limited.
  server.headersTimeout = 20_000;
  server.requestTimeout = 120_000;

  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close());
}

/** The address Remix's adapter gives a request (@remix-run/express): the host as "trust proxy" allows, with its port. */
function remixUrl(req) {
  const port = [req.get("X-Forwarded-Host"), req.get("host")]
    .map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10))
    .find(Number.isSafeInteger);
  return `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/** A request's headers as the Fetch API takes them (Node gives a repeated header as an array). */
function requestHeaders(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) headers.append(name, one);
  }
  return headers;
}

/** A Fetch Response's status and headers, set on Express's response. */
function writeHead(res, response) {
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.append(name, value);
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
}

/** Sends a Fetch Response (a page rendered for one visitor) through Express. */
async function sendResponse(res, response) {
  writeHead(res, response);
  res.end(Buffer.from(await response.arrayBuffer()));
}
