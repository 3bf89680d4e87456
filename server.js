/**
 * Gavel's HTTP server (`npm run serve`, `npm start`, the Docker image): Express serving the Remix build, as
 * remix-serve does (compression, static files, an access log, reloads under `remix dev`), plus two things
 * remix-serve cannot do (docs/decisions/006-sign-in.md):
 * - every state-changing request sent from another site's page is refused with 403 before the app sees it
 *   (Remix's own guard would answer such a form post with a 500, and leaves data requests unchecked);
 * - loaders and actions learn the client's IP address (context.clientAddress), for per-address sign-in limits.
 * Environment: PORT (default 3000), HOST (default: all interfaces), TRUSTED_PROXIES, and the app's own variables.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";

process.setSourceMapsEnabled(true);

const mode = process.env.NODE_ENV === "development" ? "development" : "production";
const BUILD_PATH = path.resolve("build/index.js");
const VERSION_PATH = path.resolve("build/version.txt");

/** Imports the build; a fresh copy after each rebuild in development (the query defeats the import cache). */
const importBuild = () => import(`${pathToFileURL(BUILD_PATH).href}?t=${statSync(BUILD_PATH).mtimeMs}`);

let build = await importBuild();
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const app = express();
app.disable("x-powered-by");
// 0 trusts no proxy: the client is the socket's peer. n trusts n proxies' X-Forwarded-For, -Proto and -Host.
app.set("trust proxy", build.trustedProxies);

app.use((req, res, next) => {
  for (const [name, value] of build.RESPONSE_HEADERS) res.setHeader(name, value);
  next();
});
app.use((req, res, next) => {
  if (!build.isCrossOriginMutation({ method: req.method, header: (name) => req.get(name) })) return next();
  console.warn(`[security] refused ${req.method} ${req.path}: sent from ${req.get("Origin") ?? "another site"}`);
  res.status(403).type("text/plain").send(build.CROSS_ORIGIN_REFUSAL);
});
// Server-sent events must reach the browser as they are written: compression would hold them in its buffer.
app.use(
  compression({
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  }),
);
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.use(morgan("tiny"));

const getLoadContext = (req) => ({ clientAddress: req.ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "") });

if (mode === "development") {
  // `remix dev --manual` rebuilds into build/ and writes version.txt last: load the new build, then tell it we are ready.
  const { default: chokidar } = await import("chokidar");
  const reload = async () => {
    build = await importBuild();
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

for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close());
