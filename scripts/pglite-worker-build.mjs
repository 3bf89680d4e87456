// Bundles the embedded PGlite's thread (app/pglite-worker.server.ts: app/db/pglite-worker/worker.server.ts and the
// procedures it runs) into one script that plain node starts as a
// worker thread: by `npm run build` into build/pglite-worker.js, and by its tests into a folder of their own.
// Packages stay external: PGlite finds its WebAssembly beside its own module.
import { build } from "esbuild";

/** How a script for plain node is bundled: one ES module, its packages left to node_modules. */
export const NODE_SCRIPT = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
};

/** Writes the worker's script to `outfile`, which must lie where node_modules can be found from it. */
export async function buildPgliteWorker(outfile) {
  await build({ ...NODE_SCRIPT, entryPoints: ["app/pglite-worker.server.ts"], outfile });
}
