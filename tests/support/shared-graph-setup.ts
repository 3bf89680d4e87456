// For test files that share one module graph (vitest.config.ts): the app's configuration, read once when an
// earlier file first loaded it, is read again from this file's environment (which the file may have set before its
// tests, as a server's would be before it starts), and the environment is put back afterwards so that the next file
// starts from the project's own. Files that replace a module with a mock still run in a process of their own
// (tests/support/own-process-files.ts).
import { afterAll, beforeAll, vi } from "vitest";
import { config, readConfig, type Config } from "~/config.server";

const projectEnvironment = { ...process.env };

function readConfigAgain() {
  const fresh: Partial<Config> = readConfig(process.env);
  for (const key of Object.keys(config) as (keyof Config)[]) if (!(key in fresh)) delete config[key];
  Object.assign(config, fresh);
}

// Before the file's tests and after its imports, which is when a file's hoisted code sets its variables.
beforeAll(readConfigAgain);

afterAll(() => {
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in projectEnvironment)) delete process.env[name];
  Object.assign(process.env, projectEnvironment);
  readConfigAgain();
});
