// Bundles the command-line tools (scripts/*.ts) and the embedded database's thread so that they run with plain
// node, also in the production image where no TypeScript tooling is installed.
import { build } from "esbuild";
import { buildPgliteWorker, NODE_SCRIPT } from "./pglite-worker-build.mjs";

await build({ ...NODE_SCRIPT, entryPoints: ["scripts/db.ts", "scripts/db-backup.ts"], outdir: "build/cli" });

await buildPgliteWorker("build/pglite-worker.js");
