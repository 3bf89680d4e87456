// Bundles the command-line tools (scripts/*.ts) so that they run with plain node, also in the
// production image where no TypeScript tooling is installed.
import { build } from "esbuild";

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
