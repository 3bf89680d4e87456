// A folder's components live in its ui/ subfolder; its root holds server and client-safe logic only (issue 39,
// item 4; docs/architecture.md, "The floors of app/"). The root of app/ keeps its own: root.tsx and entry.*.tsx.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const APP = join(__dirname, "../../app");

/** Folders whose root may hold .tsx: routes are components by nature, and ui/ is the shared components' floor. */
const COMPONENT_FOLDERS = new Set(["routes", "ui"]);

it("no .tsx at the root of a folder of app/ other than routes/ and ui/", () => {
  const found = readdirSync(APP, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !COMPONENT_FOLDERS.has(entry.name))
    .flatMap((folder) =>
      readdirSync(join(APP, folder.name))
        .filter((name) => name.endsWith(".tsx"))
        .map((name) => `app/${folder.name}/${name}`),
    );
  expect(found, "move each into its folder's ui/ (a widget several folders use: app/ui/)").toEqual([]);
});
