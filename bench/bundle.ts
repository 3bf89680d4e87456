// The JavaScript a page loads (issue 18, goal 7): `npm run bench:bundle` after `npm run build`. Reads the build's
// route manifest (public/build/manifest-*.js, named in build/index.js) and, for each page, the files the browser
// loads before the page runs: the manifest itself, the client entry and its imports, and the module of every route
// from the root down to the page's with their imports, followed through every static import the compiler recorded
// (build/metafile.js.json). Sums their sizes raw and gzipped (level 6, as the server's compression sends them) and
// names the source modules that weigh most (each module's share of its chunk's gzipped size, from the metafile's
// bytes in output). Lazy imports (import()) are listed apart: the page does not wait for them.
//
// Environment (defaults in brackets): BENCH_PAGES [routes/inroombid,routes/register: route ids],
// BENCH_BUNDLE_LIMIT_KB [90: the goal, gzipped], BENCH_BUNDLE_TOP [15: modules named per page].
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { envNumber } from "./support/stats";

const PAGES = (process.env.BENCH_PAGES ?? "routes/inroombid,routes/register").split(",").filter(Boolean);
const LIMIT_KB = envNumber("BENCH_BUNDLE_LIMIT_KB", 90);
const TOP = envNumber("BENCH_BUNDLE_TOP", 15, { whole: true });

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}
interface MetafileOutput {
  bytes: number;
  imports: { path: string; kind: string }[];
  inputs: Record<string, { bytesInOutput: number }>;
}

let serverBuild: string;
try {
  serverBuild = readFileSync("build/index.js", "utf8");
} catch {
  console.error("bench:bundle reads the build: run `npm run build` first.");
  process.exit(2);
}
const manifestUrl = /url: *"(\/build\/manifest-[^"]+\.js)"/.exec(serverBuild)?.[1];
if (!manifestUrl) throw new Error("build/index.js names no manifest");
const manifestSource = readFileSync(`public${manifestUrl}`, "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
const outputs = (
  JSON.parse(readFileSync("build/metafile.js.json", "utf8")) as { outputs: Record<string, MetafileOutput> }
).outputs;

const fileOf = (url: string) => `public${url}`;
const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const bytes = readFileSync(file);
    sizes.set(file, (size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length }));
  }
  return size;
}

/** The files a page loads before it runs, and the lazy ones it may load later. */
function pageFiles(routeId: string) {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = manifest.routes[route.parentId!])
    chain.unshift(route);
  if (chain.length === 0) throw new Error(`no route ${routeId} in the manifest`);
  const loaded = new Set<string>([fileOf(manifestUrl!)]);
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind === "import-statement") visit(imported.path);
      else if (imported.kind === "dynamic-import") lazy.add(imported.path);
    }
  };
  for (const url of [manifest.entry.module, ...manifest.entry.imports]) visit(fileOf(url));
  for (const route of chain) for (const url of [route.module, ...(route.imports ?? [])]) visit(fileOf(url));
  for (const file of loaded) lazy.delete(file);
  return { chain: chain.map((route) => route.id), loaded: [...loaded], lazy: [...lazy] };
}

/** node_modules/<package> or the app's folder: what a module belongs to. */
function owner(input: string) {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (module) return module[1];
  return input.replace(/^[^:]*:/, "").replace(/\/[^/]+$/, "/");
}

/** The packages every page of a React 18 + Remix app loads, whatever the page. */
const FRAMEWORK = /^(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/[a-z-]+|turbo-stream)$/;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let over = 0;
console.log(`Build: manifest ${manifestUrl}; gzip level 6; goal at most ${LIMIT_KB} KB gzipped per page`);
for (const routeId of PAGES) {
  const { chain, loaded, lazy } = pageFiles(routeId);
  const total = { raw: 0, gzip: 0 };
  const byOwner = new Map<string, number>();
  const byModule = new Map<string, number>();
  for (const file of loaded) {
    const size = sizeOf(file);
    total.raw += size.raw;
    total.gzip += size.gzip;
    const output = outputs[file];
    if (!output) continue;
    const inOutput = Object.values(output.inputs).reduce((sum, input) => sum + input.bytesInOutput, 0) || 1;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const share = (bytesInOutput / inOutput) * size.gzip;
      byOwner.set(owner(input), (byOwner.get(owner(input)) ?? 0) + share);
      byModule.set(input, (byModule.get(input) ?? 0) + share);
    }
  }
  const framework = [...byOwner].filter(([name]) => FRAMEWORK.test(name)).reduce((sum, [, bytes]) => sum + bytes, 0);
  const lazyGzip = lazy.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  const met = total.gzip / 1024 <= LIMIT_KB;
  if (!met) over += 1;
  console.log(`\n${routeId} (routes ${chain.join(" > ")}): ${loaded.length} files`);
  console.log(
    `  JavaScript loaded: ${kb(total.raw)} raw, ${kb(total.gzip)} gzipped; ${met ? "met" : "MISSED"} (goal ${LIMIT_KB} KB)`,
  );
  console.log(
    `  of which the manifest ${kb(sizeOf(fileOf(manifestUrl!)).gzip)}, React and Remix themselves (react, react-dom, scheduler, react-router, @remix-run/*, turbo-stream) ${kb(framework)}`,
  );
  console.log(`  lazy imports, not waited for: ${lazy.length} files, ${kb(lazyGzip)} gzipped`);
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, bytes]) => `    ${kb(bytes).padStart(9)}  ${name}`)
      .join("\n");
  console.log(`  heaviest packages and app folders (gzipped share):\n${top(byOwner)}`);
  console.log(`  heaviest modules (gzipped share):\n${top(byModule)}`);
}
process.exit(over === 0 ? 0 : 1);
