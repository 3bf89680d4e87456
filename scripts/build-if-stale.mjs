/**
 * `npm start`'s first step: builds the app only when the build is missing or older than what it is made from (the
 * app's code, its configuration, its dependencies), so a second start starts at once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const OUTPUTS = ["build/index.js", "build/cli/db.js", "build/pglite-worker.js", "public/build"];
const SOURCES = ["app", "drizzle", "scripts", "remix.config.js", "tsconfig.json", "package.json", "package-lock.json"];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((latest, name) => Math.max(latest, newest(path.join(entry, name))), stats.mtimeMs);
}

const built = OUTPUTS.every(existsSync) ? Math.min(...OUTPUTS.map((output) => statSync(output).mtimeMs)) : 0;
const changed = Math.max(...SOURCES.map(newest));
if (built > changed) {
  console.log("The build is current: starting from it (npm run build rebuilds).");
} else {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
