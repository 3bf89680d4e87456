// Which integration test files need a process of their own. The rest share one module graph per worker
// (docs/testing.md, "One module graph per worker"): loading the app costs a file about as much as its tests, and
// shared, it is paid once per worker instead of once per file. Each file still gets a fresh database
// (database-setup.ts) and its own environment and configuration (shared-graph-setup.ts). A file that replaces a
// module with a mock cannot share: the module it mocks is already loaded, real, by an earlier file, and its mock
// would reach the files after it. Read from the files themselves, so that a new test that mocks is isolated
// without anyone remembering to list it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const REPLACES_A_MODULE_OR_GLOBAL = /vi\.(mock|doMock|stubGlobal)\(/;

export function filesNeedingTheirOwnProcess(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => path.join(folder, file))
    .filter((file) => REPLACES_A_MODULE_OR_GLOBAL.test(readFileSync(file, "utf8")));
}
