// Bundles the command-line tools (scripts/*.ts) and the embedded database's thread so that they run with plain
// node, also in the production image where no TypeScript tooling is installed.
import { build } from "esbuild";
import { buildPgliteWorker } from "./pglite-worker-build.mjs";

await build({
  entryPoints: ["scripts/db.ts", "scripts/db-backup.ts"],
  outdir: "build/cli",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});

await buildPgliteWorker("build/pglite-worker.js");
